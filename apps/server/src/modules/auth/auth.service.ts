import { and, eq, isNull, like, sql } from 'drizzle-orm';
import {
  AUTH_MESSAGES,
  ERROR_CODES,
  ID_CONFLICT_MESSAGES,
  rollImportTexts,
  type RegisterRequest,
  type SessionUser,
} from '@cosa/contracts';
import type { Database } from '../../db/client';
import { users, type User } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { uniqueViolationOf } from '../../lib/db-errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { newToken } from '../../lib/tokens';
import { loadSessionUser } from './session.service';

const USERNAME_ATTEMPTS = 5;

/** E-mail addresses are stored and compared lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(db: Database, email: string): Promise<User | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, normalizeEmail(email)))
    .limit(1);
  return row ?? null;
}

/** The lower-cased local part of the address, with the smallest numeric suffix that is free. */
async function freeUsername(db: Database, email: string): Promise<string> {
  const base = (normalizeEmail(email).split('@')[0] ?? '') || 'user';
  const pattern = `${base.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  const rows = await db
    .select({ username: users.username })
    .from(users)
    .where(like(users.username, pattern));
  const taken = new Set(rows.map((row) => row.username));
  if (!taken.has(base)) return base;
  for (let suffix = 2; ; suffix += 1) {
    if (!taken.has(`${base}${suffix}`)) return `${base}${suffix}`;
  }
}

export type NewAccount = {
  email: string;
  name: string;
  studentId?: string | null;
  passwordHash?: string | null;
  googleSubject?: string | null;
  /** True when the address is already proven (Google, or an operator creating the account). */
  emailVerified?: boolean;
};

/**
 * Creates a student account that has not finished onboarding, with a unique username; its address
 * is unproven unless said otherwise.
 * Unique violations other than the username's are left to the caller.
 */
export async function insertStudentAccount(db: Database, account: NewAccount): Promise<User> {
  for (let attempt = 1; ; attempt += 1) {
    const username = await freeUsername(db, account.email);
    try {
      const [row] = await db
        .insert(users)
        .values({
          email: normalizeEmail(account.email),
          name: account.name,
          // Every account with a student id has an official name: the name it registered with.
          officialName: account.studentId ? account.name : null,
          username,
          studentId: account.studentId ?? null,
          studentIdSource: account.studentId ? 'self' : null,
          passwordHash: account.passwordHash ?? null,
          googleSubject: account.googleSubject ?? null,
          emailVerifiedAt: account.emailVerified ? new Date() : null,
          role: 'STUDENT',
          onboardingComplete: false,
        })
        .returning();
      return row!;
    } catch (error) {
      // Another account took the same username a moment earlier: pick again.
      if (uniqueViolationOf(error) === 'users_username_key' && attempt < USERNAME_ATTEMPTS) continue;
      throw error;
    }
  }
}

const emailTaken = () =>
  AppError.conflict(AUTH_MESSAGES.emailTaken, { email: AUTH_MESSAGES.emailTaken });
const studentIdTaken = () =>
  AppError.conflict(AUTH_MESSAGES.studentIdTaken, { studentId: AUTH_MESSAGES.studentIdTaken });

/**
 * Takes a student id off an account whose e-mail was never proven: such a claim is only what a
 * registrant typed, and must not keep the id from its owner. Verified holders keep theirs until
 * the roll or the administrator settles it (decision 0015), and so do accounts of the student roll.
 */
export async function releaseUnprovenStudentId(db: Database, studentId: string): Promise<void> {
  await db
    .update(users)
    .set({ studentId: null, studentIdSource: null })
    .where(
      and(
        eq(users.studentId, studentId),
        isNull(users.emailVerifiedAt),
        isNull(users.importedAt),
        sql`${users.studentIdSource} is distinct from 'roll' and ${users.studentIdSource} is distinct from 'admin'`,
      ),
    );
}

/** An account of the student roll that its student has not claimed yet (no link opened, no Google sign-in). */
function isUnclaimed(user: { importedAt: Date | null; emailVerifiedAt: Date | null }): boolean {
  return user.importedAt !== null && user.emailVerifiedAt === null;
}

/**
 * Registers a student with a password; 409 when the e-mail has an account, or the student id is
 * the institute's word for another account (the roll's, or confirmed by the administrator). An
 * unproven account's claim to the id is released; a proven address's claim that nobody confirmed
 * does not block: the account is made without the id, and onboarding, which asks for it again,
 * offers to ask the administrator for it (decision 0015). A student of the roll whose account
 * waits to be claimed is told to claim it instead: a second account is never made.
 */
export async function register(
  db: Database,
  input: RegisterRequest,
  googleEnabled: boolean,
): Promise<SessionUser> {
  const email = normalizeEmail(input.email);
  const [emailOwner, studentIdOwner] = await Promise.all([
    findUserByEmail(db, email),
    db
      .select({
        id: users.id,
        emailVerifiedAt: users.emailVerifiedAt,
        importedAt: users.importedAt,
        source: users.studentIdSource,
      })
      .from(users)
      .where(eq(users.studentId, input.studentId))
      .limit(1),
  ]);
  const fields: Record<string, string> = {};
  if (emailOwner)
    fields.email = isUnclaimed(emailOwner)
      ? rollImportTexts(googleEnabled).alreadyOnRoll
      : AUTH_MESSAGES.emailTaken;
  const idOwner = studentIdOwner[0];
  if (idOwner && isUnclaimed(idOwner)) fields.studentId = rollImportTexts(googleEnabled).alreadyOnRoll;
  else if (idOwner && (idOwner.source === 'roll' || idOwner.source === 'admin'))
    fields.studentId = ID_CONFLICT_MESSAGES.provenElsewhere;
  // Another proven address claimed it, unconfirmed: registration goes on without the id.
  const withoutId = idOwner !== undefined && idOwner.emailVerifiedAt !== null;
  const first = Object.values(fields)[0];
  if (first) throw AppError.conflict(first, fields);

  const passwordHash = await hashPassword(input.password);
  let user: User;
  try {
    user = await db.transaction(async (tx) => {
      await releaseUnprovenStudentId(tx, input.studentId);
      return insertStudentAccount(tx, {
        email,
        name: input.name,
        studentId: withoutId ? null : input.studentId,
        passwordHash,
      });
    });
  } catch (error) {
    const constraint = uniqueViolationOf(error);
    if (constraint === 'users_email_lower_key') throw emailTaken();
    if (constraint === 'users_student_id_key') throw studentIdTaken();
    throw error;
  }
  return (await loadSessionUser(db, user.id))!;
}

let dummyHash: Promise<string> | undefined;

/** A hash no password matches, verified for unknown e-mails so that they take as long as known ones. */
function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(newToken());
  return dummyHash;
}

/** The user of an e-mail and password; 401 with one message for every kind of mismatch. */
export async function authenticate(
  db: Database,
  email: string,
  password: string,
  googleEnabled: boolean,
): Promise<SessionUser> {
  const refused = () => AppError.unauthenticated(AUTH_MESSAGES.invalidCredentials);
  const user = await findUserByEmail(db, email);
  if (!user?.passwordHash) {
    await verifyPassword(await dummyPasswordHash(), password);
    // Registration with this address says as much already (the roll's accounts are the
    // institute's addresses), so telling how to claim it reveals nothing more.
    if (user && isUnclaimed(user) && !user.googleSubject && !user.deactivatedAt)
      throw AppError.unauthenticated(rollImportTexts(googleEnabled).notClaimed);
    throw refused();
  }
  if (!(await verifyPassword(user.passwordHash, password))) throw refused();
  // Said only to someone who knows the password: to anyone else a deactivated account looks like any other.
  if (user.deactivatedAt)
    throw new AppError(403, ERROR_CODES.accountDeactivated, AUTH_MESSAGES.accountDeactivated);
  const sessionUser = await loadSessionUser(db, user.id);
  if (!sessionUser) throw refused();
  return sessionUser;
}
