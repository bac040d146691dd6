import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  CGPA_MAX,
  SINGLE_SEAT_ROLES,
  CGPA_MIN,
  CURRENT_YEARS,
  GENDERS,
  HOSTELS,
  MIN_ADMISSION_YEAR,
  PROGRAMS,
  ROLES,
  STUDENT_ID_SOURCES,
} from '@cosa/contracts';
import { cgpaColumn, createdAt, oneOf, updatedAt } from './helpers';
import { orgUnits } from './org-units';

/** Accounts of students and officials. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    studentId: text('student_id'),
    /** The name the student chose to be shown by (the profile edits it). */
    name: text('name').notNull(),
    /** The institute's name for the student (the roll's, or the name at onboarding); only the administrator changes it. */
    officialName: text('official_name'),
    /** Where the student id came from: 'roll' or 'admin' (proven), else (null or 'self') typed by the student, unproven. */
    studentIdSource: text('student_id_source', { enum: STUDENT_ID_SOURCES }),
    role: text('role', { enum: ROLES }).notNull().default('STUDENT'),
    passwordHash: text('password_hash'),
    googleSubject: text('google_subject'),
    /** When the owner proved the address (the verification link, a password reset link, or Google); null until then. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    onboardingComplete: boolean('onboarding_complete').notNull().default(false),
    clubUnitId: uuid('club_unit_id').references(() => orgUnits.id, { onDelete: 'set null' }),
    /** Set by an administrator: the account cannot sign in and has no sessions until reactivated. */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    /** When the account was erased (decision 0041): de-identified, without sign-in, kept only for what the institute must keep. */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    /** Created from the student roll (CSV import): no credential until the student claims it by a link or Google. */
    importedAt: timestamp('imported_at', { withTimezone: true }),
    /** Name and username in lower case, for the people pickers' contains-search through one trigram index. */
    searchKey: text('search_key').generatedAlwaysAs(sql`lower(name || ' ' || username)`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_key').on(t.username),
    uniqueIndex('users_student_id_key').on(t.studentId),
    uniqueIndex('users_google_subject_key').on(t.googleSubject),
    index('users_role_idx').on(t.role),
    // One president and one general secretary of each council at a time, deactivated accounts included.
    uniqueIndex('users_single_seat_role_key')
      .on(t.role)
      .where(sql.raw(`role in (${SINGLE_SEAT_ROLES.map((role) => `'${role}'`).join(', ')})`)),
    index('users_club_unit_id_idx').on(t.clubUnitId),
    index('users_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    index('users_username_trgm_idx').using('gin', t.username.op('gin_trgm_ops')),
    index('users_student_id_trgm_idx').using('gin', t.studentId.op('gin_trgm_ops')),
    // Names and usernames by a fragment (the people pickers, the administrator's user list): the
    // pickers rank a bounded set of its matches by closeness themselves.
    index('users_search_key_gin_trgm_idx').using('gin', t.searchKey.op('gin_trgm_ops')),
    // The people pickers' first page, before anything is typed.
    index('users_name_id_idx').on(t.name, t.id),
    // Student-id prefixes ('2300%') through a btree whatever the database's collation.
    index('users_student_id_prefix_idx').using('btree', t.studentId.op('text_pattern_ops')),
    check('users_role_check', oneOf(t.role, ROLES)),
    check('users_student_id_digits_check', sql`${t.studentId} ~ '^[0-9]+$'`),
    check('users_student_id_source_check', oneOf(t.studentIdSource, STUDENT_ID_SOURCES)),
    check('users_email_not_blank_check', sql`length(trim(${t.email})) > 0`),
    check('users_username_not_blank_check', sql`length(trim(${t.username})) > 0`),
    // An account from the student roll waits, without a credential, for its student to claim it;
    // an erased account has none for good.
    check(
      'users_credential_check',
      sql`${t.passwordHash} is not null or ${t.googleSubject} is not null or ${t.importedAt} is not null or ${t.erasedAt} is not null`,
    ),
    // Only a proven account holds a role (design section 6).
    check(
      'users_role_needs_verified_email_check',
      sql`${t.role} = 'STUDENT' or ${t.emailVerifiedAt} is not null`,
    ),
  ],
);

/** A user's own profile: personal, academic (students) and contact information. */
export const studentProfiles = pgTable(
  'student_profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The mobile number given at onboarding; the profile edits the same column. */
    phone: text('phone'),
    gender: text('gender', { enum: GENDERS }),
    dateOfBirth: date('date_of_birth'),
    batchYear: integer('batch_year'),
    program: text('program', { enum: PROGRAMS }),
    branch: text('branch'),
    /** The year of study and the CGPA the student states on the profile: shown, never used for eligibility. */
    currentYear: text('current_year', { enum: CURRENT_YEARS }),
    cgpa: cgpaColumn('cgpa'),
    /**
     * The institute's CGPA (decision 0015): set by the roll import's CGPA column or the
     * administrator's approval of a correction, and the only CGPA eligibility reads.
     */
    instituteCgpa: cgpaColumn('institute_cgpa'),
    hostel: text('hostel', { enum: HOSTELS }),
    roomNumber: text('room_number'),
    githubUrl: text('github_url'),
    linkedinUrl: text('linkedin_url'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('student_profiles_batch_year_idx').on(t.batchYear),
    index('student_profiles_branch_idx').on(t.branch),
    check('student_profiles_phone_check', sql`${t.phone} ~ '^[0-9]{10}$'`),
    check('student_profiles_gender_check', oneOf(t.gender, GENDERS)),
    check(
      'student_profiles_batch_year_check',
      sql`${t.batchYear} >= ${sql.raw(String(MIN_ADMISSION_YEAR))}`,
    ),
    check('student_profiles_program_check', oneOf(t.program, PROGRAMS)),
    check('student_profiles_current_year_check', oneOf(t.currentYear, CURRENT_YEARS)),
    check(
      'student_profiles_cgpa_check',
      sql`${t.cgpa} between ${sql.raw(String(CGPA_MIN))} and ${sql.raw(String(CGPA_MAX))}`,
    ),
    check(
      'student_profiles_institute_cgpa_check',
      sql`${t.instituteCgpa} between ${sql.raw(String(CGPA_MIN))} and ${sql.raw(String(CGPA_MAX))}`,
    ),
    check('student_profiles_hostel_check', oneOf(t.hostel, HOSTELS)),
  ],
);

export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * A user's profile picture, re-encoded by the server; one per user. A new picture gets a new id,
 * so its address can be cached for good.
 */
export const userPhotos = pgTable(
  'user_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    image: bytea('image').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('user_photos_user_id_key').on(t.userId),
    check('user_photos_image_size_check', sql`octet_length(${t.image}) between 1 and 2097152`),
  ],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type StudentProfile = typeof studentProfiles.$inferSelect;
export type NewStudentProfile = typeof studentProfiles.$inferInsert;
