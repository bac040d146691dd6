import type { TestContext } from './build-test-app';
import { createEvent, createRegistration, createStudent, createUser } from './factories';

/**
 * A student's registrations of every kind: two the door checked in at approved events (the only
 * attendance on the record), and ones that must never count: confirmed but not checked in,
 * waitlisted, given up, checked in at an event cancelled since, and at a proposal not approved.
 * Another student is checked in at the same event.
 */
export async function studentWithAttendance(ctx: Pick<TestContext, 'db'>, studentId?: string) {
  const { user } = await createStudent(
    ctx.db,
    { name: 'Aditi Rao', ...(studentId ? { studentId } : {}) },
    { program: 'B.Tech', branch: 'Computer Science and Engineering', batchYear: 2022 },
  );
  const door = await createUser(ctx.db, { name: 'Ishaan Verma' });
  const workshop = await createEvent(ctx.db, { title: 'Robotics workshop' });
  const talk = await createEvent(ctx.db, { title: 'Space talk' });
  const attended = await createRegistration(ctx.db, workshop.id, user.id, {
    // 19:30 UTC on 14 August is 01:00 on the 15th in Asia/Kolkata.
    checkedInAt: new Date('2025-08-14T19:30:00Z'),
    checkedInBy: door.id,
  });
  const walkedIn = await createRegistration(ctx.db, talk.id, user.id, {
    walkIn: true,
    checkedInAt: new Date('2025-09-02T12:00:00Z'),
    checkedInBy: door.id,
  });
  const unchecked = await createRegistration(ctx.db, (await createEvent(ctx.db)).id, user.id);
  const waitlisted = await createRegistration(ctx.db, (await createEvent(ctx.db)).id, user.id, {
    status: 'waitlisted',
    confirmedAt: null,
  });
  const givenUp = await createRegistration(ctx.db, (await createEvent(ctx.db)).id, user.id, {
    status: 'cancelled',
    confirmedAt: new Date('2025-07-01T10:00:00Z'),
    cancelledAt: new Date('2025-07-02T10:00:00Z'),
  });
  const checkedInAt = new Date('2025-07-05T10:00:00Z');
  const cancelledEvent = await createRegistration(
    ctx.db,
    (await createEvent(ctx.db, { title: 'Called-off quiz', status: 'cancelled' })).id,
    user.id,
    { checkedInAt, checkedInBy: door.id },
  );
  const proposal = await createRegistration(
    ctx.db,
    (await createEvent(ctx.db, { title: 'Unapproved meetup', approval: 'proposed' })).id,
    user.id,
    { checkedInAt, checkedInBy: door.id },
  );
  const { user: other } = await createStudent(ctx.db);
  const othersAttendance = await createRegistration(ctx.db, workshop.id, other.id, {
    checkedInAt,
    checkedInBy: door.id,
  });
  return {
    user,
    other,
    door,
    workshop,
    talk,
    attended,
    walkedIn,
    notOnRecord: { unchecked, waitlisted, givenUp, cancelledEvent, proposal, othersAttendance },
  };
}
