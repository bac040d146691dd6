import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { eventRegistrations, events } from '../../db/schema/index';
import { useTestApp } from '../../../test/build-test-app';
import type { createEvent } from '../../../test/factories';
import { createRegistration } from '../../../test/factories';
import { registrationClientOf } from '../../../test/registration-client';

const DAY = 86_400_000;

describe('registering for an event', () => {
  const ctx = useTestApp();
  const client = registrationClientOf(ctx);

  it('gives seats in arrival order, then places on the waitlist; a cancelled seat goes to the first waiting, who is told', async () => {
    const event = await client.openEvent(2, { title: 'Kathak evening' });
    const [asha, bala, chitra, dev] = await Promise.all(
      ['Asha', 'Bala', 'Chitra', 'Dev'].map((name) => client.student(name)),
    );
    const answers = [];
    for (const person of [asha!, bala!, chitra!, dev!])
      answers.push(await client.register(event.id, person.cookie));
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201]);
    expect(
      answers.map((answer) => [
        answer.json().registration.status,
        answer.json().registration.waitlistPlace,
      ]),
    ).toEqual([
      ['confirmed', null],
      ['confirmed', null],
      ['waitlisted', 1],
      ['waitlisted', 2],
    ]);
    expect((await client.detail(event.id, dev!.cookie)).seats).toEqual({
      confirmed: 2,
      waitlisted: 2,
      checkedIn: null,
    });

    const cancelled = await client.unregister(event.id, bala!.cookie);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().registration.status).toBe('cancelled');
    const chitrasSeat = (await client.detail(event.id, chitra!.cookie)).mine;
    expect(chitrasSeat).toMatchObject({ status: 'confirmed', waitlistPlace: null });
    expect(chitrasSeat.promotedAt).not.toBeNull();
    expect(await client.noticesOf(chitra!.user.id)).toEqual([
      {
        outcome: 'promoted',
        subject: 'Kathak evening',
        detail: 'Your ticket is ready. If you cannot come, cancel so the next person gets the seat.',
      },
    ]);
    expect((await client.detail(event.id, dev!.cookie)).mine).toMatchObject({
      status: 'waitlisted',
      waitlistPlace: 1,
    });

    // Chitra declines the seat the waitlist gave her: it goes on to Dev.
    await client.unregister(event.id, chitra!.cookie);
    expect((await client.detail(event.id, dev!.cookie)).mine).toMatchObject({ status: 'confirmed' });
    expect((await client.rowsOf(event.id)).map((row) => row.status)).toEqual([
      'confirmed',
      'cancelled',
      'cancelled',
      'confirmed',
    ]);
    // Bala may register again, and joins the back of the queue: the event is full.
    const again = await client.register(event.id, bala!.cookie);
    expect(again.json().registration).toMatchObject({ status: 'waitlisted', waitlistPlace: 1 });
  });

  it('refuses a second registration, outside the window, a cancelled event, one without registration, and changes nothing', async () => {
    const { cookie, user } = await client.student('Esha');
    const open = await client.openEvent(10);
    await client.register(open.id, cookie);
    const twice = await client.register(open.id, cookie);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('You are already registered for this event.');

    const cases: Array<[Parameters<typeof createEvent>[1], string]> = [
      [{ registrationStart: new Date(Date.now() + DAY) }, 'Registration has not opened yet.'],
      [{ registrationEnd: new Date(Date.now() - 60_000) }, 'Registration is closed.'],
      [{ status: 'cancelled' }, 'This event is cancelled.'],
      [{ registrationRequired: false }, 'This event takes no registration.'],
    ];
    for (const [overrides, message] of cases) {
      const event = await client.openEvent(10, overrides);
      const refused = await client.register(event.id, cookie);
      expect(refused.statusCode, message).toBe(409);
      expect(refused.json().error.message).toBe(message);
      expect(await client.rowsOf(event.id)).toEqual([]);
    }
    const rows = await ctx.db
      .select()
      .from(eventRegistrations)
      .where(eq(eventRegistrations.userId, user.id));
    expect(rows).toHaveLength(1);
  });

  it("reads eligibility from the institute's record, naming the limit and the record", async () => {
    const event = await client.openEvent(10, {
      eligibleBatchYears: [2024],
      eligiblePrograms: ['B.Tech'],
    });
    const senior = await client.student('Farah', { batchYear: 2022, program: 'B.Tech' });
    const refused = await client.register(event.id, senior.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(
      "This event is open only to batch 2024 (your record: 2022). If the institute's record is wrong, ask for a correction on your profile.",
    );
    expect((await client.detail(event.id, senior.cookie)).ineligibleReason).toBe(
      "This event is open only to batch 2024 (your record: 2022). If the institute's record is wrong, ask for a correction on your profile.",
    );
    const masters = await client.student('Gita', { batchYear: 2024, program: 'M.Tech' });
    expect((await client.register(event.id, masters.cookie)).json().error.message).toBe(
      "This event is open only to B.Tech (your record: M.Tech). If the institute's record is wrong, ask for a correction on your profile.",
    );
    const fresher = await client.student('Hari', { batchYear: 2024, program: 'B.Tech' });
    expect((await client.register(event.id, fresher.cookie)).statusCode).toBe(201);
    expect(await client.rowsOf(event.id)).toHaveLength(1);

    // Registered before the limits narrowed: asking again says so, and the seat stays.
    await ctx.db
      .update(events)
      .set({ eligibleBatchYears: [2025] })
      .where(eq(events.id, event.id));
    const again = await client.register(event.id, fresher.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('You are already registered for this event.');
    expect((await client.rowsOf(event.id)).map((row) => row.status)).toEqual(['confirmed']);
  });

  it('asks a signed-out visitor to sign in, refuses the administrator, hides proposals, and checks ids', async () => {
    const event = await client.openEvent(10);
    expect((await client.register(event.id)).statusCode).toBe(401);
    expect((await client.unregister(event.id)).statusCode).toBe(401);
    const admin = await client.as('ADMIN');
    const byAdmin = await client.register(event.id, admin.cookie);
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().error.message).toBe(
      "The institute administrator keeps no student record and can't register.",
    );
    const { cookie } = await client.student('Indu');
    const proposal = await client.openEvent(10, { approval: 'proposed' });
    expect((await client.register(proposal.id, cookie)).statusCode).toBe(404);
    expect((await client.inject('GET', `/api/events/${proposal.id}`, cookie)).statusCode).toBe(404);
    expect((await client.register('not-an-id', cookie)).statusCode).toBe(400);
    expect((await client.register('5b1f3c9e-9d1c-4c55-8f7e-2b1c0d9e8a71', cookie)).statusCode).toBe(404);
    const notRegistered = await client.unregister(event.id, cookie);
    expect(notRegistered.statusCode).toBe(409);
    expect(notRegistered.json().error.message).toBe('You are not registered for this event.');
    expect(await client.rowsOf(event.id)).toEqual([]);
  });

  it('keeps a checked-in registration: it can no longer be cancelled', async () => {
    const event = await client.openEvent(10);
    const { user, cookie } = await client.student('Jaya');
    await createRegistration(ctx.db, event.id, user.id, { checkedInAt: new Date() });
    const refused = await client.unregister(event.id, cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      'You were checked in; the registration can no longer be cancelled.',
    );
    expect((await client.rowsOf(event.id))[0]!.status).toBe('confirmed');
  });

  it('fills seats from the waitlist when the capacity grows, and tells registrants of a new time or venue and of a cancellation', async () => {
    const president = await client.as('PRESIDENT');
    const event = await client.openEvent(1, { title: 'Sitar recital', createdBy: president.user.id });
    const [kiran, lata] = [await client.student('Kiran'), await client.student('Lata')];
    await client.register(event.id, kiran.cookie);
    await client.register(event.id, lata.cookie);
    const form = {
      title: 'Sitar recital',
      category: 'cultural',
      organizingUnitId: event.organizingUnitId,
      start: new Date(event.scheduleStart!.getTime() + 3_600_000).toISOString(),
      end: new Date(event.scheduleEnd!.getTime() + 3_600_000).toISOString(),
      venue: 'Open Air Theatre',
      mode: 'offline',
      registrationRequired: true,
      registrationStart: event.registrationStart!.toISOString(),
      registrationEnd: event.registrationEnd!.toISOString(),
      maxParticipants: 2,
    };
    const edited = await client.inject('PUT', `/api/events/${event.id}`, president.cookie, form);
    expect(edited.statusCode).toBe(200);
    expect((await client.detail(event.id, lata.cookie)).mine).toMatchObject({ status: 'confirmed' });
    expect(await client.noticesOf(kiran.user.id)).toEqual([
      {
        outcome: 'changed',
        subject: 'Sitar recital',
        detail: "The time, venue changed. Check the event's page.",
      },
    ]);
    expect((await client.noticesOf(lata.user.id)).map((notice) => notice.outcome).sort()).toEqual([
      'changed',
      'promoted',
    ]);
    await client.inject('POST', `/api/events/${event.id}/cancellation`, president.cookie);
    expect((await client.noticesOf(kiran.user.id)).map((notice) => notice.outcome).sort()).toEqual([
      'cancelled',
      'changed',
    ]);
    const [row] = await ctx.db.select().from(events).where(eq(events.id, event.id));
    expect(row!.status).toBe('cancelled');
  });

  it("lists the person's own registrations with their waitlist places", async () => {
    const { user, cookie } = await client.student('Mohan');
    const full = await client.openEvent(1, { title: 'Full house' });
    await createRegistration(ctx.db, full.id, (await client.student('Nila')).user.id);
    await client.register(full.id, cookie);
    const roomy = await client.openEvent(null, {
      title: 'Open mic',
      scheduleStart: new Date(Date.now() + 2 * DAY),
      scheduleEnd: new Date(Date.now() + 2 * DAY + 3_600_000),
      registrationEnd: new Date(Date.now() + DAY),
    });
    await client.register(roomy.id, cookie);
    const mine = await client.inject('GET', '/api/me/registrations', cookie);
    expect(mine.statusCode).toBe(200);
    expect(
      mine
        .json()
        .upcoming.map(
          (item: {
            event: { title: string };
            registration: { status: string; waitlistPlace: number | null };
          }) => [item.event.title, item.registration.status, item.registration.waitlistPlace],
        ),
    ).toEqual([
      ['Open mic', 'confirmed', null],
      ['Full house', 'waitlisted', 1],
    ]);
    expect(mine.json().past).toEqual([]);
    expect((await client.inject('GET', '/api/me/registrations')).statusCode).toBe(401);
    expect(user.id).toBeTruthy();
  });

  it('lets people give up a seat of an event with no cap, and its organisers edit it', async () => {
    const president = await client.as('PRESIDENT');
    const event = await client.openEvent(null, { createdBy: president.user.id });
    const people = [
      await client.student('Uma'),
      await client.student('Varun'),
      await client.student('Wasim'),
    ];
    for (const person of people) await client.register(event.id, person.cookie);
    const left = await client.unregister(event.id, people[0]!.cookie);
    expect(left.statusCode).toBe(200);
    expect(left.json().registration.status).toBe('cancelled');
    const edited = await client.inject('PUT', `/api/events/${event.id}`, president.cookie, {
      title: event.title,
      category: 'cultural',
      organizingUnitId: event.organizingUnitId,
      start: event.scheduleStart!.toISOString(),
      end: event.scheduleEnd!.toISOString(),
      venue: 'Auditorium',
      registrationRequired: true,
      registrationStart: event.registrationStart!.toISOString(),
      registrationEnd: event.registrationEnd!.toISOString(),
    });
    expect(edited.statusCode).toBe(200);
    expect((await client.rowsOf(event.id)).map((row) => row.status)).toEqual([
      'cancelled',
      'confirmed',
      'confirmed',
    ]);
  });

  it('refuses a capacity below the seats already taken, and changes nothing', async () => {
    const president = await client.as('PRESIDENT');
    const event = await client.openEvent(3, { createdBy: president.user.id, title: 'Tabla workshop' });
    for (const name of ['Xavier', 'Yamini', 'Zoya'])
      await client.register(event.id, (await client.student(name)).cookie);
    const refused = await client.inject('PUT', `/api/events/${event.id}`, president.cookie, {
      title: 'Tabla workshop',
      category: 'cultural',
      organizingUnitId: event.organizingUnitId,
      start: event.scheduleStart!.toISOString(),
      end: event.scheduleEnd!.toISOString(),
      registrationRequired: true,
      registrationStart: event.registrationStart!.toISOString(),
      registrationEnd: event.registrationEnd!.toISOString(),
      maxParticipants: 2,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.maxParticipants).toBe(
      'Max participants cannot be below the people already registered. 3 hold a seat.',
    );
    const [row] = await ctx.db.select().from(events).where(eq(events.id, event.id));
    expect(row!.maxParticipants).toBe(3);
  });
});
