import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { isInstituteEmail, isRole, PASSWORD_MIN_LENGTH, ROLES, type Role } from '@cosa/contracts';
import type { Database } from '../db/client';
import { orgUnits, users } from '../db/schema/index';
import { AppError } from '../lib/app-error';
import { uniqueViolationOf } from '../lib/db-errors';
import { generatePassword, hashPassword } from '../lib/passwords';
import { changeRole } from '../modules/admin-users/admin-users.service';
import { findUserByEmail, insertStudentAccount, normalizeEmail } from '../modules/auth/auth.service';
import { CliError } from './cli-error';

/** A role name as typed, checked against the seven roles (case-insensitive). */
export function parseRole(value: string): Role {
  const role = value.trim().toUpperCase();
  if (!isRole(role)) throw new CliError(`Unknown role '${value}': use one of ${ROLES.join(', ')}.`);
  return role;
}

export type CreateUserInput = {
  email: string;
  name: string;
  role: string;
  password?: string;
  studentId?: string;
  club?: string;
};

export type CheckedUserInput = {
  email: string;
  name: string;
  role: Role;
  password: string | null;
  studentId: string | null;
  club: string | null;
};

/** Checks the arguments of user:create before the database is opened. */
export function checkCreateUser(input: CreateUserInput, domain: string): CheckedUserInput {
  const role = parseRole(input.role);
  const email = normalizeEmail(input.email);
  if (!isInstituteEmail(email, domain))
    throw new CliError(
      `The e-mail must be an @${domain} address (INSTITUTE_EMAIL_DOMAIN): got '${input.email}'.`,
    );
  const name = input.name.trim();
  if (name === '' || name.length > 120) throw new CliError('The name must have 1 to 120 characters.');
  if (
    input.password !== undefined &&
    (input.password.length < PASSWORD_MIN_LENGTH || input.password.length > 200)
  ) {
    throw new CliError(`The password must have ${PASSWORD_MIN_LENGTH} to 200 characters.`);
  }
  const studentId = input.studentId?.trim() || null;
  if (studentId !== null && !/^[0-9]{1,20}$/.test(studentId))
    throw new CliError('The student id must be 1 to 20 digits.');
  if (studentId !== null && role === 'ADMIN')
    throw new CliError('An ADMIN is not a student: leave out --student-id.');
  const club = checkClubOption(role, input.club);
  return { email, name, role, password: input.password ?? null, studentId, club };
}

function checkClubOption(role: Role, club: string | undefined): string | null {
  const name = club?.trim() || null;
  if (role === 'CLUB_COORDINATOR' && !name)
    throw new CliError('A CLUB_COORDINATOR needs --club naming the club they coordinate.');
  if (role !== 'CLUB_COORDINATOR' && name)
    throw new CliError('--club applies only to the CLUB_COORDINATOR role.');
  return name;
}

/** The club in use (not retired) of a name (case-insensitive); the error lists some club names. */
async function findClub(db: Database, name: string): Promise<{ id: string; name: string }> {
  const inUse = and(eq(orgUnits.type, 'club'), isNull(orgUnits.retiredAt));
  const [club] = await db
    .select({ id: orgUnits.id, name: orgUnits.name })
    .from(orgUnits)
    .where(and(inUse, eq(sql`lower(${orgUnits.name})`, name.toLowerCase())))
    .limit(1);
  if (club) return club;
  const some = await db
    .select({ name: orgUnits.name })
    .from(orgUnits)
    .where(inUse)
    .orderBy(asc(orgUnits.name))
    .limit(8);
  const hint =
    some.length > 0
      ? ` Clubs include: ${some.map((row) => row.name).join(', ')}.`
      : ' The campus has no clubs yet.';
  throw new CliError(`No club is named '${name}'.${hint}`);
}

export type CreatedUser = {
  email: string;
  username: string;
  role: Role;
  club: string | null;
  generatedPassword: string | null;
};

/**
 * Creates an account; officials count as onboarded, students complete onboarding themselves. The
 * operator vouches for the address, so the account is created verified.
 */
export async function createUserAccount(db: Database, input: CheckedUserInput): Promise<CreatedUser> {
  const generatedPassword = input.password === null ? generatePassword() : null;
  const passwordHash = await hashPassword(input.password ?? generatedPassword ?? '');
  try {
    return await db.transaction(async (tx) => {
      if (await findUserByEmail(tx, input.email))
        throw new CliError(`An account with the e-mail ${input.email} already exists.`);
      const club = input.club ? await findClub(tx, input.club) : null;
      const created = await insertStudentAccount(tx, {
        email: input.email,
        name: input.name,
        studentId: input.studentId,
        passwordHash,
        emailVerified: true,
      });
      await tx
        .update(users)
        .set({
          role: input.role,
          onboardingComplete: input.role !== 'STUDENT',
          clubUnitId: club?.id ?? null,
        })
        .where(eq(users.id, created.id));
      return {
        email: created.email,
        username: created.username,
        role: input.role,
        club: club?.name ?? null,
        generatedPassword,
      };
    });
  } catch (error) {
    const constraint = uniqueViolationOf(error);
    if (constraint === 'users_student_id_key')
      throw new CliError(`An account with the student id ${input.studentId ?? ''} already exists.`);
    if (constraint === 'users_email_lower_key')
      throw new CliError(`An account with the e-mail ${input.email} already exists.`);
    throw error;
  }
}

export type RoleChange = { email: string; from: Role; to: Role; club: string | null };

/**
 * Changes a user's role with the rules of the administration pages (changeRole: one
 * implementation): a club coordinator is linked to a club, any other role is unlinked; only a
 * proven account holds a role; the last active administrator stays one.
 */
export async function setUserRole(
  db: Database,
  input: { email: string; role: string; club?: string },
): Promise<RoleChange> {
  const role = parseRole(input.role);
  const clubName = checkClubOption(role, input.club);
  return db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, input.email);
    if (!user) throw new CliError(`No account has the e-mail ${normalizeEmail(input.email)}.`);
    const club = clubName ? await findClub(tx, clubName) : null;
    try {
      const change = await changeRole(tx, user.id, { role, clubId: club?.id ?? null }, null);
      return { email: change.email, from: change.from, to: change.to, club: change.club?.name ?? null };
    } catch (error) {
      if (error instanceof AppError) throw new CliError(`${user.email}: ${error.message}`);
      throw error;
    }
  });
}
