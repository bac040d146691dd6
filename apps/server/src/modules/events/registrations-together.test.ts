import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { useTestApp } from '../../../test/build-test-app';
import { createRegistration } from '../../../test/factories';
import { registrationClientOf } from '../../../test/registration-client';

/** Registrations of one event that arrive together, taken in one call (decision 0035). */
describe('registrations taken together', () => {
  const ctx = useTestApp();
  const client = registrationClientOf(ctx);

  it('judges each person of one call on their own, in the order given', async () => {
    const event = await client.openEvent(2, { eligibleBatchYears: [2024] });
    const [asha, bala, chitra, dev, senior, held] = await Promise.all([
      client.student('Asha', { batchYear: 2024 }),
      client.student('Bala', { batchYear: 2024 }),
      client.student('Chitra', { batchYear: 2024 }),
      client.student('Dev', { batchYear: 2024 }),
      client.student('Esha', { batchYear: 2022 }),
      client.student('Farid', { batchYear: 2024 }),
    ]);
    // Farid holds a seat already (registered before, or at the door meanwhile).
    await createRegistration(ctx.db, event.id, held!.user.id);
    const order = [asha!, senior!, bala!, asha!, held!, chitra!, dev!].map((s) => s.user.id);
    const rows = rowsOf<{ ord: number; outcome: string; place: number | null; registered: boolean }>(
      await ctx.db.execute(sql`
        select ord, outcome, place, registration_id is not null as registered
        from event_register_together(${event.id}::uuid, ${`{${order.join(',')}}`}::uuid[])`),
    );
    expect(rows.map((row) => [row.ord, row.outcome, row.place, row.registered])).toEqual([
      [1, 'confirmed', null, true],
      [2, 'refused', null, false],
      [3, 'waitlisted', 1, true],
      [4, 'already', null, false],
      [5, 'already', null, false],
      [6, 'waitlisted', 2, true],
      [7, 'waitlisted', 3, true],
    ]);
    expect((await client.rowsOf(event.id)).map((row) => [row.userId, row.status])).toEqual([
      [held!.user.id, 'confirmed'],
      [asha!.user.id, 'confirmed'],
      [bala!.user.id, 'waitlisted'],
      [chitra!.user.id, 'waitlisted'],
      [dev!.user.id, 'waitlisted'],
    ]);
  });

  it('answers every person of a call the same when the event itself refuses, and changes nothing', async () => {
    const event = await client.openEvent(5, { registrationEnd: new Date(Date.now() - 60_000) });
    const people = await Promise.all(['Gita', 'Hari'].map((name) => client.student(name)));
    const rows = rowsOf<{ ord: number; outcome: string }>(
      await ctx.db.execute(sql`
        select ord, outcome from event_register_together(${event.id}::uuid,
          ${`{${people.map((p) => p.user.id).join(',')}}`}::uuid[])`),
    );
    expect(rows.map((row) => [row.ord, row.outcome])).toEqual([
      [1, 'refused'],
      [2, 'refused'],
    ]);
    expect(await client.rowsOf(event.id)).toEqual([]);
  });

  it('through the API: a double click registers once, a record outside the limits is refused with its reason, the rest take seats then the waitlist', async () => {
    const event = await client.openEvent(3, { eligibleBatchYears: [2024] });
    const students = await Promise.all(
      ['Ira', 'Jai', 'Kiran', 'Lata', 'Mohan'].map((name) => client.student(name, { batchYear: 2024 })),
    );
    const senior = await client.student('Nina', { batchYear: 2021 });
    const twice = students[1]!;
    const answers = await Promise.all(
      [...students, senior, twice].map((s) => client.register(event.id, s.cookie)),
    );
    const refused = answers[5]!;
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(
      "This event is open only to batch 2024 (your record: 2021). If the institute's record is wrong, ask for a correction on your profile.",
    );
    const clicks = [answers[1]!, answers[6]!].map((answer) => answer.statusCode).sort();
    expect(clicks).toEqual([201, 409]);
    expect([answers[1]!, answers[6]!].find((a) => a.statusCode === 409)!.json().error.message).toBe(
      'You are already registered for this event.',
    );
    const taken = answers
      .filter((answer) => answer.statusCode === 201)
      .map((answer) => answer.json().registration);
    expect(taken.filter((r) => r.status === 'confirmed')).toHaveLength(3);
    expect(
      taken
        .map((r) => r.waitlistPlace)
        .filter((place) => place !== null)
        .sort(),
    ).toEqual([1, 2]);
    const rows = await client.rowsOf(event.id);
    expect(rows.map((row) => row.status)).toEqual([
      'confirmed',
      'confirmed',
      'confirmed',
      'waitlisted',
      'waitlisted',
    ]);
    expect(new Set(rows.map((row) => row.userId))).toEqual(new Set(students.map((s) => s.user.id)));
  });
});
