import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index';
import { signInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import {
  createEvent,
  createOrgUnit,
  createPosition,
  createSkill,
  createStudent,
  createUser,
} from '../../../test/factories';
import { auditedChangesOf } from '../../../test/audit-client';

/**
 * Every privileged change lands in the audit log with its actor, kind, action and the values before
 * and after: one API call per kind, read back from the table. A service that forgets to name its
 * actor (auditAs) leaves no line, and its test here fails.
 */
describe('the audit log records each kind of privileged change', () => {
  const ctx = useTestApp();
  const { send, official, linesAbout } = auditedChangesOf(ctx);

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
