import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { currentTenure } from '@cosa/contracts';
import {
  achievements,
  eventOrganizers,
  events,
  positionHolders,
  userSkills,
  users,
} from '../../db/schema/index';
import { signInAs } from '../../../test/auth-helpers';
import { TEST_ORIGIN, useTestApp } from '../../../test/build-test-app';
import {
  addEventOrganizers,
  createEvent,
  createOrgUnit,
  createPosition,
  createPositionHolder,
  createSkill,
  createStudent,
  createUser,
} from '../../../test/factories';

const ADMIN_NOT_HOLDER = 'An administrator is not a student and cannot hold a position.';
const DEACTIVATED_NOT_HOLDER = 'This account is deactivated and cannot hold a position.';
const ORGANIZERS_INVALID = 'Please choose organizers from the list.';
const NO_STUDENT_RECORD = 'An administrator keeps no student record.';

/** The institute administrator is not a student (deviation 60), and a deactivated account is nobody to pick. */
describe('the administrator and deactivated accounts outside student lists', () => {
  const ctx = useTestApp();
  const get = (url: string, cookie: string) =>
    ctx.app.inject({ method: 'GET', url, headers: { cookie } });
  const labels = async (url: string, cookie: string) => {
    const answer = await get(url, cookie);
    expect(answer.statusCode, url).toBe(200);
    return (answer.json().items as { label: string }[]).map((item) => item.label).sort();
  };

  it('never offers an administrator or a deactivated account in the people pickers', async () => {
    const { user: viewer } = await createStudent(ctx.db);
    const cookie = await signInAs(ctx, viewer);
    await createUser(ctx.db, { name: 'Pelican Student' });
    await createUser(ctx.db, { name: 'Pelican Admin', role: 'ADMIN' });
    await createUser(ctx.db, { name: 'Pelican Gone', deactivatedAt: new Date() });
    await createUser(ctx.db, { name: 'Pelican President', role: 'PRESIDENT' });
    await createUser(ctx.db, {
      name: 'Pelican Former President',
      // Another office: the president's has one holder at a time.
      role: 'GENSEC_SPORTS',
      deactivatedAt: new Date(),
    });
    expect(await labels('/api/lookup/users?q=pelican', cookie)).toEqual([
      'Pelican President',
      'Pelican Student',
    ]);
    expect(await labels('/api/lookup/officials?q=pelican', cookie)).toEqual(['Pelican President']);
    // Before anything is typed too.
    const first = await labels('/api/lookup/users', cookie);
    expect(first.filter((label) => label.startsWith('Pelican'))).toEqual([
      'Pelican President',
      'Pelican Student',
    ]);
  });

  it('refuses appointing an administrator to a position (400), but keeps an existing holding editable', async () => {
    const president = await signInAs(ctx, await createUser(ctx.db, { role: 'PRESIDENT' }));
    const position = await createPosition(ctx.db, { skillsRequired: [], positionCount: 5 });
    const admin = await createUser(ctx.db, { role: 'ADMIN' });
    const post = (payload: object) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/position-holders',
        payload,
        headers: { origin: TEST_ORIGIN, cookie: president },
      });
    const refused = await post({
      userId: admin.id,
      positionId: position.id,
      tenureYear: '2025-2026',
      status: 'active',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ userId: ADMIN_NOT_HOLDER });
    expect(
      await ctx.db.select().from(positionHolders).where(eq(positionHolders.userId, admin.id)),
    ).toEqual([]);

    // A student made an administrator later keeps their holding, and an official may still close it.
    const { user: formerStudent } = await createStudent(ctx.db);
    const holding = await createPositionHolder(ctx.db, {
      userId: formerStudent.id,
      positionId: position.id,
      tenureYear: '2025-2026',
    });
    const other = await createStudent(ctx.db);
    const moved = (userId: string) => ({
      userId,
      positionId: position.id,
      tenureYear: '2025-2026',
      status: 'completed',
    });
    await ctx.db.update(users).set({ role: 'ADMIN' }).where(eq(users.id, formerStudent.id));
    const put = (payload: object) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/position-holders/${holding.id}`,
        payload,
        headers: { origin: TEST_ORIGIN, cookie: president },
      });
    expect((await put(moved(formerStudent.id))).statusCode).toBe(200);
    // Moving a holding to an administrator is a new appointment: refused.
    const otherHolding = await createPositionHolder(ctx.db, {
      userId: other.user.id,
      positionId: position.id,
      tenureYear: '2024-2025',
    });
    const reassigned = await ctx.app.inject({
      method: 'PUT',
      url: `/api/position-holders/${otherHolding.id}`,
      payload: { userId: admin.id, positionId: position.id, tenureYear: '2024-2025', status: 'active' },
      headers: { origin: TEST_ORIGIN, cookie: president },
    });
    expect(reassigned.statusCode).toBe(400);
    expect(reassigned.json().error.fields).toEqual({ userId: ADMIN_NOT_HOLDER });
  });

  it("leaves an administrator's old holding out of the council's office-bearers", async () => {
    const unit = await createOrgUnit(ctx.db, { name: 'Puffin Club' });
    const position = await createPosition(ctx.db, {
      unitId: unit.id,
      title: 'Puffin Lead',
      positionCount: 3,
    });
    const { user: student } = await createStudent(ctx.db, { name: 'Puffin Student' });
    const madeAdmin = await createUser(ctx.db, { name: 'Puffin Admin', role: 'ADMIN' });
    await createPositionHolder(ctx.db, {
      userId: student.id,
      positionId: position.id,
      tenureYear: currentTenure(),
    });
    await createPositionHolder(ctx.db, {
      userId: madeAdmin.id,
      positionId: position.id,
      tenureYear: currentTenure(),
    });
    const cookie = await signInAs(ctx, (await createStudent(ctx.db)).user);
    const list = (await get('/api/directory/office-bearers?q=puffin', cookie)).json();
    expect(list.items.map((item: { name: string }) => item.name)).toEqual(['Puffin Student']);
    expect(list.total).toBe(1);
  });
  it('refuses appointing a deactivated account to a position (400), but keeps its existing holding editable', async () => {
    const president = await signInAs(ctx, await createUser(ctx.db, { role: 'PRESIDENT' }));
    const position = await createPosition(ctx.db, { skillsRequired: [], positionCount: 5 });
    const { user: gone } = await createStudent(ctx.db, { deactivatedAt: new Date() });
    const send = (method: 'POST' | 'PUT', url: string, payload: object) =>
      ctx.app.inject({ method, url, payload, headers: { origin: TEST_ORIGIN, cookie: president } });
    const refused = await send('POST', '/api/position-holders', {
      userId: gone.id,
      positionId: position.id,
      tenureYear: '2025-2026',
      status: 'active',
    });
    expect([refused.statusCode, refused.json().error.fields]).toEqual([
      400,
      { userId: DEACTIVATED_NOT_HOLDER },
    ]);
    expect(
      await ctx.db.select().from(positionHolders).where(eq(positionHolders.userId, gone.id)),
    ).toEqual([]);

    // A holding of someone deactivated later can still be closed; moving another holding to them cannot.
    const { user: leaver } = await createStudent(ctx.db);
    const holding = await createPositionHolder(ctx.db, {
      userId: leaver.id,
      positionId: position.id,
      tenureYear: '2025-2026',
    });
    await ctx.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, leaver.id));
    expect(
      (
        await send('PUT', `/api/position-holders/${holding.id}`, {
          userId: leaver.id,
          positionId: position.id,
          tenureYear: '2025-2026',
          status: 'completed',
        })
      ).statusCode,
    ).toBe(200);
    const { user: other } = await createStudent(ctx.db);
    const otherHolding = await createPositionHolder(ctx.db, {
      userId: other.id,
      positionId: position.id,
      tenureYear: '2024-2025',
    });
    const reassigned = await send('PUT', `/api/position-holders/${otherHolding.id}`, {
      userId: gone.id,
      positionId: position.id,
      tenureYear: '2024-2025',
      status: 'active',
    });
    expect([reassigned.statusCode, reassigned.json().error.fields]).toEqual([
      400,
      { userId: DEACTIVATED_NOT_HOLDER },
    ]);
  });

  it('refuses an administrator or a deactivated account as an event organizer (400), but lets an edit keep an organizer it has', async () => {
    const president = await signInAs(ctx, await createUser(ctx.db, { role: 'PRESIDENT' }));
    const unit = await createOrgUnit(ctx.db, { name: 'Heron Club' });
    const admin = await createUser(ctx.db, { role: 'ADMIN' });
    const { user: gone } = await createStudent(ctx.db, { deactivatedAt: new Date() });
    const { user: student } = await createStudent(ctx.db);
    const send = (method: 'POST' | 'PUT', url: string, payload: object) =>
      ctx.app.inject({ method, url, payload, headers: { origin: TEST_ORIGIN, cookie: president } });
    const form = (title: string, organizerIds: string[]) => ({
      title,
      category: 'technical',
      organizingUnitId: unit.id,
      organizerIds,
    });
    for (const organizerIds of [[student.id, admin.id], [gone.id]]) {
      const refused = await send('POST', '/api/events', form('Heron Night', organizerIds));
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toEqual({
        code: 'VALIDATION_FAILED',
        message: ORGANIZERS_INVALID,
        fields: { organizerIds: ORGANIZERS_INVALID },
      });
    }
    expect(await ctx.db.select().from(events).where(eq(events.title, 'Heron Night'))).toEqual([]);
    expect((await send('POST', '/api/events', form('Heron Night', [student.id]))).statusCode).toBe(201);

    // An event whose organizer was deactivated later can still be edited with them; adding one cannot.
    const event = await createEvent(ctx.db, { organizingUnitId: unit.id, title: 'Heron Day' });
    const { user: leaver } = await createStudent(ctx.db);
    await addEventOrganizers(ctx.db, event.id, [leaver.id]);
    await ctx.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, leaver.id));
    const kept = await send(
      'PUT',
      `/api/events/${event.id}`,
      form('Heron Day (final)', [leaver.id, student.id]),
    );
    expect(kept.statusCode).toBe(200);
    const added = await send(
      'PUT',
      `/api/events/${event.id}`,
      form('Heron Day (final)', [leaver.id, gone.id]),
    );
    expect([added.statusCode, added.json().error.fields]).toEqual([
      400,
      { organizerIds: ORGANIZERS_INVALID },
    ]);
    const organizers = await ctx.db
      .select({ userId: eventOrganizers.userId })
      .from(eventOrganizers)
      .where(eq(eventOrganizers.eventId, event.id));
    expect(organizers.map((row) => row.userId).sort()).toEqual([leaver.id, student.id].sort());
  });

  it("refuses the administrator the student's own record: declaring a position, adding a skill or an achievement (403)", async () => {
    const admin = await createUser(ctx.db, { role: 'ADMIN', onboardingComplete: true });
    const cookie = await signInAs(ctx, admin);
    const post = (url: string, payload: object) =>
      ctx.app.inject({ method: 'POST', url, payload, headers: { origin: TEST_ORIGIN, cookie } });
    const position = await createPosition(ctx.db);
    const skill = await createSkill(ctx.db, { name: 'Heron Watching', isEndorsed: true });
    const attempts = [
      await post('/api/me/positions', {
        positionId: position.id,
        tenureYear: '2025-2026',
        status: 'completed',
      }),
      await post('/api/me/skills', { skillId: skill.id }),
      await post('/api/me/skills', {
        newSkill: { name: 'Heron Counting', category: 'Birds', type: 'academic' },
      }),
      await post('/api/me/achievements', {
        title: 'Smart India Hackathon winner',
        category: 'Hackathon',
        type: 'technical',
        dateAchieved: '2025-08-30',
      }),
    ];
    for (const attempt of attempts) {
      expect([attempt.statusCode, attempt.json().error]).toEqual([
        403,
        { code: 'FORBIDDEN', message: NO_STUDENT_RECORD },
      ]);
    }
    expect(
      await ctx.db.select().from(positionHolders).where(eq(positionHolders.userId, admin.id)),
    ).toEqual([]);
    expect(await ctx.db.select().from(userSkills).where(eq(userSkills.userId, admin.id))).toEqual([]);
    expect(await ctx.db.select().from(achievements).where(eq(achievements.userId, admin.id))).toEqual(
      [],
    );

    // A student still can.
    const student = await signInAs(ctx, (await createStudent(ctx.db)).user);
    const own = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/skills',
      payload: { skillId: skill.id },
      headers: { origin: TEST_ORIGIN, cookie: student },
    });
    expect(own.statusCode).toBe(201);
  });
});
