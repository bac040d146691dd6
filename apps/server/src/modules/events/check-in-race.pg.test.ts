import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import { checkInClientOf } from '../../../test/check-in-client';
import { addEventOrganizers, createStudent } from '../../../test/factories';

type Result = { scanId: string; outcome: string; name: string | null };

/**
 * Two devices at two doors of one event, sending at the same moment: overlapping tickets, the same
 * queued batch sent twice, one walk-in named at both doors. Nothing is counted twice and nothing is
 * lost. This file runs only with DATABASE_URL (see vitest.config.ts): PGlite runs one request at a time.
 */
describe('check-in from two devices at once', () => {
  const ctx = useTestApp();
  const client = checkInClientOf(ctx);

  /** An event with `count` confirmed registrants, and two organisers' sessions. */
  async function door(count: number, walkIns = false) {
    const { event, organiser, cookie } = await client.eventWithOrganiser({ walkIns });
    const { user: other } = await createStudent(ctx.db, { name: 'Kabir Das' });
    await addEventOrganizers(ctx.db, event.id, [other.id]);
    const codes: string[] = [];
    for (let n = 0; n < count; n += 1) {
      const guest = await client.registrant(event.id);
      codes.push(await client.codeOf(event.id, guest.cookie));
    }
    return {
      event,
      codes,
      devices: [
        { userId: organiser.id, cookie },
        { userId: other.id, cookie: await signInAs(ctx, other) },
      ],
    };
  }

  it('overlapping tickets: each checked in once, by the device that heard "checked in"', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { event, codes, devices } = await door(60);
      // Both doors start with the same 20 tickets, at the same moment, then scan 20 of their own.
      const shared = codes.slice(20, 40);
      const batches = [
        [...shared, ...codes.slice(0, 20)],
        [...shared, ...codes.slice(40, 60)],
      ].map((part) => part.map((ticket) => ({ scanId: randomUUID(), ticket })));
      const answers = await Promise.all(
        batches.map((scans, n) => client.post(event.id, { scans }, devices[n]!.cookie)),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
      const results = answers.map((answer) => answer.json().results as Result[]);
      const checkedIn = results.flat().filter((result) => result.outcome === 'checked_in');
      // 0 counted twice, 0 lost: 60 tickets, 60 check-ins; each overlapping ticket heard once each way.
      expect(checkedIn).toHaveLength(60);
      expect(results.flat().filter((result) => result.outcome === 'already')).toHaveLength(20);
      for (let n = 0; n < 20; n += 1) {
        const pair = [results[0]![n]!.outcome, results[1]![n]!.outcome].sort();
        expect(pair).toEqual(['already', 'checked_in']);
      }
      const rows = await client.registrationsOf(event.id);
      expect(rows.filter((row) => row.checkedInAt !== null)).toHaveLength(60);
      // Who checked in each overlapping ticket is the device that was told so.
      const names = new Map(rows.map((row) => [row.id, row.checkedInBy]));
      const scans = await client.scansOf(event.id);
      expect(scans).toHaveLength(80);
      for (const scan of scans.filter((each) => each.outcome === 'checked_in'))
        expect(names.get(scan.registrationId!)).toBe(scan.scannedBy);
      const last = answers.map((answer) => answer.json().checkedIn as number);
      expect(Math.max(...last)).toBe(60);
    }
  });

  it('the same queued batch sent twice at once: every scan counted once, both answers alike', async () => {
    const { event, codes, devices } = await door(40);
    const scans = codes.map((ticket) => ({ scanId: randomUUID(), ticket }));
    const [first, second] = await Promise.all([
      client.post(event.id, { scans }, devices[0]!.cookie),
      client.post(event.id, { scans }, devices[0]!.cookie),
    ]);
    expect([first!.statusCode, second!.statusCode]).toEqual([200, 200]);
    const outcomes = (answer: typeof first) =>
      (answer!.json().results as Result[]).map((result) => result.outcome);
    expect(outcomes(first)).toEqual(codes.map(() => 'checked_in'));
    expect(outcomes(second)).toEqual(codes.map(() => 'checked_in'));
    expect(await client.scansOf(event.id)).toHaveLength(40);
    const rows = await client.registrationsOf(event.id);
    expect(rows.filter((row) => row.checkedInAt !== null)).toHaveLength(40);
    // Half of it again, once both have finished: the same answers, nothing more counted.
    const third = await client.post(event.id, { scans: scans.slice(0, 20) }, devices[1]!.cookie);
    expect(outcomes(third)).toEqual(codes.slice(0, 20).map(() => 'checked_in'));
    expect(third.json().checkedIn).toBe(40);
    expect(await client.scansOf(event.id)).toHaveLength(40);
  });

  it('one walk-in named at both doors at once: one registration, checked in once', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { event, devices } = await door(0, true);
      const { user: walker } = await createStudent(ctx.db);
      const answers = await Promise.all(
        devices.map((device) =>
          client.post(event.id, [{ walkInStudentId: walker.studentId! }], device.cookie),
        ),
      );
      const outcomes = answers.map((answer) => (answer.json().results as Result[])[0]!.outcome);
      expect(outcomes.sort()).toEqual(['already', 'checked_in']);
      const rows = await client.registrationsOf(event.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ status: 'confirmed', walkIn: true });
    }
  });
});
