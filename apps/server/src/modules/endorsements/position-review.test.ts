import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { activityLog, positionHolders } from '../../db/schema/index';
import { signInAs } from '../../../test/auth-helpers';
import { TEST_ORIGIN, useTestApp } from '../../../test/build-test-app';
import {
  createOrgUnit,
  createPosition,
  createPositionHolder,
  createStudent,
  createUser,
} from '../../../test/factories';
import { ledgerMoney } from '../../../test/ledger-money';

const MISSING_ID = '6f1d2c3b-4a59-4e8f-9d7c-0b1a2c3d4e5f';
const FULL = 'This position is full for that tenure: every seat has an active holder.';
const OWN_RECORD = 'Your own record is reviewed by another official.';
const OTHER_CLUB =
  "A club coordinator verifies only records tied to their own club (its events and positions); this one goes to the council's general secretary or the president.";
const REASON_REQUIRED = 'Please give a reason for declining.';
const ALREADY_VERIFIED = 'This record was already verified by another official.';
const ROUNDS = 4;

type Role = 'GENSEC_SCITECH' | 'GENSEC_CULTURAL' | 'PRESIDENT' | 'CLUB_COORDINATOR';

describe('position records awaiting verification on the endorsement panel', () => {
  const ctx = useTestApp();
  const get = (url: string, cookie?: string) =>
    ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const post = (url: string, cookie?: string, payload?: object) =>
    ctx.app.inject({
      method: 'POST',
      url,
      ...(payload ? { payload } : {}),
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    });
  const as = async (role: Role, clubUnitId?: string) => {
    const user = await createUser(ctx.db, {
      role,
      name: `${role} Official`,
      ...(clubUnitId ? { clubUnitId } : {}),
    });
    return { user, cookie: await signInAs(ctx, user) };
  };
  const student = async () => {
    const { user } = await createStudent(ctx.db, { name: 'Asha Verma' });
    return { user, cookie: await signInAs(ctx, user) };
  };
  /** A student's own claim of a position, as the '+ Add a Position' modal records it. */
  const declared = async (
    positionId: string,
    overrides: Partial<typeof positionHolders.$inferInsert> = {},
  ) =>
    createPositionHolder(ctx.db, {
      positionId,
      status: 'active',
      verification: 'self_declared',
      ...overrides,
    });
  /** A position anyone meets (no CGPA, year or skill needed), so only the seats decide. */
  const openPosition = (overrides: Parameters<typeof createPosition>[1] = {}) =>
    createPosition(ctx.db, { skillsRequired: [], ...overrides });
  const stateOf = async (id: string) =>
    (await ctx.db.select().from(positionHolders).where(eq(positionHolders.id, id)))[0]!;

  beforeEach(async () => {
    await ctx.db.delete(activityLog);
    await ctx.db.delete(positionHolders);
  });

  describe('access', () => {
    const routes = [
      ['GET', '/api/endorsements/positions'],
      ['POST', `/api/endorsements/positions/${MISSING_ID}/verify`],
      ['POST', `/api/endorsements/positions/${MISSING_ID}/decline`],
    ] as const;
    const call = (method: 'GET' | 'POST', url: string, cookie?: string) =>
      method === 'GET'
        ? get(url, cookie)
        : post(url, cookie, url.endsWith('/decline') ? { reason: 'No such post.' } : undefined);

    it.each(routes)('%s %s asks a signed-out visitor to sign in', async (method, url) => {
      expect((await call(method, url)).statusCode).toBe(401);
    });

    it.each(routes)('%s %s is refused to a student', async (method, url) => {
      const { cookie } = await student();
      const response = await call(method, url, cookie);
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('FORBIDDEN');
    });

    it('refuses a student verifying a real record and changes nothing', async () => {
      const { cookie } = await student();
      const record = await declared((await openPosition()).id);
      expect((await post(`/api/endorsements/positions/${record.id}/verify`, cookie)).statusCode).toBe(
        403,
      );
      expect((await stateOf(record.id)).verification).toBe('self_declared');
    });
  });

  describe('the list', () => {
    it('shows every self-declared record to a general secretary and the president, oldest first, with the student, position, unit and metrics', async () => {
      // A club of the cultural council: its general secretary and the president review it.
      const unit = await createOrgUnit(ctx.db, { name: 'Dance Club', category: 'cultural' });
      const position = await openPosition({ unitId: unit.id, title: 'Choreographer' });
      // The budget shown is what the ledger paid for the club in the tenure.
      const spent = { unitId: unit.id, tenureYear: '2024-2025', allocated: 900, paid: 820.75 };
      await ledgerMoney(ctx.db, spent);
      const owner = (await createStudent(ctx.db, { name: 'Kiran Rao', studentId: '12340077' })).user;
      const older = await declared(position.id, {
        userId: owner.id,
        tenureYear: '2024-2025',
        status: 'completed',
        eventsOrganized: 3,
        feedback: 'Ran the fest.',
        createdAt: new Date(Date.now() - 60_000),
      });
      const newer = await declared((await openPosition({ unitId: unit.id })).id);
      await createPositionHolder(ctx.db, { positionId: position.id }); // verified: not listed
      for (const role of ['GENSEC_CULTURAL', 'PRESIDENT'] as const) {
        const response = await get('/api/endorsements/positions', (await as(role)).cookie);
        expect(response.statusCode).toBe(200);
        const body = response.json();
        expect([body.total, body.items.length]).toEqual([2, 2]);
        expect(body.items.map((item: { id: string }) => item.id)).toEqual([older.id, newer.id]);
        expect(body.items[0]).toMatchObject({
          porCode: older.porCode,
          student: { name: 'Kiran Rao', studentId: '12340077' },
          position: { title: 'Choreographer', unit: { name: 'Dance Club' } },
          tenureYear: '2024-2025',
          status: 'completed',
          metrics: { eventsOrganized: 3, budgetUtilized: 820.75, feedback: 'Ran the fest.' },
        });
      }
    });

    it("leaves out the reviewer's own record, and shows a coordinator only their club's positions", async () => {
      const club = await createOrgUnit(ctx.db);
      const coordinator = await as('CLUB_COORDINATOR', club.id);
      const ours = await declared((await openPosition({ unitId: club.id })).id);
      await declared((await openPosition()).id);
      await declared((await openPosition({ unitId: club.id })).id, { userId: coordinator.user.id });
      const body = (await get('/api/endorsements/positions', coordinator.cookie)).json();
      expect(body.items.map((item: { id: string }) => item.id)).toEqual([ours.id]);
      expect(body.total).toBe(1);
    });

    it('shows a coordinator whose account has no club nothing', async () => {
      await declared((await openPosition()).id);
      const { cookie } = await as('CLUB_COORDINATOR');
      expect((await get('/api/endorsements/positions', cookie)).json()).toMatchObject({
        items: [],
        total: 0,
      });
    });
  });

  describe('verifying', () => {
    it('verifies a record, records who and when, writes the cosa activity line, and a second verification hears it was already done', async () => {
      const { user, cookie } = await as('GENSEC_SCITECH');
      const record = await declared((await openPosition()).id);
      const response = await post(`/api/endorsements/positions/${record.id}/verify`, cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        id: record.id,
        status: 'verified',
        by: { name: 'GENSEC_SCITECH Official' },
        alreadyDone: false,
      });
      const after = await stateOf(record.id);
      expect(after).toMatchObject({ verification: 'verified', verifiedBy: user.id });
      expect(after.verifiedAt).toBeInstanceOf(Date);
      const log = await ctx.db.select().from(activityLog).where(eq(activityLog.subjectId, record.id));
      expect(log).toHaveLength(1);
      expect(log[0]).toMatchObject({ type: 'cosa', actorId: user.id });
      const again = await post(`/api/endorsements/positions/${record.id}/verify`, cookie);
      expect(again.json()).toMatchObject({ status: 'verified', alreadyDone: true });
      expect(
        await ctx.db.select().from(activityLog).where(eq(activityLog.subjectId, record.id)),
      ).toHaveLength(1);
    });

    it('refuses with 409 when the position is full, and verifies a completed record (which takes no seat) anyway', async () => {
      const { cookie } = await as('PRESIDENT');
      const position = await openPosition({ positionCount: 1 });
      await createPositionHolder(ctx.db, { positionId: position.id, status: 'active' });
      const active = await declared(position.id);
      const refused = await post(`/api/endorsements/positions/${active.id}/verify`, cookie);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.message).toBe(FULL);
      expect((await stateOf(active.id)).verification).toBe('self_declared');
      const past = await declared(position.id, { status: 'completed' });
      expect((await post(`/api/endorsements/positions/${past.id}/verify`, cookie)).statusCode).toBe(200);
    });

    it("refuses the reviewer's own record, another club's record for a coordinator, and a missing one", async () => {
      const club = await createOrgUnit(ctx.db);
      const coordinator = await as('CLUB_COORDINATOR', club.id);
      const own = await declared((await openPosition({ unitId: club.id })).id, {
        userId: coordinator.user.id,
      });
      const elsewhere = await declared((await openPosition()).id);
      const ownResponse = await post(`/api/endorsements/positions/${own.id}/verify`, coordinator.cookie);
      expect(ownResponse.statusCode).toBe(403);
      expect(ownResponse.json().error.message).toBe(OWN_RECORD);
      const other = await post(`/api/endorsements/positions/${elsewhere.id}/verify`, coordinator.cookie);
      expect(other.statusCode).toBe(403);
      expect(other.json().error.message).toBe(OTHER_CLUB);
      expect(
        (
          await post(`/api/endorsements/positions/${elsewhere.id}/decline`, coordinator.cookie, {
            reason: 'Not ours.',
          })
        ).statusCode,
      ).toBe(403);
      expect((await stateOf(elsewhere.id)).verification).toBe('self_declared');
      expect(
        (await post(`/api/endorsements/positions/${MISSING_ID}/verify`, coordinator.cookie)).statusCode,
      ).toBe(404);
      const ours = await declared((await openPosition({ unitId: club.id })).id);
      expect(
        (await post(`/api/endorsements/positions/${ours.id}/verify`, coordinator.cookie)).statusCode,
      ).toBe(200);
    });
  });

  describe('declining', () => {
    it('needs a reason of 1 to 500 characters', async () => {
      const { cookie } = await as('PRESIDENT');
      const record = await declared((await openPosition()).id);
      for (const payload of [{}, { reason: '   ' }]) {
        const response = await post(`/api/endorsements/positions/${record.id}/decline`, cookie, payload);
        expect(response.statusCode).toBe(400);
        expect(response.json().error.fields.reason).toBe(REASON_REQUIRED);
      }
      expect(
        (
          await post(`/api/endorsements/positions/${record.id}/decline`, cookie, {
            reason: 'x'.repeat(501),
          })
        ).statusCode,
      ).toBe(400);
    });

    it('declines with the reason the student then sees on their own list; a verified record stays verified (409)', async () => {
      const { user, cookie } = await as('GENSEC_CULTURAL');
      const owner = await student();
      const dance = await createOrgUnit(ctx.db, { category: 'cultural' });
      const record = await declared((await openPosition({ unitId: dance.id })).id, {
        userId: owner.user.id,
      });
      const response = await post(`/api/endorsements/positions/${record.id}/decline`, cookie, {
        reason: '  No such post in 2024.  ',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ status: 'declined', alreadyDone: false });
      expect(await stateOf(record.id)).toMatchObject({
        verification: 'declined',
        declinedBy: user.id,
        declineReason: 'No such post in 2024.',
      });
      const mine = (await get('/api/me/positions', owner.cookie)).json();
      expect(mine.items[0]).toMatchObject({
        verification: 'declined',
        declineReason: 'No such post in 2024.',
      });
      const log = await ctx.db.select().from(activityLog).where(eq(activityLog.subjectId, record.id));
      expect(log.map((line) => line.type)).toEqual(['cosa']);

      const verified = await declared((await openPosition({ unitId: dance.id })).id);
      await post(`/api/endorsements/positions/${verified.id}/verify`, cookie);
      const late = await post(`/api/endorsements/positions/${verified.id}/decline`, cookie, {
        reason: 'Too late.',
      });
      expect(late.statusCode).toBe(409);
      expect(late.json().error.message).toBe(ALREADY_VERIFIED);
    });
  });

  describe('at the same moment', () => {
    it('two verifications of two records of a position with one seat: exactly one succeeds, the other hears the position is full', async () => {
      const secretary = await as('GENSEC_SCITECH');
      const president = await as('PRESIDENT');
      for (let round = 0; round < ROUNDS; round += 1) {
        const position = await openPosition({ positionCount: 1 });
        const [first, second] = [await declared(position.id), await declared(position.id)];
        const responses = await Promise.all([
          post(`/api/endorsements/positions/${first.id}/verify`, secretary.cookie),
          post(`/api/endorsements/positions/${second.id}/verify`, president.cookie),
        ]);
        expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
        expect(responses.find((response) => response.statusCode === 409)!.json().error.message).toBe(
          FULL,
        );
        const rows = await ctx.db
          .select()
          .from(positionHolders)
          .where(eq(positionHolders.positionId, position.id));
        expect(rows.filter((row) => row.verification === 'verified')).toHaveLength(1);
      }
    });

    it('a verification and a decline of one record at once: one wins, the other gets 409, one log line', async () => {
      const secretary = await as('GENSEC_SCITECH');
      const president = await as('PRESIDENT');
      for (let round = 0; round < ROUNDS; round += 1) {
        const record = await declared((await openPosition()).id);
        const responses = await Promise.all([
          post(`/api/endorsements/positions/${record.id}/verify`, secretary.cookie),
          post(`/api/endorsements/positions/${record.id}/decline`, president.cookie, {
            reason: 'Not held.',
          }),
        ]);
        expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
        expect(
          await ctx.db.select().from(activityLog).where(eq(activityLog.subjectId, record.id)),
        ).toHaveLength(1);
      }
    });
  });
});
