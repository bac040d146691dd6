import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { announcements, eventRegistrations, users } from '../../db/schema/index';
import { useTestApp } from '../../../test/build-test-app';
import { addEventOrganizers, createOrgUnit, createRegistration } from '../../../test/factories';
import { registrationClientOf } from '../../../test/registration-client';

describe("an event's registrants, as its organisers see them", () => {
  const ctx = useTestApp();
  const client = registrationClientOf(ctx);

  let scenes = 0;

  /** An event of a club with a seat each for Asha and Bala, Chitra waiting, and an organiser. */
  async function scene() {
    const club = await createOrgUnit(ctx.db, { category: 'cultural' });
    const event = await client.openEvent(2, {
      title: 'Drama night',
      organizingUnitId: club.id,
      registrationFees: 100,
    });
    const organiser = await client.student('Oviya');
    await addEventOrganizers(ctx.db, event.id, [organiser.user.id]);
    const people = [];
    scenes += 1;
    for (const [name, studentId] of [
      ['Asha Rao', `1224${scenes}001`],
      ['Bala Nair', `1224${scenes}002`],
      ['Chitra Sen', `1224${scenes}003`],
    ] as const) {
      const person = await client.student(name);
      await ctx.db.update(users).set({ studentId }).where(eq(users.id, person.user.id));
      await client.register(event.id, person.cookie);
      people.push(person);
    }
    return { club, event, organiser, people };
  }

  it('lists, searches and counts them for the organisers; refuses everyone else', async () => {
    const { club, event, organiser, people } = await scene();
    const list = await client.inject('GET', `/api/events/${event.id}/registrations`, organiser.cookie);
    expect(list.statusCode).toBe(200);
    expect(list.json().counts).toEqual({
      confirmed: 2,
      waitlisted: 1,
      cancelled: 0,
      checkedIn: 0,
      noShows: 0,
    });
    expect(
      list
        .json()
        .items.map((item: { name: string; status: string; waitlistPlace: number | null }) => [
          item.name,
          item.status,
          item.waitlistPlace,
        ]),
    ).toEqual([
      ['Asha Rao', 'confirmed', null],
      ['Bala Nair', 'confirmed', null],
      ['Chitra Sen', 'waitlisted', 1],
    ]);
    const found = await client.inject(
      'GET',
      `/api/events/${event.id}/registrations?q=12241002`,
      organiser.cookie,
    );
    expect(found.json().items.map((item: { name: string }) => item.name)).toEqual(['Bala Nair']);
    const waiting = await client.inject(
      'GET',
      `/api/events/${event.id}/registrations?status=waitlisted`,
      organiser.cookie,
    );
    expect(waiting.json().total).toBe(1);

    const coordinator = await client.coordinatorOf(club.id);
    expect(
      (await client.inject('GET', `/api/events/${event.id}/registrations`, coordinator.cookie))
        .statusCode,
    ).toBe(200);
    const otherClub = await client.coordinatorOf((await createOrgUnit(ctx.db)).id);
    const refused = await client.inject(
      'GET',
      `/api/events/${event.id}/registrations`,
      otherClub.cookie,
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(
      "Only the event's organisers and the council's officials can do this.",
    );
    expect(
      (await client.inject('GET', `/api/events/${event.id}/registrations`, people[0]!.cookie))
        .statusCode,
    ).toBe(403);
    expect((await client.inject('GET', `/api/events/${event.id}/registrations`)).statusCode).toBe(401);
    expect(
      (
        await client.inject(
          'GET',
          `/api/events/${event.id}/registrations?status=everyone`,
          organiser.cookie,
        )
      ).statusCode,
    ).toBe(400);
    // The detail shows the budget to organisers only.
    expect((await client.detail(event.id, organiser.cookie)).budget).not.toBeNull();
    expect((await client.detail(event.id, people[0]!.cookie)).budget).toBeNull();
  });

  it('exports them as CSV and marks fees paid', async () => {
    const { event, organiser, people } = await scene();
    const csv = await client.inject(
      'GET',
      `/api/events/${event.id}/registrations/export`,
      organiser.cookie,
    );
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe(
      'Name,Student ID,E-mail,Status,Waitlist place,Walk-in,Fee paid,Registered,Checked in,Checked in by',
    );
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 5).join(','))).toEqual([
      `Asha Rao,12242001,${people[0]!.user.email},Confirmed,`,
      `Bala Nair,12242002,${people[1]!.user.email},Confirmed,`,
      `Chitra Sen,12242003,${people[2]!.user.email},Waitlisted,1`,
    ]);
    expect(
      (await client.inject('GET', `/api/events/${event.id}/registrations/export`, people[0]!.cookie))
        .statusCode,
    ).toBe(403);

    const [asha] = await ctx.db
      .select()
      .from(eventRegistrations)
      .where(eq(eventRegistrations.userId, people[0]!.user.id));
    const paid = await client.inject(
      'PATCH',
      `/api/events/${event.id}/registrations/${asha!.id}`,
      organiser.cookie,
      { paid: true },
    );
    expect(paid.statusCode).toBe(200);
    expect(paid.json().registrant).toMatchObject({ name: 'Asha Rao', paid: true });
    const [after] = await ctx.db
      .select()
      .from(eventRegistrations)
      .where(eq(eventRegistrations.id, asha!.id));
    expect(after!.paidMarkedBy).toBe(organiser.user.id);
    const byStudent = await client.inject(
      'PATCH',
      `/api/events/${event.id}/registrations/${asha!.id}`,
      people[1]!.cookie,
      { paid: false },
    );
    expect(byStudent.statusCode).toBe(403);
    const otherEvent = await client.openEvent(5);
    await addEventOrganizers(ctx.db, otherEvent.id, [organiser.user.id]);
    const elsewhere = await client.inject(
      'PATCH',
      `/api/events/${otherEvent.id}/registrations/${asha!.id}`,
      organiser.cookie,
      { paid: false },
    );
    expect(elsewhere.statusCode).toBe(404);
    expect(
      (
        await client.inject(
          'PATCH',
          `/api/events/${event.id}/registrations/${asha!.id}`,
          organiser.cookie,
          { paid: 'yes' },
        )
      ).statusCode,
    ).toBe(400);
    const free = await client.openEvent(5);
    await addEventOrganizers(ctx.db, free.id, [organiser.user.id]);
    const guest = await createRegistration(ctx.db, free.id, people[1]!.user.id);
    const noFee = await client.inject(
      'PATCH',
      `/api/events/${free.id}/registrations/${guest.id}`,
      organiser.cookie,
      { paid: true },
    );
    expect(noFee.statusCode).toBe(409);
    expect(noFee.json().error.message).toBe('This event has no fee to mark paid.');
    const [still] = await ctx.db
      .select()
      .from(eventRegistrations)
      .where(eq(eventRegistrations.id, asha!.id));
    expect(still!.paidAt).not.toBeNull();
  });

  it('messages the registrants through an announcement to them', async () => {
    const { event, organiser, people } = await scene();
    const sent = await client.inject('POST', `/api/events/${event.id}/announcements`, organiser.cookie, {
      title: 'Bring your ID card',
      body: 'Entry needs the institute ID card.',
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().announcement).toMatchObject({
      audience: 'event',
      audienceValue: 'Drama night',
      recipients: 2,
    });
    expect((await client.noticesOf(people[0]!.user.id, 'announcement')).map((n) => n.subject)).toEqual([
      'Bring your ID card',
    ]);
    expect(await client.noticesOf(people[2]!.user.id, 'announcement')).toEqual([]);
    const everyone = await client.inject(
      'POST',
      `/api/events/${event.id}/announcements`,
      organiser.cookie,
      {
        title: 'Waitlist news',
        body: 'Seats may free up.',
        to: 'waitlisted',
      },
    );
    expect(everyone.json().announcement.recipients).toBe(1);
    const byStudent = await client.inject(
      'POST',
      `/api/events/${event.id}/announcements`,
      people[0]!.cookie,
      {
        title: 'Spam',
        body: 'Spam.',
      },
    );
    expect(byStudent.statusCode).toBe(403);
    const blank = await client.inject(
      'POST',
      `/api/events/${event.id}/announcements`,
      organiser.cookie,
      { title: '', body: 'x' },
    );
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.fields.title).toBe('Title is required.');
    expect((await ctx.db.select().from(announcements)).map((row) => row.title).sort()).toEqual([
      'Bring your ID card',
      'Waitlist news',
    ]);
  });

  it('counts no-shows once the event has started', async () => {
    const event = await client.openEvent(5, {
      scheduleStart: new Date(Date.now() - 3_600_000),
      registrationStart: new Date(Date.now() - 86_400_000),
      registrationEnd: new Date(Date.now() - 7_200_000),
    });
    const president = await client.as('PRESIDENT');
    const came = await client.student('Came');
    const stayed = await client.student('Stayed');
    await createRegistration(ctx.db, event.id, came.user.id, { checkedInAt: new Date() });
    await createRegistration(ctx.db, event.id, stayed.user.id);
    const list = await client.inject(
      'GET',
      `/api/events/${event.id}/registrations?status=no_show`,
      president.cookie,
    );
    expect(list.json().counts).toMatchObject({ confirmed: 2, checkedIn: 1, noShows: 1 });
    expect(list.json().items.map((item: { name: string }) => item.name)).toEqual(['Stayed']);
  });
});
