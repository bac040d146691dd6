import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { currentTenure, DEFAULT_EMAIL_DOMAIN, DISCIPLINES } from '@cosa/contracts';
import type { Database } from '../src/db/client';
import {
  events,
  feedback,
  orgUnits,
  passwordResetTokens,
  positionHolders,
  positions,
  roomBookings,
  rooms,
  sessions,
  skills,
  studentProfiles,
  users,
} from '../src/db/schema/index';
import type * as S from '../src/db/schema/index';
import { hashToken, newToken } from '../src/lib/tokens';

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
const DAY_MS = 24 * 60 * 60 * 1000;

let counter = 0;
const next = () => (counter += 1);

function only<T>(rows: T[]): T {
  const [row] = rows;
  if (row === undefined) throw new Error('insert returned no row');
  return row;
}

// Cheap parameters keep tests fast; the encoded hash carries them, so any argon2 verify accepts it.
const hashPassword = (password: string) =>
  hash(password, { memoryCost: 1024, timeCost: 1, parallelism: 1 });
let defaultHash: Promise<string> | undefined;

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

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
  return only(
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

/** A club unless another type is given. */
export async function createOrgUnit(
  db: Database,
  overrides: Partial<S.NewOrgUnit> = {},
): Promise<S.OrgUnit> {
  const n = next();
  return only(
    await db
      .insert(orgUnits)
      .values({
        name: `Robotics Club ${n}`,
        type: 'club',
        category: 'technical',
        description: 'Builds robots and runs workshops for first-year students.',
        contactEmail: `robotics${n}@${DEFAULT_EMAIL_DOMAIN}`,
        budgetAllocated: 50_000,
        ...overrides,
      })
      .returning(),
  );
}

export async function createPosition(
  db: Database,
  overrides: Partial<S.NewPosition> = {},
): Promise<S.Position> {
  const n = next();
  const unitId = overrides.unitId ?? (await createOrgUnit(db)).id;
  return only(
    await db
      .insert(positions)
      .values({
        title: `Workshop Coordinator ${n}`,
        positionType: 'Coordinator',
        description: 'Plans and runs the weekly workshops.',
        responsibilities: ['Plan the workshop calendar', 'Book rooms and speakers'],
        skillsRequired: ['Communication'],
        ...overrides,
        unitId,
      })
      .returning(),
  );
}

export async function createPositionHolder(
  db: Database,
  overrides: Partial<S.NewPositionHolder> = {},
): Promise<S.PositionHolder> {
  const userId = overrides.userId ?? (await createUser(db)).id;
  const positionId = overrides.positionId ?? (await createPosition(db)).id;
  return only(
    await db
      .insert(positionHolders)
      .values({ tenureYear: currentTenure(), ...overrides, userId, positionId })
      .returning(),
  );
}

export async function createSkill(db: Database, overrides: Partial<S.NewSkill> = {}): Promise<S.Skill> {
  const n = next();
  return only(
    await db
      .insert(skills)
      .values({
        name: `TypeScript ${n}`,
        category: 'Programming',
        type: 'technical',
        description: 'Typed JavaScript for web applications.',
        ...overrides,
      })
      .returning(),
  );
}

/** A planned event starting a week from now, lasting three hours. */
export async function createEvent(
  db: Database,
  overrides: Partial<S.NewEventRecord> = {},
): Promise<S.EventRecord> {
  const n = next();
  const start = new Date(Date.now() + 7 * DAY_MS);
  return only(
    await db
      .insert(events)
      .values({
        title: `Hackathon ${n}`,
        description: 'A 24-hour build sprint open to all students.',
        category: 'technical',
        type: 'Competition',
        scheduleStart: start,
        scheduleEnd: new Date(start.getTime() + 3 * 60 * 60 * 1000),
        venue: 'Lecture Hall 1',
        mode: 'offline',
        ...overrides,
      })
      .returning(),
  );
}

const TARGET_COLUMNS = ['targetUserId', 'targetEventId', 'targetUnitId', 'targetPositionId'] as const;

/** Feedback about a user unless another target type is given; the matching target is created when absent. */
export async function createFeedback(
  db: Database,
  overrides: Partial<S.NewFeedback> = {},
): Promise<S.Feedback> {
  const targetType = overrides.targetType ?? 'User';
  const target: Partial<S.NewFeedback> = {};
  if (!TARGET_COLUMNS.some((column) => column in overrides)) {
    if (targetType === 'User') target.targetUserId = (await createUser(db)).id;
    if (targetType === 'Event') target.targetEventId = (await createEvent(db)).id;
    if (targetType === 'Club/Organization') target.targetUnitId = (await createOrgUnit(db)).id;
    if (targetType === 'POR') target.targetPositionId = (await createPosition(db)).id;
  }
  const authorId = overrides.authorId ?? (await createUser(db)).id;
  return only(
    await db
      .insert(feedback)
      .values({
        type: 'Suggestion',
        rating: 4,
        comments: 'The workshop was useful; more hands-on time would help.',
        ...target,
        ...overrides,
        targetType,
        authorId,
      })
      .returning(),
  );
}

/** The room a migration seeds, e.g. 'Room A'. */
export async function findRoom(db: Database, name = 'Room A'): Promise<S.Room> {
  const [room] = await db.select().from(rooms).where(eq(rooms.name, name)).limit(1);
  if (!room) throw new Error(`room ${name} is missing`);
  return room;
}

/** A pending booking of Room A, tomorrow 10:00 to 11:00, unless told otherwise. */
export async function createRoomBooking(
  db: Database,
  overrides: Partial<S.NewRoomBooking> = {},
): Promise<S.RoomBooking> {
  const roomId = overrides.roomId ?? (await findRoom(db)).id;
  const requestedBy = overrides.requestedBy ?? (await createUser(db)).id;
  return only(
    await db
      .insert(roomBookings)
      .values({
        date: isoDate(new Date(Date.now() + DAY_MS)),
        startTime: '10:00',
        endTime: '11:00',
        description: 'Club meeting to plan the semester.',
        ...overrides,
        roomId,
        requestedBy,
      })
      .returning(),
  );
}

// Appended for the home dashboard tests; an import is hoisted wherever it stands.
import {
  achievements as achievementsTable,
  userSkills as userSkillsTable,
} from '../src/db/schema/index';

/** An unverified technical achievement of a user (created when none is given), achieved a month ago. */
export async function createAchievement(
  db: Database,
  overrides: Partial<S.NewAchievement> = {},
): Promise<S.Achievement> {
  const n = next();
  const userId = overrides.userId ?? (await createUser(db)).id;
  return only(
    await db
      .insert(achievementsTable)
      .values({
        title: `Hackathon Finalist ${n}`,
        description: 'Reached the final round of the institute hackathon.',
        category: 'Hackathon',
        type: 'technical',
        level: 'college',
        dateAchieved: isoDate(new Date(Date.now() - 30 * DAY_MS)),
        position: 'Finalist',
        ...overrides,
        userId,
      })
      .returning(),
  );
}

/** A skill a user claims (both created when not given), at beginner level. */
export async function createUserSkill(
  db: Database,
  overrides: Partial<S.NewUserSkill> = {},
): Promise<S.UserSkill> {
  const userId = overrides.userId ?? (await createUser(db)).id;
  const skillId = overrides.skillId ?? (await createSkill(db)).id;
  return only(
    await db
      .insert(userSkillsTable)
      .values({ ...overrides, userId, skillId })
      .returning(),
  );
}

// Appended for the events tests.
import { eventOrganizers as eventOrganizersTable } from '../src/db/schema/index';

/** Makes the users organizers of the event. */
export async function addEventOrganizers(
  db: Database,
  eventId: string,
  userIds: string[],
): Promise<void> {
  await db.insert(eventOrganizersTable).values(userIds.map((userId) => ({ eventId, userId })));
}
