import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { positionHolders } from '../../db/schema/index';
import { signInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import {
  createPosition,
  createPositionHolder,
  createStudent,
  createUser,
} from '../../../test/factories';
import { submissionClientOf } from '../../../test/submission-clients';

const NOT_YOURS = 'This position record is not on your record.';
const DECIDED = 'This position record has already been verified and can no longer be changed.';
const NOT_DECLARED =
  "This record was entered by an official or your club's coordinator; ask them to change it.";
const POSITION_REQUIRED = 'Position selection is required';
const EVENTS_NEGATIVE = 'Events organized cannot be negative';
const DUPLICATE = 'You already hold this position for this tenure.';

describe("a student's changes to a position they declared", () => {
  const ctx = useTestApp();
  const { edit, withdraw, post, get } = submissionClientOf(ctx, '/api/me/positions');

  const student = async (name = 'Asha Verma') => {
    const { user } = await createStudent(ctx.db, { name });
    return { user, cookie: await signInAs(ctx, user) };
  };
  const secretary = async () => {
    const user = await createUser(ctx.db, { role: 'GENSEC_SCITECH', name: 'Meera Iyer' });
    return { user, cookie: await signInAs(ctx, user) };
  };
  const openPosition = (title: string) => createPosition(ctx.db, { skillsRequired: [], title });
  const declared = (userId: string, positionId: string, overrides = {}) =>
    createPositionHolder(ctx.db, {
      userId,
      positionId,
      tenureYear: '2024-2025',
      status: 'completed',
      verification: 'self_declared',
      ...overrides,
    });
  const rowOf = async (id: string) =>
    (await ctx.db.select().from(positionHolders).where(eq(positionHolders.id, id)))[0];
  const queueOf = async (cookie: string) => {
    const body = (await get('/api/endorsements/positions?pageSize=100', cookie)).json();
    return { total: body.total as number, ids: (body.items as { id: string }[]).map((i) => i.id) };
  };

  it('lets the holder edit a self-declared record, which stays self-declared at a new version', async () => {
    const { user, cookie } = await student();
    const first = await openPosition('Workshop Lead');
    const second = await openPosition('Outreach Lead');
    const record = await declared(user.id, first.id);
    const edited = await edit(
      record.id,
      {
        positionId: second.id,
        tenureYear: '2024-2025',
        status: 'completed',
        metrics: { eventsOrganized: 4, feedback: 'Ran four workshops.' },
      },
      cookie,
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json().position).toMatchObject({
      id: record.id,
      position: { title: 'Outreach Lead' },
      verification: 'self_declared',
      metrics: { eventsOrganized: 4, budgetUtilized: null, feedback: 'Ran four workshops.' },
      version: 2,
      changeable: true,
      history: [],
    });
  });

  it("answers 404 to another student and an official, and 409 for a coordinator's appointment or a verified record", async () => {
    const { user, cookie } = await student();
    const position = await openPosition('Workshop Lead');
    const record = await declared(user.id, position.id);
    const other = await student('Vikram Rao');
    const official = await secretary();
    const body = { positionId: position.id, tenureYear: '2023-2024', status: 'completed' };
    for (const someone of [other.cookie, official.cookie]) {
      const edited = await edit(record.id, body, someone);
      expect(edited.statusCode).toBe(404);
      expect(edited.json().error.message).toBe(NOT_YOURS);
      expect((await withdraw(record.id, someone)).statusCode).toBe(404);
    }
    expect((await rowOf(record.id))!.tenureYear).toBe('2024-2025');

    const coordinator = await createUser(ctx.db, { role: 'CLUB_COORDINATOR' });
    const appointed = await declared(user.id, (await openPosition('Treasurer')).id, {
      verification: 'pending',
      proposedBy: coordinator.id,
    });
    const refused = await edit(appointed.id, body, cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(NOT_DECLARED);
    expect((await withdraw(appointed.id, cookie)).json().error.message).toBe(NOT_DECLARED);

    const verify = await post(`/api/endorsements/positions/${record.id}/verify`, official.cookie);
    expect(verify.statusCode).toBe(200);
    const late = await edit(record.id, body, cookie);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(DECIDED);
    expect((await withdraw(record.id, cookie)).json().error.message).toBe(DECIDED);
  });

  it("refuses bad input with the form's messages and a duplicate, changing nothing", async () => {
    const { user, cookie } = await student();
    const position = await openPosition('Workshop Lead');
    const taken = await openPosition('Outreach Lead');
    const record = await declared(user.id, position.id);
    await declared(user.id, taken.id);
    const refused = await edit(
      record.id,
      { positionId: '', tenureYear: '2024-2025', status: 'completed', metrics: { eventsOrganized: -1 } },
      cookie,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toMatchObject({
      positionId: POSITION_REQUIRED,
      'metrics.eventsOrganized': EVENTS_NEGATIVE,
    });
    const duplicate = await edit(
      record.id,
      { positionId: taken.id, tenureYear: '2024-2025', status: 'completed' },
      cookie,
    );
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.message).toBe(DUPLICATE);
    expect(await rowOf(record.id)).toMatchObject({ positionId: position.id, version: 1 });
  });

  it('corrects and resends a declined record into the queue, keeping the decline in its history', async () => {
    const { user, cookie } = await student();
    const official = await secretary();
    const position = await openPosition('Workshop Lead');
    const record = await declared(user.id, position.id);
    const declined = await post(`/api/endorsements/positions/${record.id}/decline`, official.cookie, {
      reason: 'We have no record of this tenure.',
    });
    expect(declined.statusCode).toBe(200);
    expect((await queueOf(official.cookie)).ids).not.toContain(record.id);
    const resent = await edit(
      record.id,
      { positionId: position.id, tenureYear: '2023-2024', status: 'completed', resend: true },
      cookie,
    );
    expect(resent.statusCode).toBe(200);
    expect(resent.json().position).toMatchObject({
      tenureYear: '2023-2024',
      verification: 'self_declared',
      declineReason: null,
      history: [
        { event: 'declined', by: { name: 'Meera Iyer' }, reason: 'We have no record of this tenure.' },
        { event: 'resent', by: null, reason: null },
      ],
    });
    expect((await queueOf(official.cookie)).ids).toContain(record.id);
  });

  it("withdraws a self-declared record: gone from the reviewer's list and its count", async () => {
    const { user, cookie } = await student();
    const official = await secretary();
    const record = await declared(user.id, (await openPosition('Workshop Lead')).id);
    const before = await queueOf(official.cookie);
    expect(before.ids).toContain(record.id);
    expect((await withdraw(record.id, cookie)).statusCode).toBe(204);
    const after = await queueOf(official.cookie);
    expect(after.total).toBe(before.total - 1);
    expect(after.ids).not.toContain(record.id);
    expect((await get('/api/me/positions', cookie)).json().items).toEqual([]);
  });
});
