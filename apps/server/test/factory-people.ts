import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { currentTenure, DEFAULT_EMAIL_DOMAIN, DISCIPLINES, SINGLE_SEAT_ROLES } from '@cosa/contracts';
import type { Database } from '../src/db/client';
import { passwordResetTokens, sessions, studentProfiles, users } from '../src/db/schema/index';
import type * as S from '../src/db/schema/index';
import { hashToken, newToken } from '../src/lib/tokens';
import { uniqueViolationOf } from '../src/lib/db-errors';
import { DAY_MS, next, only } from './factory-basics';

/** Every factory user can sign in with this password unless given another. */
export const FACTORY_PASSWORD = 'Campus#2024';

const FIRST_NAMES = [
  'Aarav',
  'Diya',
  'Ishaan',
  'Ananya',
  'Vihaan',
  'Saanvi',
  'Arjun',
  'Meera',
  'Kabir',
  'Riya',
];
const LAST_NAMES = [
  'Sharma',
  'Verma',
  'Iyer',
  'Reddy',
  'Patel',
  'Nair',
  'Gupta',
  'Singh',
  'Das',
  'Joshi',
];

// Cheap parameters keep tests fast; the encoded hash carries them, so any argon2 verify accepts it.
const hashPassword = (password: string) =>
  hash(password, { memoryCost: 1024, timeCost: 1, parallelism: 1 });
let defaultHash: Promise<string> | undefined;

export type UserOverrides = Partial<S.NewUser> & { password?: string };

/** A user with a proven e-mail address (pass emailVerifiedAt: null for one without); a student (with a digit student id) unless another role is given. */
export async function createUser(db: Database, overrides: UserOverrides = {}): Promise<S.User> {
  const n = next();
  const { password, ...values } = overrides;
  const role = values.role ?? 'STUDENT';
  const first = FIRST_NAMES[n % FIRST_NAMES.length];
  const last = LAST_NAMES[Math.floor(n / FIRST_NAMES.length) % LAST_NAMES.length];
  const local = `${first}.${last}${n}`.toLowerCase();
  const email = values.email ?? `${local}@${DEFAULT_EMAIL_DOMAIN}`;
  const passwordHash =
    password !== undefined
      ? await hashPassword(password)
      : await (defaultHash ??= hashPassword(FACTORY_PASSWORD));
  const insert = async () =>
    only(
      await db
        .insert(users)
        .values({
          name: `${first} ${last}`,
          username: email.split('@')[0]!.toLowerCase(),
          studentId: role === 'STUDENT' ? String(12_000_000 + n) : null,
          passwordHash: values.googleSubject ? null : passwordHash,
          emailVerifiedAt: new Date(),
          ...values,
          email,
          role,
        })
        .returning(),
    );
  if (!(SINGLE_SEAT_ROLES as readonly string[]).includes(role)) return insert();
  // One president and one general secretary of each council at a time: the office passes to the new
  // user, the previous holder becomes a student (made at once, the later one retries).
  for (let attempt = 0; ; attempt += 1) {
    await db.update(users).set({ role: 'STUDENT' }).where(eq(users.role, role));
    try {
      return await insert();
    } catch (error) {
      if (attempt >= 5 || uniqueViolationOf(error) !== 'users_single_seat_role_key') throw error;
    }
  }
}

/**
 * The admission year of a student in the academic year (July to June, on the institute's clock)
 * `years` before this one: 0 is this year's batch (1st year), 2 a 3rd year.
 */
export function admittedYearsAgo(years: number, now: Date = new Date()): number {
  return Number(currentTenure(now).slice(0, 4)) - years;
}

/** A student profile; creates its user when none is given. */
export async function createStudentProfile(
  db: Database,
  overrides: Partial<S.NewStudentProfile> = {},
): Promise<S.StudentProfile> {
  const n = next();
  const userId = overrides.userId ?? (await createUser(db)).id;
  return only(
    await db
      .insert(studentProfiles)
      .values({
        phone: `98${String(76_000_000 + n).padStart(8, '0')}`,
        gender: n % 2 === 0 ? 'Female' : 'Male',
        batchYear: 2022,
        program: 'B.Tech',
        branch: DISCIPLINES[n % DISCIPLINES.length],
        currentYear: '3rd',
        cgpa: 8.25,
        instituteCgpa: 8.25,
        hostel: 'MSH',
        ...overrides,
        userId,
      })
      .returning(),
  );
}

/** An onboarded student with a profile. */
export async function createStudent(
  db: Database,
  overrides: UserOverrides = {},
  profile: Partial<S.NewStudentProfile> = {},
): Promise<{ user: S.User; profile: S.StudentProfile }> {
  const user = await createUser(db, { onboardingComplete: true, ...overrides });
  return { user, profile: await createStudentProfile(db, { ...profile, userId: user.id }) };
}

export async function createSession(
  db: Database,
  overrides: Partial<S.NewSession> = {},
): Promise<S.Session & { token: string }> {
  const token = newToken();
  const userId = overrides.userId ?? (await createUser(db)).id;
  const row = only(
    await db
      .insert(sessions)
      .values({
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + 7 * DAY_MS),
        ...overrides,
        userId,
      })
      .returning(),
  );
  return { ...row, token };
}

export async function createPasswordResetToken(
  db: Database,
  overrides: Partial<S.NewPasswordResetToken> = {},
): Promise<S.PasswordResetToken & { token: string }> {
  const token = newToken();
  const userId = overrides.userId ?? (await createUser(db)).id;
  const row = only(
    await db
      .insert(passwordResetTokens)
      .values({
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + 60 * 60 * 1000),
        ...overrides,
        userId,
      })
      .returning(),
  );
  return { ...row, token };
}
