import { describe, expect, it } from 'vitest';
import { signInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import {
  createAchievement,
  createFeedback,
  createPosition,
  createPositionHolder,
  createRoomBooking,
  createSkill,
  createStudent,
  createUser,
  createUserSkill,
  findRoom,
} from '../../../test/factories';
import { auditedChangesOf } from '../../../test/audit-client';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Every privileged change lands in the audit log with its actor, kind, action and the values before
 * and after: one API call per kind, read back from the table. A service that forgets to name its
 * actor (auditAs) leaves no line, and its test here fails.
 */
describe('the audit log records each kind of privileged change', () => {
  const ctx = useTestApp();
  const { send, official, linesAbout } = auditedChangesOf(ctx);

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
});
