import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { clubMemberships } from '../../db/schema/index';
import { useTestApp } from '../../../test/build-test-app';
import { membershipClientOf } from '../../../test/club-membership-client';
import { createPosition, createPositionHolder } from '../../../test/factories';

const ctx = useTestApp();
const client = membershipClientOf(ctx);
const DAY = 24 * 60 * 60 * 1000;

describe('GET /api/clubs/:unitId/members/export', () => {
  it("gives the club's roster as CSV, with positions held, the list's search and status, formulas defused", async () => {
    const { club, coordinator } = await client.club('Electronics Club');
    const other = await client.club('Origami Club');
    const asha = await client.student('Asha Verma');
    const formula = await client.student('=HYPERLINK("http://x.example")');
    const gone = await client.student('Gopal Rao');
    await ctx.db.insert(clubMemberships).values([
      { unitId: club.id, userId: asha.user.id, role: 'Core member' },
      { unitId: club.id, userId: formula.user.id },
      {
        unitId: club.id,
        userId: gone.user.id,
        startedAt: new Date(Date.now() - 200 * DAY),
        endedAt: new Date(Date.now() - 10 * DAY),
        endReason: 'Left the club',
      },
    ]);
    const position = await createPosition(ctx.db, { unitId: club.id, title: 'Treasurer' });
    await createPositionHolder(ctx.db, { userId: asha.user.id, positionId: position.id });
    const url = `/api/clubs/${club.id}/members/export`;

    expect((await client.inject('GET', url)).statusCode).toBe(401);
    expect((await client.inject('GET', url, asha.cookie)).statusCode).toBe(403);
    expect((await client.inject('GET', url, other.coordinator.cookie)).statusCode).toBe(403);
    expect((await client.inject('GET', `${url}?status=gone`, coordinator.cookie)).statusCode).toBe(400);

    const current = await client.inject('GET', url, coordinator.cookie);
    expect(current.statusCode).toBe(200);
    expect(current.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(current.headers['content-disposition']).toMatch(
      /^attachment; filename="club-roster-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = parse(current.body.replace(/^\uFEFF/, '')) as string[][];
    expect(rows[0]).toEqual([
      'Name',
      'Student ID',
      'Role',
      'Positions',
      'Member since',
      'Until',
      'Why it ended',
    ]);
    expect(rows.slice(1).map((row) => [row[0], row[1], row[2], row[3], row[5]])).toEqual([
      ['\'=HYPERLINK("http://x.example")', formula.user.studentId, 'Member', '', ''],
      ['Asha Verma', asha.user.studentId, 'Core member', 'Treasurer', ''],
    ]);
    expect(rows[1]![4]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);

    const past = await client.inject('GET', `${url}?status=past`, (await client.as('PRESIDENT')).cookie);
    const pastRows = parse(past.body.replace(/^\uFEFF/, '')) as string[][];
    expect(pastRows.slice(1).map((row) => [row[0], row[6]])).toEqual([['Gopal Rao', 'Left the club']]);
    const searched = await client.inject('GET', `${url}?status=all&q=asha`, coordinator.cookie);
    expect((parse(searched.body.replace(/^\uFEFF/, '')) as string[][]).length).toBe(2);
  });
});
