import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { DEFAULT_EMAIL_DOMAIN, OFFICIAL_ROLES, normalizeRole, type Role } from '@cosa/contracts';
import type { Database } from '../client';
import {
  orgUnits,
  positions,
  studentProfiles,
  users,
  type NewOrgUnit,
  type NewPosition,
  type NewStudentProfile,
  type NewUser,
} from '../schema/index';
import { hashPassword } from '../../lib/passwords';
import { insertInBatches } from './batch';
import { CLUB_NAMES, CLUB_POSITION_TEMPLATES, COMMITTEES, COUNCIL } from './campus';
import { DAY_MS } from './dates';
import { emailLocalOf, FAMILY_NAMES, GIVEN_NAMES } from './names';
import { randomProfile } from './profiles';
import { createRandom } from './random';
import { RESPONSIBILITIES } from './scale-text';
import type { ScaleContext, ScaleProgress } from './scale-context';
import { insertScaleRecords } from './scale-records';
import { rowsOf } from '../rows';

export type { ScaleProgress } from './scale-context';

/** Every generated account signs in with this password (for load tests; do not use on a real campus). */
const SCALE_PASSWORD = 'CosaScale@2026';
export const MAX_SCALE_STUDENTS = 500_000;

export type ScaleOptions = {
  students: number;
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
      name,
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

/** The council and its four councils, created when missing; returns their ids by committee key. */
async function ensureCouncils(context: ScaleContext): Promise<Map<string, string>> {
  const names = [COUNCIL.name, ...COMMITTEES.map((committee) => committee.name)];
  const found = await context.db
    .select({ id: orgUnits.id, name: orgUnits.name })
    .from(orgUnits)
    .where(inArray(orgUnits.name, names));
  const byName = new Map(found.map((unit) => [unit.name, unit.id]));
  const email = (local: string) => `${local}@${context.domain}`;
  let rootId = byName.get(COUNCIL.name);
  if (!rootId) {
    rootId = randomUUID();
    await context.db.insert(orgUnits).values({
      id: rootId,
      name: COUNCIL.name,
      type: 'council',
      category: COUNCIL.category,
      description: COUNCIL.description,
      contactEmail: email(COUNCIL.contactLocal),
    });
  }
  const ids = new Map<string, string>();
  for (const committee of COMMITTEES) {
    let id = byName.get(committee.name);
    if (!id) {
      id = randomUUID();
      await context.db.insert(orgUnits).values({
        id,
        name: committee.name,
        type: 'committee',
        parentId: rootId,
        category: committee.category,
        description: committee.description,
        contactEmail: email(committee.contactLocal),
      });
    }
    ids.set(committee.key, id);
  }
  return ids;
}

async function insertClubsAndPositions(context: ScaleContext): Promise<void> {
  const { random, now } = context;
  const committeeIds = await ensureCouncils(context);
  const taken = new Set(
    (await context.db.select({ name: orgUnits.name }).from(orgUnits)).map((unit) =>
      unit.name.toLowerCase(),
    ),
  );
  const clubCount = Math.max(1, Math.round(context.students.length / 400));
  const clubRows: NewOrgUnit[] = [];
  for (let index = 0; index < clubCount; index += 1) {
    const committee = COMMITTEES[index % COMMITTEES.length]!;
    const pool = CLUB_NAMES[committee.key];
    const base = pool[Math.floor(index / COMMITTEES.length) % pool.length]!;
    let name = base;
    for (let n = 2; taken.has(name.toLowerCase()); n += 1) name = `${base} ${n}`;
    taken.add(name.toLowerCase());
    const allocated = random.int(50, 300) * 1000;
    const id = randomUUID();
    clubRows.push({
      id,
      name,
      type: 'club',
      parentId: committeeIds.get(committee.key) ?? null,
      category: committee.category,
      description: `${name} of the ${committee.name}: regular sessions, workshops and an annual flagship event.`,
      contactEmail: `${emailLocalOf(name).replaceAll('.', '')}@${context.domain}`,
      budgetAllocated: allocated,
      budgetSpent: Math.round((allocated * random.int(5, 95)) / 100),
      createdAt: new Date(now.getTime() - random.int(200, 1500) * DAY_MS),
    });
    context.clubs.push({ id, name, category: committee.category });
  }
  await insertInBatches(context.db, orgUnits, clubRows, { size: context.batchSize });

  const positionRows: NewPosition[] = [];
  for (const club of context.clubs) {
    const templates = [
      CLUB_POSITION_TEMPLATES[0]!,
      ...random.sample(CLUB_POSITION_TEMPLATES.slice(1), 2),
    ];
    for (const [title, type, custom] of templates) {
      const id = randomUUID();
      positionRows.push({
        id,
        title,
        unitId: club.id,
        positionType: custom ?? type,
        positionCount: random.int(1, 6),
        description: `${title} of the ${club.name}.`,
        responsibilities: random.sample(RESPONSIBILITIES, random.int(1, 4)),
        minCgpa: random.pick([0, 6, 6.5, 7, 7.5]),
        minYear: random.int(1, 3),
        skillsRequired: [],
        createdAt: new Date(now.getTime() - random.int(1100, 1400) * DAY_MS),
      });
      context.positions.push({ id, title, unitName: club.name, category: club.category });
    }
  }
  await insertInBatches(context.db, positions, positionRows, { size: context.batchSize });
  context.counts.clubs = clubRows.length;
  context.counts.positions = positionRows.length;
  context.progress('clubs and positions', clubRows.length, clubRows.length);
}
