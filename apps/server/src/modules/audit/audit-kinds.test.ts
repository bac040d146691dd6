import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index';
import { signInAs } from '../../../test/auth-helpers';
import { TEST_ORIGIN, useTestApp } from '../../../test/build-test-app';
import {
  createAchievement,
  createEvent,
  createFeedback,
  createOrgUnit,
  createPosition,
  createPositionHolder,
  createRoomBooking,
  createSkill,
  createStudent,
  createUser,
  createUserSkill,
  findRoom,
} from '../../../test/factories';

type Role = 'GENSEC_SCITECH' | 'GENSEC_CULTURAL' | 'PRESIDENT' | 'CLUB_COORDINATOR' | 'ADMIN';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Every privileged change lands in the audit log with its actor, kind, action and the values before
 * and after: one API call per kind, read back from the table. A service that forgets to name its
 * actor (auditAs) leaves no line, and its test here fails.
 */
describe('the audit log records each kind of privileged change', () => {
  const ctx = useTestApp();

  const send = (method: 'POST' | 'PUT' | 'PATCH', url: string, cookie: string, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: { origin: TEST_ORIGIN, cookie },
    });
  const official = async (role: Role, name = 'Meera Official') => {
    const user = await createUser(ctx.db, { role, name });
    return { user, cookie: await signInAs(ctx, user) };
  };
  const linesAbout = (subjectId: string) =>
    ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subjectId, subjectId))
      .orderBy(asc(auditLog.createdAt));

  it('endorsement: a claim of a skill, and a catalogue skill, endorsed by a general secretary', async () => {
    const { user, cookie } = await official('GENSEC_SCITECH', 'Arjun Secretary');
    const claim = await createUserSkill(ctx.db, {
      skillId: (await createSkill(ctx.db, { type: 'technical', isEndorsed: true })).id,
    });
    expect(
      (await send('POST', `/api/endorsements/user-skills/${claim.id}/endorse`, cookie)).statusCode,
    ).toBe(200);
    const [line] = await linesAbout(claim.id);
    expect(line).toMatchObject({
      actorId: user.id,
      actorName: 'Arjun Secretary',
      kind: 'endorsement',
      action: 'update',
      subjectType: 'user_skills',
    });
    expect(line!.before).toMatchObject({ is_endorsed: false, endorsed_by: null });
    expect(line!.after).toMatchObject({ is_endorsed: true, endorsed_by: user.id });

    const skill = await createSkill(ctx.db, {
      type: 'technical',
      createdBy: (await createStudent(ctx.db)).user.id,
    });
    expect((await send('POST', `/api/endorsements/skills/${skill.id}/endorse`, cookie)).statusCode).toBe(
      200,
    );
    const [skillLine] = await linesAbout(skill.id);
    expect(skillLine).toMatchObject({
      actorId: user.id,
      kind: 'endorsement',
      action: 'update',
      subjectType: 'skills',
      subjectLabel: skill.name,
    });
    expect(skillLine!.after).toMatchObject({ is_endorsed: true });
  });

  it('verification: a position record and an achievement verified, and a record declined', async () => {
    const { user, cookie } = await official('PRESIDENT');
    const record = await createPositionHolder(ctx.db, {
      positionId: (await createPosition(ctx.db, { skillsRequired: [] })).id,
      verification: 'self_declared',
    });
    expect(
      (await send('POST', `/api/endorsements/positions/${record.id}/verify`, cookie, { confirm: true }))
        .statusCode,
    ).toBe(200);
    const [line] = await linesAbout(record.id);
    expect(line).toMatchObject({
      actorId: user.id,
      kind: 'verification',
      action: 'update',
      subjectType: 'position_holders',
    });
    expect(line!.before).toMatchObject({ verification: 'self_declared' });
    expect(line!.after).toMatchObject({ verification: 'verified', verified_by: user.id });

    const achievement = await createAchievement(ctx.db, { type: 'technical' });
    expect(
      (await send('POST', `/api/endorsements/achievements/${achievement.id}/verify`, cookie)).statusCode,
    ).toBe(200);
    const [achievementLine] = await linesAbout(achievement.id);
    expect(achievementLine).toMatchObject({
      actorId: user.id,
      kind: 'verification',
      action: 'update',
      subjectType: 'achievements',
    });
    expect(achievementLine!.before).toMatchObject({ verified: false });
    expect(achievementLine!.after).toMatchObject({ verified: true });

    const other = await createPositionHolder(ctx.db, {
      positionId: (await createPosition(ctx.db)).id,
      verification: 'self_declared',
    });
    expect(
      (
        await send('POST', `/api/endorsements/positions/${other.id}/decline`, cookie, {
          reason: 'No such post that year.',
        })
      ).statusCode,
    ).toBe(200);
    const [declined] = await linesAbout(other.id);
    expect(declined).toMatchObject({ actorId: user.id, kind: 'verification' });
    expect(declined!.after).toMatchObject({
      verification: 'declined',
      decline_reason: 'No such post that year.',
    });
  });

  it('resolution: feedback resolved by an official', async () => {
    const { user, cookie } = await official('GENSEC_SCITECH');
    const item = await createFeedback(ctx.db, { targetType: 'Event' });
    expect(
      (
        await send('POST', `/api/feedback/${item.id}/resolution`, cookie, {
          actionsTaken: 'Added a second lab session.',
        })
      ).statusCode,
    ).toBe(200);
    const [line] = await linesAbout(item.id);
    expect(line).toMatchObject({
      actorId: user.id,
      kind: 'resolution',
      action: 'update',
      subjectType: 'feedback',
    });
    expect(line!.before).toMatchObject({
      is_resolved: false,
      actions_taken: null,
      author_id: item.authorId,
    });
    expect(line!.after).toMatchObject({
      is_resolved: true,
      actions_taken: 'Added a second lab session.',
      resolved_by: user.id,
    });
  });

  it("resolution of anonymous feedback: the line never carries the author's id", async () => {
    const { cookie } = await official('GENSEC_SCITECH');
    const { user: author } = await createStudent(ctx.db);
    const item = await createFeedback(ctx.db, {
      targetType: 'Event',
      authorId: author.id,
      isAnonymous: true,
    });
    expect(
      (
        await send('POST', `/api/feedback/${item.id}/resolution`, cookie, {
          actionsTaken: 'Spoke to the organisers.',
        })
      ).statusCode,
    ).toBe(200);
    const lines = await linesAbout(item.id);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.before).not.toHaveProperty('author_id');
    expect(lines[0]!.after).not.toHaveProperty('author_id');
    expect(lines[0]!.after).toMatchObject({ is_anonymous: true, is_resolved: true });
    expect(JSON.stringify(lines[0])).not.toContain(author.id);
    // Nor does the list or the export the administrator reads.
    const admin = await signInAs(ctx, await createUser(ctx.db, { role: 'ADMIN' }));
    const listed = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/audit?subjectId=${item.id}`,
      headers: { cookie: admin },
    });
    expect(listed.json().items).toHaveLength(1);
    expect(listed.body).not.toContain(author.id);
    const exported = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/audit/export?subjectId=${item.id}`,
      headers: { cookie: admin },
    });
    expect(exported.body).toContain('Spoke to the organisers.');
    expect(exported.body).not.toContain(author.id);
  });

  it('approval: a booking requested and withdrawn by an official, another approved by the president', async () => {
    const { user: secretary, cookie: secretaryCookie } = await official('GENSEC_CULTURAL');
    const date = new Date(Date.now() + 40 * DAY_MS).toISOString().slice(0, 10);
    const requested = await send('POST', '/api/room-bookings', secretaryCookie, {
      date,
      startTime: '10:00',
      endTime: '11:00',
      roomId: (await findRoom(ctx.db)).id,
      description: 'Band practice.',
    });
    expect(requested.statusCode).toBe(201);
    const bookingId = requested.json().booking.id as string;
    expect(
      (await send('POST', `/api/room-bookings/${bookingId}/withdrawal`, secretaryCookie)).statusCode,
    ).toBe(200);
    const [created, withdrawn] = await linesAbout(bookingId);
    expect(created).toMatchObject({
      actorId: secretary.id,
      kind: 'approval',
      action: 'create',
      subjectType: 'room_bookings',
      before: null,
    });
    expect(created!.after).toMatchObject({ status: 'Pending', description: 'Band practice.' });
    expect(withdrawn).toMatchObject({ actorId: secretary.id, kind: 'approval', action: 'update' });
    expect(withdrawn!.after).toMatchObject({ status: 'Withdrawn' });

    const { user: president, cookie } = await official('PRESIDENT');
    const booking = await createRoomBooking(ctx.db, {
      date: new Date(Date.now() + 41 * DAY_MS).toISOString().slice(0, 10),
    });
    expect(
      (await send('PATCH', `/api/room-bookings/${booking.id}`, cookie, { status: 'Approved' }))
        .statusCode,
    ).toBe(200);
    const [line] = await linesAbout(booking.id);
    expect(line).toMatchObject({ actorId: president.id, kind: 'approval', action: 'update' });
    expect(line!.before).toMatchObject({ status: 'Pending', decided_by: null });
    expect(line!.after).toMatchObject({ status: 'Approved', decided_by: president.id });
  });

  it('position: a position created and retired, a holder appointed by a club coordinator', async () => {
    const { user, cookie } = await official('PRESIDENT');
    const unit = await createOrgUnit(ctx.db);
    const created = await send('POST', '/api/positions', cookie, {
      title: 'Design Lead',
      unitId: unit.id,
      positionType: 'Team Lead',
      positionCount: 2,
      description: 'Leads the poster team.',
      responsibilities: ['Make posters'],
      requirements: { minCgpa: null, minYear: null, skillsRequired: [] },
    });
    expect(created.statusCode).toBe(201);
    const positionId = created.json().position.id as string;
    expect((await send('POST', `/api/positions/${positionId}/retirement`, cookie)).statusCode).toBe(200);
    const [createLine, retireLine] = await linesAbout(positionId);
    expect(createLine).toMatchObject({
      actorId: user.id,
      kind: 'position',
      action: 'create',
      subjectType: 'positions',
      subjectLabel: 'Design Lead',
      before: null,
    });
    expect(createLine!.after).toMatchObject({ title: 'Design Lead', position_count: 2 });
    expect(retireLine).toMatchObject({ actorId: user.id, kind: 'position', action: 'update' });
    expect(retireLine!.before).toMatchObject({ retired_at: null, retired_by: null });
    expect(retireLine!.after).toMatchObject({ retired_by: user.id });

    const club = await createOrgUnit(ctx.db);
    const coordinator = await createUser(ctx.db, { role: 'CLUB_COORDINATOR', clubUnitId: club.id });
    const seat = await createPosition(ctx.db, { unitId: club.id, skillsRequired: [] });
    const { user: member } = await createStudent(ctx.db);
    const appointed = await send('POST', '/api/position-holders', await signInAs(ctx, coordinator), {
      userId: member.id,
      positionId: seat.id,
      tenureYear: '2026-2027',
      status: 'active',
      confirm: true,
    });
    expect(appointed.statusCode).toBe(201);
    const [holderLine] = await linesAbout(appointed.json().holder.id);
    expect(holderLine).toMatchObject({
      actorId: coordinator.id,
      kind: 'position',
      action: 'create',
      subjectType: 'position_holders',
    });
    expect(holderLine!.after).toMatchObject({
      verification: 'pending',
      user_id: member.id,
      position_id: seat.id,
    });
  });

  it('event: an event created and cancelled', async () => {
    const { user, cookie } = await official('GENSEC_CULTURAL');
    const created = await send('POST', '/api/events', cookie, {
      title: 'Inter-hostel quiz',
      category: 'cultural',
      organizingUnitId: (await createOrgUnit(ctx.db)).id,
    });
    expect(created.statusCode).toBe(201);
    const eventId = created.json().event.id as string;
    expect((await send('POST', `/api/events/${eventId}/cancellation`, cookie)).statusCode).toBe(200);
    const [createLine, cancelLine] = await linesAbout(eventId);
    expect(createLine).toMatchObject({
      actorId: user.id,
      kind: 'event',
      action: 'create',
      subjectType: 'events',
      subjectLabel: 'Inter-hostel quiz',
    });
    expect(cancelLine).toMatchObject({ actorId: user.id, kind: 'event', action: 'update' });
    expect(cancelLine!.before).toMatchObject({ status: 'planned' });
    expect(cancelLine!.after).toMatchObject({ status: 'cancelled' });
  });

  it('skill: a catalogue skill renamed by the administrator', async () => {
    const { user, cookie } = await official('ADMIN', 'Priya Venkatesh');
    const skill = await createSkill(ctx.db, { name: 'Photoshop Skills' });
    expect(
      (await send('PATCH', `/api/admin/skills/${skill.id}`, cookie, { name: 'Photo editing' }))
        .statusCode,
    ).toBe(200);
    const [line] = await linesAbout(skill.id);
    expect(line).toMatchObject({
      actorId: user.id,
      actorName: 'Priya Venkatesh',
      kind: 'skill',
      action: 'update',
      subjectLabel: 'Photo editing',
    });
    expect(line!.before).toMatchObject({ name: 'Photoshop Skills' });
    expect(line!.after).toMatchObject({ name: 'Photo editing' });
  });

  it("leaves a student's own changes (a skill added, a position declared, feedback given) out of the log", async () => {
    const { user } = await createStudent(ctx.db);
    const cookie = await signInAs(ctx, user);
    const added = await send('POST', '/api/me/skills', cookie, {
      newSkill: { name: 'Kite making', category: 'Crafts', type: 'cultural' },
    });
    expect(added.statusCode).toBe(201);
    const declared = await send('POST', '/api/me/positions', cookie, {
      positionId: (await createPosition(ctx.db)).id,
      tenureYear: '2025-2026',
      status: 'completed',
    });
    expect(declared.statusCode).toBe(201);
    const event = await createEvent(ctx.db);
    const given = await send('POST', '/api/feedback', cookie, {
      type: 'Suggestion',
      targetType: 'Event',
      targetId: event.id,
      rating: 4,
      comments: 'More seats please.',
    });
    expect(given.statusCode).toBe(201);
    for (const id of [
      added.json().userSkill.id,
      added.json().userSkill.skill.id,
      declared.json().position.id,
    ]) {
      expect(await ctx.db.select().from(auditLog).where(eq(auditLog.subjectId, id))).toEqual([]);
    }
    expect(
      await ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.subjectType, 'feedback'), eq(auditLog.action, 'create'))),
    ).toEqual([]);
  });
});
