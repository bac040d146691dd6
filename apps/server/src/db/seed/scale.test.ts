import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { OFFICIAL_ROLES } from '@cosa/contracts';
import { openTestDatabase } from '../../../test/test-db';
import type { Database, DatabaseHandle } from '../client';
import {
  achievements,
  events,
  feedback,
  orgUnits,
  positionHolders,
  positions,
  roomBookings,
  skills,
  studentProfiles,
  userSkills,
  users,
} from '../schema/index';
import { seedDemoCampus } from './demo';
import { seedScaleCampus, type ScaleResult } from './scale';

async function rowsOf(db: Database, table: string): Promise<number> {
  const result = await db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
}

describe('large campus generator', () => {
  let handle: DatabaseHandle;
  let first: ScaleResult;
  const stages = new Set<string>();

  beforeAll(async () => {
    handle = await openTestDatabase();
    first = await seedScaleCampus(handle.db, {
      students: 500,
      onProgress: (progress) => stages.add(progress.stage),
    });
  });
  afterAll(async () => handle.close());

  it('creates proportionate rows', async () => {
    const { db } = handle;
    expect(first.counts).toMatchObject({
      users: 500,
      clubs: 1,
      positions: 3,
      positionHolders: 50,
      events: 5,
      feedback: 500,
      userSkills: 1500,
      roomBookings: 10,
      administrators: 1,
    });
    // The students and one administrator.
    expect(await rowsOf(db, 'users')).toBe(501);
    expect(await rowsOf(db, 'student_profiles')).toBeGreaterThan(450);
    expect(await rowsOf(db, 'achievements')).toBeGreaterThan(600);
    expect(await rowsOf(db, 'achievements')).toBeLessThan(900);
    expect(await rowsOf(db, 'skills')).toBeGreaterThanOrEqual(200);
    expect(await rowsOf(db, 'activity_log')).toBeGreaterThan(0);
    expect(await rowsOf(db, 'org_units')).toBe(1 + 4 + 1);
    expect(stages).toContain('students');
    expect(stages).toContain('feedback');
  });

  it('makes one administrator when the campus has none: staff, without a student id or a profile', async () => {
    const admins = await handle.db
      .select({
        studentId: users.studentId,
        profile: studentProfiles.userId,
        verified: users.emailVerifiedAt,
      })
      .from(users)
      .leftJoin(studentProfiles, eq(studentProfiles.userId, users.id))
      .where(eq(users.role, 'ADMIN'));
    expect(admins).toEqual([{ studentId: null, profile: null, verified: expect.any(Date) }]);
  });

  it('makes officials when the campus has none, and they verify and resolve', async () => {
    const officials = await handle.db
      .select({ role: users.role })
      .from(users)
      .where(inArray(users.role, [...OFFICIAL_ROLES]));
    expect(officials.map((row) => row.role).sort()).toEqual([...OFFICIAL_ROLES].sort());
    const [verified] = await handle.db
      .select({ n: count() })
      .from(achievements)
      .where(eq(achievements.verified, true));
    expect(verified?.n).toBeGreaterThan(0);
    const [resolved] = await handle.db
      .select({ n: count() })
      .from(feedback)
      .where(eq(feedback.isResolved, true));
    expect(resolved?.n).toBeGreaterThan(0);
  });

  it('mixes past and upcoming events and every booking status', async () => {
    const rows = await handle.db.select({ status: events.status }).from(events);
    expect(rows.length).toBe(5);
    const statuses = await handle.db.selectDistinct({ status: roomBookings.status }).from(roomBookings);
    expect(statuses.length).toBeGreaterThanOrEqual(2);
  });

  it('runs again on the same database without collisions', async () => {
    const second = await seedScaleCampus(handle.db, { students: 500 });
    expect(BigInt(second.firstStudentId)).toBeGreaterThan(BigInt(first.lastStudentId));
    expect(second.counts.skills).toBe(0);
    expect(second.counts.administrators).toBe(0);
    expect(await rowsOf(handle.db, 'users')).toBe(1001);
    const clubs = await handle.db
      .select({ name: orgUnits.name })
      .from(orgUnits)
      .where(eq(orgUnits.type, 'club'));
    expect(clubs).toHaveLength(2);
    expect(new Set(clubs.map((club) => club.name)).size).toBe(2);
    const [presidents] = await handle.db
      .select({ n: count() })
      .from(users)
      .where(eq(users.role, 'PRESIDENT'));
    expect(presidents?.n).toBe(1);
    expect(await rowsOf(handle.db, 'position_holders')).toBe(100);
  });

  it('runs twice with the same seed, each run asking for the same rooms at the same times, without a request waiting twice', async () => {
    const [before] = await handle.db
      .select({ n: count() })
      .from(roomBookings)
      .where(eq(roomBookings.status, 'Pending'));
    await seedScaleCampus(handle.db, { students: 2000, seed: 11 });
    await seedScaleCampus(handle.db, { students: 2000, seed: 11 });
    const [after] = await handle.db
      .select({ n: count() })
      .from(roomBookings)
      .where(eq(roomBookings.status, 'Pending'));
    expect(after!.n).toBeGreaterThan(before!.n);
  });

  it('refuses a bad size', async () => {
    await expect(seedScaleCampus(handle.db, { students: 0 })).rejects.toThrow(/whole number/);
    await expect(seedScaleCampus(handle.db, { students: 2.5 })).rejects.toThrow(/whole number/);
  });
});

describe('large campus on top of the demo campus', () => {
  it('reuses the councils and the officials', async () => {
    const handle = await openTestDatabase();
    try {
      await seedDemoCampus(handle.db);
      const before = await rowsOf(handle.db, 'users');
      const result = await seedScaleCampus(handle.db, { students: 400, seed: 7 });
      expect(await rowsOf(handle.db, 'users')).toBe(before + 400);
      const [committees] = await handle.db
        .select({ n: count() })
        .from(orgUnits)
        .where(eq(orgUnits.type, 'committee'));
      expect(committees?.n).toBe(4);
      const [councils] = await handle.db
        .select({ n: count() })
        .from(orgUnits)
        .where(eq(orgUnits.type, 'council'));
      expect(councils?.n).toBe(1);
      const [officials] = await handle.db
        .select({ n: count() })
        .from(users)
        .where(inArray(users.role, [...OFFICIAL_ROLES]));
      expect(officials?.n).toBe(5);
      expect(result.counts.positions).toBe(3);
      const [unique] = await handle.db
        .select({ n: sql<number>`count(distinct ${userSkills.userId})::int` })
        .from(userSkills);
      expect(unique?.n).toBeGreaterThanOrEqual(400);
      const [skillCount] = await handle.db.select({ n: count() }).from(skills);
      expect(skillCount?.n).toBeGreaterThanOrEqual(200);
      const [holders] = await handle.db
        .select({ n: count() })
        .from(positionHolders)
        .innerJoin(positions, eq(positions.id, positionHolders.positionId));
      expect(holders?.n).toBeGreaterThan(40);
    } finally {
      await handle.close();
    }
  });
});
