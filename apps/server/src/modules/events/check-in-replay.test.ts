import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { eventRegistrations } from '../../db/schema/index';
import { useTestApp } from '../../../test/build-test-app';
import { checkInClientOf } from '../../../test/check-in-client';
import { createStudent } from '../../../test/factories';

/**
 * A door's queue of scans sent again and again (the connection dropped before the answer came):
 * every scan is counted once, by its id, and answers what it came to the first time.
 */
describe('check-in scans replayed', () => {
  const ctx = useTestApp();
  const client = checkInClientOf(ctx);

  it('the same batch posted twice, and half of it a third time, checks each ticket in once', async () => {
    const { event, cookie } = await client.eventWithOrganiser();
    const guests = [];
    for (let n = 0; n < 12; n += 1) guests.push(await client.registrant(event.id));
    const scans = [];
    for (const guest of guests)
      scans.push({ scanId: randomUUID(), ticket: await client.codeOf(event.id, guest.cookie) });

    const first = await client.post(event.id, { scans }, cookie);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ checkedIn: 12, confirmed: 12 });
    const firstResults = first.json().results;
    expect(firstResults.every((each: { outcome: string }) => each.outcome === 'checked_in')).toBe(true);

    const second = await client.post(event.id, { scans }, cookie);
    expect(second.json()).toEqual(first.json());
    const third = await client.post(event.id, { scans: scans.slice(0, 6) }, cookie);
    expect(third.json()).toEqual({ results: firstResults.slice(0, 6), checkedIn: 12, confirmed: 12 });

    expect(await client.scansOf(event.id)).toHaveLength(12);
    const rows = await client.registrationsOf(event.id);
    expect(rows.filter((row) => row.checkedInAt !== null)).toHaveLength(12);
  });

  it('answers a replayed scan as the first time, though a new scan would now answer otherwise', async () => {
    const { event, cookie } = await client.eventWithOrganiser();
    const seated = await client.registrant(event.id, 'Riya Patel');
    const waiting = await client.registrant(event.id, 'Kabir Joshi', { status: 'waitlisted' });
    const code = await client.codeOf(event.id, seated.cookie);
    const seatedScan = { scanId: randomUUID(), ticket: code };
    const waitingScan = { scanId: randomUUID(), registrationId: waiting.registration.id };
    const first = await client.post(event.id, { scans: [seatedScan, waitingScan] }, cookie);
    expect(first.json().results.map((each: { outcome: string }) => each.outcome)).toEqual([
      'checked_in',
      'waitlisted',
    ]);

    // A freed seat reaches the waiting person; a new scan of the seated ticket is "already".
    await ctx.db
      .update(eventRegistrations)
      .set({ status: 'confirmed', confirmedAt: new Date(), promotedAt: new Date() })
      .where(eq(eventRegistrations.id, waiting.registration.id));
    const fresh = await client.post(event.id, [{ ticket: code }], cookie);
    expect(fresh.json().results[0].outcome).toBe('already');

    const replay = await client.post(event.id, { scans: [waitingScan, seatedScan] }, cookie);
    expect(replay.json()).toMatchObject({
      results: [
        { scanId: waitingScan.scanId, outcome: 'waitlisted', name: 'Kabir Joshi', checkedInAt: null },
        {
          scanId: seatedScan.scanId,
          outcome: 'checked_in',
          name: 'Riya Patel',
          checkedInBy: 'Nisha Rao',
        },
      ],
      checkedIn: 1,
      confirmed: 2,
    });
    // The replay checked no one in: only a new scan does.
    expect((await client.registrationRow(waiting.registration.id)).checkedInAt).toBeNull();
  });

  it('answers a scan id repeated within one batch once, and a walk-in replayed makes one registration', async () => {
    const { event, cookie } = await client.eventWithOrganiser({ walkIns: true });
    const guest = await client.registrant(event.id);
    const scan = { scanId: randomUUID(), registrationId: guest.registration.id };
    const { user: walker } = await createStudent(ctx.db);
    const walkIn = { scanId: randomUUID(), walkInStudentId: walker.studentId! };
    const response = await client.post(event.id, { scans: [scan, scan, walkIn] }, cookie);
    expect(response.json().results.map((each: { outcome: string }) => each.outcome)).toEqual([
      'checked_in',
      'checked_in',
      'checked_in',
    ]);
    const again = await client.post(event.id, { scans: [walkIn, walkIn] }, cookie);
    expect(again.json()).toMatchObject({
      results: [{ outcome: 'checked_in' }, { outcome: 'checked_in' }],
      checkedIn: 2,
      confirmed: 2,
    });
    expect(await client.registrationsOf(event.id)).toHaveLength(2);
    expect(await client.scansOf(event.id)).toHaveLength(2);
  });

  it("answers a scan id another event's door used as invalid, and changes nothing", async () => {
    const one = await client.eventWithOrganiser();
    const other = await client.eventWithOrganiser();
    const guest = await client.registrant(one.event.id);
    const otherGuest = await client.registrant(other.event.id);
    const scanId = randomUUID();
    await client.post(one.event.id, [{ scanId, registrationId: guest.registration.id }], one.cookie);
    const reused = await client.post(
      other.event.id,
      [{ scanId, registrationId: otherGuest.registration.id }],
      other.cookie,
    );
    expect(reused.json()).toMatchObject({
      results: [{ scanId, outcome: 'invalid', name: null }],
      checkedIn: 0,
    });
    expect((await client.registrationRow(otherGuest.registration.id)).checkedInAt).toBeNull();
  });
});
