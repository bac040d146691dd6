import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { AUTH_MESSAGES } from '@cosa/contracts';
import type { Database } from '../../db/client';
import {
  achievements,
  passwordResetTokens,
  positionHolders,
  sessions,
  studentProfiles,
  users,
} from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import type { MailLog, MailMessage, Mailer } from '../../lib/mailer';
import { hashPassword } from '../../lib/passwords';
import { hashToken, newToken } from '../../lib/tokens';
import { linkMail, portalName, type AccountMailSettings } from './account-mail';
import { findUserByEmail } from './auth.service';

/** A reset link works once, for this long. */
const RESET_TOKEN_TTL_MS = 15 * 60 * 1000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type PasswordResetDeps = {
  db: Database;
  mailer: Mailer;
  log: MailLog;
  settings: AccountMailSettings;
};

/** The e-mail carrying a reset link. */
export function resetMail(
  settings: AccountMailSettings,
  to: { email: string },
  link: string,
): MailMessage {
  const portal = portalName(settings);
  return linkMail(settings, to, {
    subject: `Reset your ${portal} password`,
    before: [
      `Someone asked to reset the password of your ${portal} account (${settings.instituteName}).`,
      `To choose a new password, open this link within ${RESET_TOKEN_TTL_MS / 60_000} minutes:`,
    ],
    linkLabel: 'Reset your password',
    link,
    after: [
      'The link works once. If you did not ask for it, ignore this e-mail; your password stays as it is.',
    ],
  });
}

/**
 * Starts a password reset: for an account with this address, stores a new single-use token and
 * e-mails its link (in the background; a failure is logged). An unknown address does nothing, so
 * the answer never reveals whether it has an account; a deactivated account is treated as unknown. 400 for an account that signs in only with Google.
 */
export async function requestPasswordReset(
  deps: PasswordResetDeps,
  email: string,
  now = new Date(),
): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  // A deactivated account gets no link, with the same answer as an unknown address.
  if (!user || user.deactivatedAt) return;
  if (!user.passwordHash && user.googleSubject) throw AppError.badRequest(AUTH_MESSAGES.googleAccount);
  const token = newToken();
  await deps.db.insert(passwordResetTokens).values({
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
  });
  const link = `${deps.settings.publicUrl}/reset-password/${user.id}/${token}`;
  deps.mailer
    .send(resetMail(deps.settings, user, link))
    .catch((error: unknown) =>
      deps.log.error({ err: error, userId: user.id }, 'the password reset e-mail could not be sent'),
    );
}

type TokenProblem = 'tokenInvalid' | 'tokenExpired' | 'tokenUsed';

async function tokenProblem(
  db: Database,
  userId: string,
  token: string,
  now: Date,
): Promise<TokenProblem | null> {
  if (!UUID.test(userId)) return 'tokenInvalid';
  const [row] = await db
    .select({
      userId: passwordResetTokens.userId,
      expiresAt: passwordResetTokens.expiresAt,
      usedAt: passwordResetTokens.usedAt,
    })
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.tokenHash, hashToken(token)))
    .limit(1);
  if (!row || row.userId !== userId) return 'tokenInvalid';
  if (row.usedAt) return 'tokenUsed';
  if (row.expiresAt.getTime() <= now.getTime()) return 'tokenExpired';
  return null;
}

/** 400 with the reason unless the link of this user and token can still be used. */
export async function checkResetToken(
  db: Database,
  userId: string,
  token: string,
  now = new Date(),
): Promise<void> {
  const problem = await tokenProblem(db, userId, token, now);
  if (problem) throw AppError.badRequest(AUTH_MESSAGES[problem]);
}

/**
 * Sets a new password through a reset link. The token is consumed by one conditional update, so
 * of two concurrent resets only one succeeds; the user's other links stop working and every
 * session of the user ends. Resolves to the account's e-mail address.
 */
export async function resetPassword(
  db: Database,
  userId: string,
  token: string,
  password: string,
): Promise<string> {
  await checkResetToken(db, userId, token);
  const passwordHash = await hashPassword(password);
  const email = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashToken(token)),
          eq(passwordResetTokens.userId, userId),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ id: passwordResetTokens.id });
    if (!row) return null;
    // The link reached the mailbox, so it proves the address as the verification link does. The
    // name and student id typed by whoever registered a never-proven account are not the owner's:
    // the id goes, the name becomes the address's local part until the owner writes theirs.
    // Every other account keeps both: one of the student roll (the institute wrote them, and this
    // link claims it), and one that was ever used (onboarding needs a proven address) or that holds
    // a student profile or records, whatever its address's state now.
    const owns = (table: typeof studentProfiles | typeof achievements | typeof positionHolders) =>
      sql`exists (select 1 from ${table} where ${table.userId} = ${users.id})`;
    const unproven = sql`(${users.emailVerifiedAt} is null and ${users.importedAt} is null and not ${users.onboardingComplete}
      and not ${owns(studentProfiles)} and not ${owns(achievements)} and not ${owns(positionHolders)})`;
    const [account] = await tx
      .update(users)
      .set({
        passwordHash,
        name: sql`case when ${unproven} then split_part(${users.email}, '@', 1) else ${users.name} end`,
        studentId: sql`case when ${unproven} then null else ${users.studentId} end`,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
      })
      .where(eq(users.id, userId))
      .returning({ email: users.email });
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    return account?.email ?? null;
  });
  if (email === null) {
    await checkResetToken(db, userId, token);
    throw AppError.badRequest(AUTH_MESSAGES.tokenInvalid);
  }
  return email;
}
