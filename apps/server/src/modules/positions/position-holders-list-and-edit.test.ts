import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activityLog, users } from '../../db/schema/index';
import { signInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import { createOrgUnit, createPositionHolder, createStudent } from '../../../test/factories';
import { positionHolderClientOf } from '../../../test/position-clients';

const STATUS_REQUIRED = 'Status is required';
const NOT_YOUR_CLUB = 'You can manage the positions of your own club only.';

describe('position holders', () => {
  const ctx = useTestApp();

  const { send, get, as, openPosition, appoint, holdersOf } = positionHolderClientOf(ctx);

  describe('access', () => {
    it('asks a signed-out visitor to sign in, refuses a student, and keeps a coordinator to their club', async () => {
      const club = await createOrgUnit(ctx.db);
      const other = await createOrgUnit(ctx.db);
      const mine = await openPosition({ unitId: club.id });
      const theirs = await openPosition({ unitId: other.id });
      const theirHolder = await createPositionHolder(ctx.db, { positionId: theirs.id });
      const myHolder = await createPositionHolder(ctx.db, { positionId: mine.id });
      const { user: student } = await createStudent(ctx.db);
      const studentCookie = await signInAs(ctx, student);

      expect((await get('/api/position-holders')).statusCode).toBe(401);
      expect(
        (await send('POST', '/api/position-holders', undefined, appoint(student.id, mine.id)))
          .statusCode,
      ).toBe(401);
      expect(
        (
          await send(
            'PUT',
            `/api/position-holders/${myHolder.id}`,
            undefined,
            appoint(student.id, mine.id),
          )
        ).statusCode,
      ).toBe(401);
      expect((await send('DELETE', `/api/position-holders/${myHolder.id}`)).statusCode).toBe(401);
      for (const answer of await Promise.all([
        get('/api/position-holders', studentCookie),
        get(`/api/position-holders/${myHolder.id}`, studentCookie),
        send('POST', '/api/position-holders', studentCookie, appoint(student.id, mine.id)),
        send('PUT', `/api/position-holders/${myHolder.id}`, studentCookie, appoint(student.id, mine.id)),
        send('DELETE', `/api/position-holders/${myHolder.id}`, studentCookie),
      ])) {
        expect(answer.statusCode).toBe(403);
      }

      const { cookie } = await as('CLUB_COORDINATOR', club.id);
      const list = (await get('/api/position-holders', cookie)).json();
      expect(list.items.map((item: { id: string }) => item.id)).toEqual([myHolder.id]);
      for (const answer of await Promise.all([
        get(`/api/position-holders/${theirHolder.id}`, cookie),
        send('POST', '/api/position-holders', cookie, appoint(student.id, theirs.id)),
        send(
          'PUT',
          `/api/position-holders/${theirHolder.id}`,
          cookie,
          appoint(theirHolder.userId, theirs.id, { tenureYear: theirHolder.tenureYear }),
        ),
        send(
          'PUT',
          `/api/position-holders/${myHolder.id}`,
          cookie,
          appoint(myHolder.userId, theirs.id, { tenureYear: myHolder.tenureYear }),
        ),
        send('DELETE', `/api/position-holders/${theirHolder.id}`, cookie),
      ])) {
        expect(answer.statusCode).toBe(403);
        expect(answer.json().error.message).toBe(NOT_YOUR_CLUB);
      }
      expect(await holdersOf(theirs.id)).toHaveLength(1);
      expect((await holdersOf(mine.id))[0]!.positionId).toBe(mine.id);
      expect(
        (await send('POST', '/api/position-holders', cookie, appoint(student.id, mine.id))).statusCode,
      ).toBe(201);
    });
  });

  describe('GET /api/position-holders', () => {
    it('searches name, e-mail, student id, position title and POR id, filters and counts', async () => {
      const unit = await createOrgUnit(ctx.db, { name: 'Athletics Club Delta' });
      const sprint = await openPosition({ unitId: unit.id, title: 'Sprint Captain Delta' });
      const relay = await openPosition({ title: 'Relay Lead Delta' });
      const { user: zara } = await createStudent(ctx.db, {
        name: 'Zara Qureshi',
        email: 'zara.delta@iitbhilai.ac.in',
        studentId: '98765001',
      });
      const { user: omar } = await createStudent(ctx.db, { name: 'Omar Delta' });
      const first = await createPositionHolder(ctx.db, {
        userId: zara.id,
        positionId: sprint.id,
        tenureYear: '2024-2025',
        status: 'completed',
        createdAt: new Date('2024-08-01T00:00:00Z'),
      });
      await createPositionHolder(ctx.db, {
        userId: omar.id,
        positionId: relay.id,
        tenureYear: '2025-2026',
        verification: 'self_declared',
        createdAt: new Date('2025-08-01T00:00:00Z'),
      });
      const { cookie } = await as('GENSEC_SPORTS');
      const names = async (query: string) => {
        const response = await get(`/api/position-holders${query}`, cookie);
        expect(response.statusCode, query).toBe(200);
        return [
          response.json().items.map((item: { user: { name: string } }) => item.user.name),
          response.json().total,
        ];
      };
      expect(await names('?q=zara q')).toEqual([['Zara Qureshi'], 1]);
      expect(await names('?q=ZARA.DELTA@')).toEqual([['Zara Qureshi'], 1]);
      expect(await names('?q=98765')).toEqual([['Zara Qureshi'], 1]);
      expect(await names('?q=relay lead delta')).toEqual([['Omar Delta'], 1]);
      expect(await names(`?q=${first.porCode}`)).toEqual([['Zara Qureshi'], 1]);
      expect(await names('?q=delta')).toEqual([['Omar Delta', 'Zara Qureshi'], 2]);
      expect(await names('?q=delta&status=completed')).toEqual([['Zara Qureshi'], 1]);
      expect(await names('?q=delta&tenureYear=2025-2026')).toEqual([['Omar Delta'], 1]);
      expect(await names(`?q=delta&unitId=${unit.id}`)).toEqual([['Zara Qureshi'], 1]);
      expect(await names('?q=100%25')).toEqual([[], 0]);
      // A page past the end lists nothing and still counts the matches.
      expect(await names('?q=delta&page=3')).toEqual([[], 2]);
      const body = (await get('/api/position-holders?q=omar delta', cookie)).json();
      expect(body.items[0]).toMatchObject({
        verification: 'self_declared',
        appointment: null,
        declineReason: null,
      });
      expect(body.tenureYears[0]).toBe(`${new Date().getFullYear()}-${new Date().getFullYear() + 1}`);
      expect((await get('/api/position-holders?status=retired', cookie)).statusCode).toBe(400);
    });

    it('finds a holder by the name and e-mail they have now', async () => {
      const position = await openPosition({ title: 'Debate Lead Sigma' });
      const { user: holder } = await createStudent(ctx.db, {
        name: 'Rohan Sigma',
        email: 'rohan.sigma@iitbhilai.ac.in',
      });
      await createPositionHolder(ctx.db, { userId: holder.id, positionId: position.id });
      const { cookie } = await as('GENSEC_SPORTS');
      const names = async (q: string) =>
        (await get(`/api/position-holders?q=${q}`, cookie))
          .json()
          .items.map((item: { user: { name: string } }) => item.user.name);
      expect(await names('rohan sigma')).toEqual(['Rohan Sigma']);
      await ctx.db
        .update(users)
        .set({ name: 'Rohan Varma', email: 'rohan.varma@iitbhilai.ac.in' })
        .where(eq(users.id, holder.id));
      expect(await names('rohan varma')).toEqual(['Rohan Varma']);
      expect(await names('ROHAN.VARMA@')).toEqual(['Rohan Varma']);
      expect(await names('rohan sigma')).toEqual([]);
      expect(await names('rohan.sigma@')).toEqual([]);
      // Any part of the student id; never across two fields.
      const { user: other } = await createStudent(ctx.db, {
        name: 'Esha Tau',
        email: 'esha.tau@iitbhilai.ac.in',
        studentId: '31415926',
      });
      await createPositionHolder(ctx.db, { userId: other.id, positionId: position.id });
      expect(await names('41592')).toEqual(['Esha Tau']);
      expect(await names('tau esha')).toEqual([]);
      expect(await names('esha tau esha')).toEqual([]);
    });
  });

  describe('edit and delete', () => {
    it('moves an active holding to completed, never back, and logs each change', async () => {
      const { cookie } = await as('PRESIDENT');
      const unit = await createOrgUnit(ctx.db, { name: 'Quiz Club' });
      const position = await openPosition({ title: 'Quiz Master', unitId: unit.id });
      const { user: person } = await createStudent(ctx.db, { name: 'Diya Iyer' });
      const holder = await createPositionHolder(ctx.db, {
        userId: person.id,
        positionId: position.id,
        tenureYear: '2025-2026',
      });
      const base = appoint(holder.userId, position.id);
      const invalid = await send('PUT', `/api/position-holders/${holder.id}`, cookie, {
        ...base,
        status: '',
      });
      expect(invalid.json().error.fields).toEqual({ status: STATUS_REQUIRED });
      const done = await send('PUT', `/api/position-holders/${holder.id}`, cookie, {
        ...base,
        status: 'completed',
        metrics: { eventsOrganized: 3 },
      });
      expect(done.statusCode).toBe(200);
      expect(done.json().holder).toMatchObject({
        status: 'completed',
        metrics: { eventsOrganized: 3, budgetUtilized: 0 },
      });
      const back = await send('PUT', `/api/position-holders/${holder.id}`, cookie, {
        ...base,
        status: 'active',
      });
      expect(back.statusCode).toBe(409);
      expect(back.json().error.message).toBe(
        'Completed and terminated are final: an ended holding keeps its status.',
      );
      const other = await send('PUT', `/api/position-holders/${holder.id}`, cookie, {
        ...base,
        status: 'terminated',
      });
      expect(other.statusCode).toBe(409);
      expect(other.json().error.fields).toEqual({
        status: 'Completed and terminated are final: an ended holding keeps its status.',
      });
      const logs = await ctx.db.select().from(activityLog).where(eq(activityLog.subjectId, holder.id));
      expect(logs.map((line) => line.description)).toEqual([
        `Updated Diya Iyer (${holder.porCode}) as Quiz Master, Quiz Club, 2025-2026 (completed)`,
      ]);
    });

    it('deletes a holding after which the position can be deleted', async () => {
      const { cookie } = await as('PRESIDENT');
      const unit = await createOrgUnit(ctx.db, { name: 'Film Club' });
      const position = await openPosition({ title: 'Screening Lead', unitId: unit.id });
      const { user: person } = await createStudent(ctx.db, { name: 'Kabir Das' });
      const holder = await createPositionHolder(ctx.db, {
        userId: person.id,
        positionId: position.id,
        tenureYear: '2025-2026',
      });
      expect((await send('DELETE', `/api/position-holders/${holder.id}`, cookie)).statusCode).toBe(204);
      expect((await send('DELETE', `/api/position-holders/${holder.id}`, cookie)).statusCode).toBe(404);
      const logs = await ctx.db.select().from(activityLog).where(eq(activityLog.subjectId, holder.id));
      expect(logs.map((line) => line.description)).toEqual([
        `Deleted the holding of Kabir Das (${holder.porCode}) as Screening Lead, Film Club, 2025-2026`,
      ]);
      expect((await send('DELETE', `/api/positions/${position.id}`, cookie)).statusCode).toBe(204);
    });
  });
});
