import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { DEFAULT_EMAIL_DOMAIN, OFFICIAL_ROLES, normalizeRole, type Role } from '@cosa/contracts';
import type { Database } from '../client';
import { studentProfiles, users, type NewStudentProfile, type NewUser } from '../schema/index';
import { hashPassword } from '../../lib/passwords';
import { insertInBatches } from './batch';
import { DAY_MS } from './dates';
import { emailLocalOf, FAMILY_NAMES, GIVEN_NAMES } from './names';
import { randomProfile } from './profiles';
import { createRandom } from './random';
import type { ScaleContext, ScaleProgress } from './scale-context';
import { insertScaleRecords } from './scale-records';
import { insertClubsAndPositions } from './scale-units';
import { rowsOf } from '../rows';

export type { ScaleProgress } from './scale-context';

/** Every generated account signs in with this password (for load tests; do not use on a real campus). */
const SCALE_PASSWORD = 'CosaScale@2026';
export const MAX_SCALE_STUDENTS = 500_000;

export type ScaleOptions = {
  students: number;
  /** Events to add; one per 100 students when absent. */
  events?: number;
  domain?: string;
  /** PRNG seed; the same seed gives the same campus shape. */
  seed?: number;
  /** Rows per INSERT statement. */
  batchSize?: number;
  onProgress?: (progress: ScaleProgress) => void;
};

export type ScaleResult = {
  students: number;
  firstStudentId: string;
  lastStudentId: string;
  counts: Record<string, number>;
  password: string;
  elapsedMs: number;
};

const SEED_LOCK_KEY = 727_2026;

/**
 * Adds a large, proportionate campus to the database in one transaction: ~1 club per 400 students,
 * 3 positions per club, 10% position holders, 1 event per 100 students, 1 feedback, 1.5 achievements
 * and 3 user skills per student, 1 room booking per 50 students, and one administrator when the
 * campus has none. Identifiers never collide with existing rows, so it can run again on the same database.
 */
export async function seedScaleCampus(db: Database, options: ScaleOptions): Promise<ScaleResult> {
  const total = options.students;
  if (!Number.isInteger(total) || total < 1 || total > MAX_SCALE_STUDENTS) {
    throw new Error(`students must be a whole number from 1 to ${MAX_SCALE_STUDENTS}`);
  }
  const started = performance.now();
  const passwordHash = await hashPassword(SCALE_PASSWORD);
  const counts: Record<string, number> = {};
  let firstStudentId = '';
  let lastStudentId = '';
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const context: ScaleContext = {
      db: tx,
      random: createRandom(options.seed ?? 20_000),
      now: new Date(),
      domain: (options.domain ?? DEFAULT_EMAIL_DOMAIN).toLowerCase(),
      batchSize: options.batchSize ?? 1000,
      progress: (stage, done, of) => options.onProgress?.({ stage, done, total: of }),
      students: [],
      officials: await loadOfficials(tx),
      clubs: [],
      positions: [],
      events: [],
      eventCount: options.events ?? Math.max(1, Math.round(total / 100)),
      counts,
    };
    [firstStudentId, lastStudentId] = await insertStudents(context, total, passwordHash);
    await ensureAdministrator(context, passwordHash);
    await insertClubsAndPositions(context);
    await insertScaleRecords(context);
  });
  // A bulk load leaves the planner's statistics and the visibility map behind: until autovacuum
  // catches up the planner reads 36,000 pending claims as one row, and counts cannot use the index alone.
  await db.execute(sql`vacuum (analyze)`);
  return {
    students: total,
    firstStudentId,
    lastStudentId,
    counts,
    password: SCALE_PASSWORD,
    elapsedMs: Math.round(performance.now() - started),
  };
}

async function loadOfficials(db: Database): Promise<Map<Role, string[]>> {
  const rows = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(inArray(users.role, [...OFFICIAL_ROLES]));
  const officials = new Map<Role, string[]>();
  for (const row of rows) {
    const role = normalizeRole(row.role);
    officials.set(role, [...(officials.get(role) ?? []), row.id]);
  }
  return officials;
}

async function nextStudentNumber(db: Database): Promise<bigint> {
  const result = await db.execute<{ max: string | null }>(
    sql`select max(${users.studentId}::numeric)::text as max from ${users}`,
  );
  const rows = rowsOf<{ max: string | null }>(result);
  const max = BigInt(rows[0]?.max ?? '0');
  return max >= 20_000_000n ? max + 1n : 20_000_001n;
}

/** Students with onboarded profiles (95%); when the campus has no officials, the first five become them. */
async function insertStudents(
  context: ScaleContext,
  total: number,
  passwordHash: string,
): Promise<[string, string]> {
  const { random, now } = context;
  const first = await nextStudentNumber(context.db);
  const newOfficials = context.officials.size === 0 ? [...OFFICIAL_ROLES] : [];
  const userRows: NewUser[] = [];
  const profileRows: NewStudentProfile[] = [];
  for (let index = 0; index < total; index += 1) {
    const [given, gender] = random.pick(GIVEN_NAMES);
    const name = `${given} ${random.pick(FAMILY_NAMES)}`;
    const studentId = (first + BigInt(index)).toString();
    const username = `${emailLocalOf(name)}.${studentId}`;
    const role: Role = newOfficials[index] ?? 'STUDENT';
    const id = randomUUID();
    const onboarded = role !== 'STUDENT' || random.chance(0.95);
    const profile = randomProfile(random, now, { gender, handle: username.replaceAll('.', '-') });
    userRows.push({
      id,
      email: `${username}@${context.domain}`,
      username,
      studentId,
      studentIdSource: 'roll',
      name,
      // The roll's name: every account with a student id has an official name.
      officialName: name,
      role,
      passwordHash,
      onboardingComplete: onboarded,
      createdAt: new Date(
        Math.min(now.getTime() - DAY_MS, Date.UTC(profile.batchYear, 6, random.int(20, 31), 5, 30)),
      ),
      emailVerifiedAt: now,
    });
    if (onboarded) profileRows.push({ ...profile, userId: id });
    context.students.push({ id, name });
    if (role !== 'STUDENT') context.officials.set(role, [id]);
  }
  await insertInBatches(context.db, users, userRows, {
    size: context.batchSize,
    onBatch: (done) => context.progress('students', done, total),
  });
  await insertInBatches(context.db, studentProfiles, profileRows, {
    size: context.batchSize,
    onBatch: (done) => context.progress('profiles', done, profileRows.length),
  });
  context.counts.users = userRows.length;
  context.counts.studentProfiles = profileRows.length;
  return [first.toString(), (first + BigInt(total - 1)).toString()];
}

/**
 * One institute administrator (deviation 60) when the campus has none, so the load tests can open
 * the administration pages: staff, not a student (no student id, no profile).
 */
async function ensureAdministrator(context: ScaleContext, passwordHash: string): Promise<void> {
  const [existing] = await context.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'ADMIN'))
    .limit(1);
  context.counts.administrators = 0;
  if (existing) return;
  const inserted = await context.db
    .insert(users)
    .values({
      email: `scale.admin@${context.domain}`,
      username: 'scale.admin',
      name: 'Scale Administrator',
      role: 'ADMIN',
      passwordHash,
      onboardingComplete: true,
      emailVerifiedAt: context.now,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  context.counts.administrators = inserted.length;
}
