import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clubMemberships } from '../../db/schema/index';
import { browserOf } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import { membershipClientOf } from '../../../test/club-membership-client';
import { transcriptRecordsOf } from '../../../test/transcript-records';

const NOT_VERIFIED =
  'Only your own verified records can be included. Refresh the page and choose again.';

/* Club memberships chosen on a transcript: offered, issued from the roster, shown and printed. */

describe('club memberships on a transcript', () => {
  const ctx = useTestApp();
  const browser = browserOf(ctx);
  const clubs = membershipClientOf(ctx);
  const { issue, countOf } = transcriptRecordsOf(ctx);

  /**
   * A student accepted into the Coding Club, who left and came back: a past period (Aug 2025 to
   * May 2026, its dates set by hand so the months are known) and a current one from Jul 2026, in
   * which the coordinator named them a core member.
   */
  async function member(clubName = 'Coding Club', name = 'Aditi Rao') {
    const { club, coordinator } = await clubs.club(clubName);
    const student = await clubs.student(name);
    await clubs.joinThroughRequest(club.id, coordinator.cookie, student.cookie);
    expect((await clubs.leave(club.id, student.cookie)).statusCode).toBe(200);
    const [first] = await clubs.periodsOf(club.id, student.user.id);
    await ctx.db
      .update(clubMemberships)
      .set({ startedAt: new Date('2025-08-10T06:00:00Z'), endedAt: new Date('2026-05-20T06:00:00Z') })
      .where(eq(clubMemberships.id, first!.id));
    await clubs.joinThroughRequest(club.id, coordinator.cookie, student.cookie);
    const [, second] = await clubs.periodsOf(club.id, student.user.id);
    await ctx.db
      .update(clubMemberships)
      .set({ startedAt: new Date('2026-07-15T06:00:00Z') })
      .where(eq(clubMemberships.id, second!.id));
    const renamed = await clubs.inject(
      'PATCH',
      `/api/clubs/${club.id}/members/${second!.id}`,
      coordinator.cookie,
      { role: 'Core member' },
    );
    expect(renamed.statusCode).toBe(200);
    return { club, coordinator, student, past: first!, current: second! };
  }

  it('offers the student’s membership periods, current first, and issues them as the roster holds them', async () => {
    const { club, student, past, current } = await member();
    const expected = [
      {
        id: current.id,
        clubId: club.id,
        club: 'Coding Club',
        role: 'Core member',
        startedAt: '2026-07-15T06:00:00.000Z',
        endedAt: null,
      },
      {
        id: past.id,
        clubId: club.id,
        club: 'Coding Club',
        role: 'Member',
        startedAt: '2025-08-10T06:00:00.000Z',
        endedAt: '2026-05-20T06:00:00.000Z',
      },
    ];
    const records = await browser.get('/api/me/transcript-records', { cookie: student.cookie });
    expect(records.statusCode).toBe(200);
    expect(records.json().memberships).toEqual(expected);

    const response = await issue(student.cookie, { membershipIds: [past.id, current.id, past.id] });
    expect(response.statusCode).toBe(201);
    const { transcript } = response.json();
    expect(transcript.counts).toEqual({
      achievements: 0,
      positions: 0,
      skills: 0,
      attendance: 0,
      memberships: 2,
    });

    const check = await browser.get(`/api/verify/transcripts/${transcript.id}`);
    expect(check.statusCode).toBe(200);
    expect(check.json()).toMatchObject({ status: 'valid', withdrawn: [] });
    expect(check.json().content.memberships).toEqual(expected);

    const dir = mkdtempSync(path.join(os.tmpdir(), 'transcript-memberships-'));
    try {
      const pdf = await browser.get(`/api/me/transcripts/${transcript.id}/pdf`, {
        cookie: student.cookie,
      });
      expect(pdf.statusCode).toBe(200);
      const file = path.join(dir, 'memberships.pdf');
      writeFileSync(file, pdf.rawPayload);
      const text = execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' });
      expect(text).toContain('Club memberships');
      expect(text).toContain('Core member, Coding Club, Jul 2026 – present');
      expect(text).toContain('Member, Coding Club, Aug 2025 – May 2026');
      expect(text).toContain('Verified by Coding Club');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses another student’s membership and an id of no membership, and issues nothing', async () => {
    const mine = await member('Chess Club');
    const theirs = await member('Quiz Club', 'Rohan Das');
    for (const id of [theirs.past.id, theirs.current.id, '3f1d2c4b-5a69-4e7f-8a1b-2c3d4e5f6a7b']) {
      const response = await issue(mine.student.cookie, { membershipIds: [mine.current.id, id] });
      expect(response.statusCode, id).toBe(400);
      expect(response.json().error.message, id).toBe(NOT_VERIFIED);
    }
    expect(await countOf(mine.student.user.id)).toBe(0);
  });

  it('keeps a membership that ended after issue standing, and marks one deleted or moved', async () => {
    const { club, coordinator, student, past, current } = await member('Drama Club');
    const { transcript } = (
      await issue(student.cookie, { membershipIds: [past.id, current.id] })
    ).json();
    const withdrawn = async () =>
      (await browser.get(`/api/verify/transcripts/${transcript.id}`)).json().withdrawn;

    // Removed from the club after issue: "Jul 2026 – present" was true when issued.
    const removed = await clubs.inject(
      'POST',
      `/api/clubs/${club.id}/members/${current.id}/removal`,
      coordinator.cookie,
      { reason: 'Graduated' },
    );
    expect(removed.statusCode).toBe(200);
    expect(await withdrawn()).toEqual([]);

    await ctx.db
      .update(clubMemberships)
      .set({ startedAt: new Date('2025-01-01T06:00:00Z') })
      .where(eq(clubMemberships.id, past.id));
    expect(await withdrawn()).toEqual([{ kind: 'membership', id: past.id, reason: 'record_changed' }]);
    await ctx.db.delete(clubMemberships).where(eq(clubMemberships.id, current.id));
    expect(await withdrawn()).toEqual([
      { kind: 'membership', id: current.id, reason: 'record_deleted' },
      { kind: 'membership', id: past.id, reason: 'record_changed' },
    ]);
  });
});
