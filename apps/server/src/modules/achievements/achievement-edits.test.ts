import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { achievements, auditLog } from '../../db/schema/index';
import { signInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import { createAchievement, createStudent, createUser } from '../../../test/factories';
import { submissionClientOf } from '../../../test/submission-clients';

const NOT_YOURS = 'This achievement is not on your record.';
const DECIDED = 'This achievement has already been verified and can no longer be changed.';
const DECLINED_MEANWHILE =
  'An official declined this achievement meanwhile. Read the reason, then correct and resend it.';
const CHANGED_SINCE_SEEN = 'The student changed this item after you opened it. Review it again.';
const TITLE_REQUIRED = 'Title is required';
const DATE_IN_FUTURE = 'Date achieved cannot be in the future';
const CERTIFICATE_INVALID = 'Certificate URL must be a valid http or https address';

const form = (overrides: Record<string, unknown> = {}) => ({
  title: 'Robo Wars runner-up',
  category: 'Robotics',
  type: 'technical',
  dateAchieved: '2025-09-14',
  certificateUrl: 'https://certificates.example.org/robo-wars/7.pdf',
  ...overrides,
});

describe("a student's changes to their own achievement", () => {
  const ctx = useTestApp();
  const { edit, withdraw, post, get } = submissionClientOf(ctx, '/api/me/achievements');

  const student = async (name = 'Asha Verma') => {
    const { user } = await createStudent(ctx.db, { name });
    return { user, cookie: await signInAs(ctx, user) };
  };
  const official = async (role: 'GENSEC_SCITECH' | 'PRESIDENT' | 'ADMIN', name = 'Ravi Kumar') => {
    const user = await createUser(ctx.db, { role, name });
    return { user, cookie: await signInAs(ctx, user) };
  };
  const rowOf = async (id: string) =>
    (await ctx.db.select().from(achievements).where(eq(achievements.id, id)))[0];
  const queueOf = async (cookie: string) => {
    const listed = await get('/api/endorsements/achievements', cookie);
    expect(listed.statusCode).toBe(200);
    const body = listed.json();
    return { total: body.total as number, ids: (body.items as { id: string }[]).map((i) => i.id) };
  };

  it('asks a signed-out visitor to sign in and changes nothing', async () => {
    const item = await createAchievement(ctx.db);
    expect((await edit(item.id, form())).statusCode).toBe(401);
    expect((await withdraw(item.id)).statusCode).toBe(401);
    expect((await rowOf(item.id))!.title).toBe(item.title);
  });

  it('lets the owner edit a pending achievement, which stays pending at a new version', async () => {
    const { user, cookie } = await student();
    const item = await createAchievement(ctx.db, { userId: user.id, title: 'Robo Wars finalist' });
    const edited = await edit(item.id, form({ level: 'National', position: '2nd' }), cookie);
    expect(edited.statusCode).toBe(200);
    expect(edited.json().achievement).toMatchObject({
      id: item.id,
      title: 'Robo Wars runner-up',
      category: 'Robotics',
      level: 'National',
      position: '2nd',
      certificateUrl: 'https://certificates.example.org/robo-wars/7.pdf',
      verified: false,
      declineReason: null,
      version: 2,
      history: [],
    });
    const listed = (await get('/api/me/achievements', cookie)).json();
    expect(listed.items.map((i: { title: string }) => i.title)).toEqual(['Robo Wars runner-up']);
  });

  it('answers 404 to another student and to an official, and 403 to the administrator, changing nothing', async () => {
    const { user } = await student();
    const item = await createAchievement(ctx.db, { userId: user.id, title: 'Chess open winner' });
    const other = await student('Vikram Rao');
    const secretary = await official('GENSEC_SCITECH');
    for (const cookie of [other.cookie, secretary.cookie]) {
      const edited = await edit(item.id, form(), cookie);
      expect(edited.statusCode).toBe(404);
      expect(edited.json().error.message).toBe(NOT_YOURS);
      const withdrawn = await withdraw(item.id, cookie);
      expect(withdrawn.statusCode).toBe(404);
      expect(withdrawn.json().error.message).toBe(NOT_YOURS);
    }
    const admin = await official('ADMIN');
    expect((await edit(item.id, form(), admin.cookie)).statusCode).toBe(403);
    expect((await withdraw(item.id, admin.cookie)).statusCode).toBe(403);
    expect((await rowOf(item.id))!.title).toBe('Chess open winner');
  });

  it("refuses bad input with the Add Achievement form's messages and changes nothing", async () => {
    const { user, cookie } = await student();
    const item = await createAchievement(ctx.db, { userId: user.id, title: 'Chess open winner' });
    const refused = await edit(
      item.id,
      form({ title: '   ', dateAchieved: '2999-01-01', certificateUrl: 'javascript:alert(1)' }),
      cookie,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toMatchObject({
      title: TITLE_REQUIRED,
      dateAchieved: DATE_IN_FUTURE,
      certificateUrl: CERTIFICATE_INVALID,
    });
    const row = (await rowOf(item.id))!;
    expect(row.title).toBe('Chess open winner');
    expect(row.version).toBe(1);
  });

  it('refuses to edit or withdraw an achievement once verified, with a clear message', async () => {
    const { user, cookie } = await student();
    const item = await createAchievement(ctx.db, { userId: user.id, type: 'technical' });
    const secretary = await official('GENSEC_SCITECH');
    expect(
      (await post(`/api/endorsements/achievements/${item.id}/verify`, secretary.cookie)).statusCode,
    ).toBe(200);
    const edited = await edit(item.id, form(), cookie);
    expect(edited.statusCode).toBe(409);
    expect(edited.json().error.message).toBe(DECIDED);
    const withdrawn = await withdraw(item.id, cookie);
    expect(withdrawn.statusCode).toBe(409);
    expect(withdrawn.json().error.message).toBe(DECIDED);
    const row = (await rowOf(item.id))!;
    expect(row).toMatchObject({ verified: true, title: item.title });
  });

  it('corrects and resends a declined achievement, back in the queue, keeping each decline in its history', async () => {
    const { user, cookie } = await student();
    const item = await createAchievement(ctx.db, { userId: user.id, type: 'technical' });
    const secretary = await official('GENSEC_SCITECH', 'Meera Iyer');
    const decline = (reason: string) =>
      post(`/api/endorsements/achievements/${item.id}/decline`, secretary.cookie, { reason });
    expect((await decline('The certificate link is broken.')).statusCode).toBe(200);
    expect((await queueOf(secretary.cookie)).ids).not.toContain(item.id);

    // Without saying so, an edit does not resend a declined item.
    const unsaid = await edit(item.id, form(), cookie);
    expect(unsaid.statusCode).toBe(409);
    expect(unsaid.json().error.message).toBe(DECLINED_MEANWHILE);

    const resent = await edit(item.id, form({ resend: true }), cookie);
    expect(resent.statusCode).toBe(200);
    const first = resent.json().achievement;
    expect(first).toMatchObject({ verified: false, declineReason: null, title: 'Robo Wars runner-up' });
    expect(first.history).toEqual([
      {
        event: 'declined',
        at: expect.any(String),
        by: { name: 'Meera Iyer' },
        reason: 'The certificate link is broken.',
      },
      { event: 'resent', at: expect.any(String), by: null, reason: null },
    ]);
    expect((await queueOf(secretary.cookie)).ids).toContain(item.id);

    expect((await decline('Still no certificate.')).statusCode).toBe(200);
    const listed = (await get('/api/me/achievements', cookie)).json().items[0];
    expect(listed.declineReason).toBe('Still no certificate.');
    expect(
      listed.history.map((e: { event: string; reason: string | null }) => [e.event, e.reason]),
    ).toEqual([
      ['declined', 'The certificate link is broken.'],
      ['resent', null],
      ['declined', 'Still no certificate.'],
    ]);
    expect((await edit(item.id, form({ resend: true }), cookie)).statusCode).toBe(200);
    const again = (await get('/api/me/achievements', cookie)).json().items[0];
    expect(again.history.map((e: { event: string }) => e.event)).toEqual([
      'declined',
      'resent',
      'declined',
      'resent',
    ]);
  });

  it("withdraws a pending achievement: gone from the reviewer's list and counts, kept in the audit log", async () => {
    const { user, cookie } = await student();
    const secretary = await official('GENSEC_SCITECH');
    const kept = await createAchievement(ctx.db, { userId: user.id, type: 'technical' });
    const item = await createAchievement(ctx.db, {
      userId: user.id,
      type: 'technical',
      title: 'Quiz finalist',
    });
    const before = await queueOf(secretary.cookie);
    expect(before.ids).toEqual(expect.arrayContaining([kept.id, item.id]));

    const withdrawn = await withdraw(item.id, cookie);
    expect(withdrawn.statusCode).toBe(204);
    const after = await queueOf(secretary.cookie);
    expect(after.total).toBe(before.total - 1);
    expect(after.ids).not.toContain(item.id);
    expect(await rowOf(item.id)).toBeUndefined();
    const mine = (await get('/api/me/achievements', cookie)).json();
    expect(mine.items.map((i: { id: string }) => i.id)).toEqual([kept.id]);
    const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.subjectId, item.id));
    expect(audit).toEqual([
      expect.objectContaining({ action: 'delete', actorId: user.id, after: null }),
    ]);
    expect(audit[0]!.before).toMatchObject({ title: 'Quiz finalist' });

    // A decision on what was withdrawn finds nothing.
    const late = await post(`/api/endorsements/achievements/${item.id}/verify`, secretary.cookie);
    expect(late.statusCode).toBe(404);
  });

  it('refuses a decision on a version the student has since edited, and takes one on the version shown', async () => {
    const { user, cookie } = await student();
    const secretary = await official('GENSEC_SCITECH');
    const item = await createAchievement(ctx.db, { userId: user.id, type: 'technical' });
    const listed = (await get('/api/endorsements/achievements?pageSize=100', secretary.cookie)).json();
    const shown = listed.items.find((i: { id: string }) => i.id === item.id);
    expect(shown).toMatchObject({ id: item.id, version: 1 });
    expect((await edit(item.id, form(), cookie)).statusCode).toBe(200);

    for (const [url, payload] of [
      [`/api/endorsements/achievements/${item.id}/verify`, { version: 1 }],
      [`/api/endorsements/achievements/${item.id}/decline`, { version: 1, reason: 'Not clear.' }],
    ] as const) {
      const stale = await post(url, secretary.cookie, payload);
      expect(stale.statusCode).toBe(409);
      expect(stale.json().error.message).toBe(CHANGED_SINCE_SEEN);
    }
    expect(await rowOf(item.id)).toMatchObject({ verified: false, declinedAt: null, version: 2 });
    const fresh = await post(`/api/endorsements/achievements/${item.id}/verify`, secretary.cookie, {
      version: 2,
    });
    expect(fresh.statusCode).toBe(200);
    expect(await rowOf(item.id)).toMatchObject({ verified: true, title: 'Robo Wars runner-up' });
  });

  it('refuses, within "Verify selected", the one achievement edited since the version shown', async () => {
    const { user, cookie } = await student();
    const secretary = await official('GENSEC_SCITECH');
    const edited = await createAchievement(ctx.db, { userId: user.id, type: 'technical' });
    const untouched = await createAchievement(ctx.db, { userId: user.id, type: 'technical' });
    expect((await edit(edited.id, form(), cookie)).statusCode).toBe(200);

    const bulk = await post('/api/endorsements/achievements/bulk-verify', secretary.cookie, {
      ids: [edited.id, untouched.id],
      versions: { [edited.id]: 1, [untouched.id]: 1 },
    });
    expect(bulk.statusCode).toBe(200);
    expect(bulk.json().results).toEqual([
      { id: edited.id, outcome: null, refused: { status: 409, message: CHANGED_SINCE_SEEN } },
      expect.objectContaining({ id: untouched.id, refused: null }),
    ]);
    expect(await rowOf(edited.id)).toMatchObject({ verified: false, version: 2 });
    expect(await rowOf(untouched.id)).toMatchObject({ verified: true });
  });
});
