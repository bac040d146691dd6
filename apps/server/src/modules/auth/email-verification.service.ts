import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { AUTH_MESSAGES, ERROR_CODES } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { emailVerificationTokens, users } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import type { MailLog, MailMessage, Mailer } from '../../lib/mailer';
import { verifyPassword } from '../../lib/passwords';
import { hashToken, newToken } from '../../lib/tokens';
import { linkMail, portalName, type AccountMailSettings } from './account-mail';

/** A verification link works once, for this long. */
const VERIFICATION_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

export type VerificationDeps = {
  db: Database;
  mailer: Mailer;
  log: MailLog;
  settings: AccountMailSettings;
};

/** The e-mail carrying a verification link. */
function verificationMail(
  settings: AccountMailSettings,
  to: { email: string },
  link: string,
): MailMessage {
  const portal = portalName(settings);
  return linkMail(settings, to, {
    subject: `Verify your e-mail for the ${portal}`,
    before: [
      `An account of the ${portal} (${settings.instituteName}) was registered with this address.`,
      `To confirm that it is yours, open this link within ${VERIFICATION_TOKEN_TTL_MS / 3_600_000} hours:`,
    ],
    linkLabel: 'Verify your e-mail',
    link,
    after: [
      'The link works once. If you did not register, ignore this e-mail: nobody can use the account without it.',
    ],
  });
}

/** Stores a new single-use verification token for the user and e-mails its link (in the background; a failure is logged). */
export async function sendVerificationMail(
  deps: VerificationDeps,
  user: { id: string; email: string; name: string },
): Promise<void> {
  const token = newToken();
  await deps.db.insert(emailVerificationTokens).values({
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + VERIFICATION_TOKEN_TTL_MS),
  });
  const link = `${deps.settings.publicUrl}/verify-email/${token}`;
  deps.mailer
    .send(verificationMail(deps.settings, user, link))
    .catch((error: unknown) =>
      deps.log.error({ err: error, userId: user.id }, 'the verification e-mail could not be sent'),
    );
}

/** Sends a new link to a signed-in user whose address is not proven yet; 409 once it is. */
export async function resendVerificationMail(deps: VerificationDeps, userId: string): Promise<void> {
  const [user] = await deps.db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      emailVerifiedAt: users.emailVerifiedAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) throw AppError.unauthenticated();
  if (user.emailVerifiedAt) throw AppError.conflict(AUTH_MESSAGES.alreadyVerified);
  await sendVerificationMail(deps, user);
}

/** The refusal sign-in gives a deactivated account, given here to whoever holds one of its valid links. */
const accountDeactivated = () =>
  new AppError(403, ERROR_CODES.accountDeactivated, AUTH_MESSAGES.accountDeactivated);

/**
 * The account of a verification link that can still be used; 400 with the reason otherwise, and
 * 403 ACCOUNT_DEACTIVATED when the link is valid but an administrator deactivated the account.
 * Uses nothing up.
 */
export async function verificationTokenOwner(
  db: Database,
  token: string,
): Promise<{ id: string; email: string; passwordHash: string | null }> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      passwordHash: users.passwordHash,
      deactivatedAt: users.deactivatedAt,
    })
    .from(emailVerificationTokens)
    .innerJoin(users, eq(users.id, emailVerificationTokens.userId))
    .where(
      and(
        eq(emailVerificationTokens.tokenHash, hashToken(token)),
        isNull(emailVerificationTokens.usedAt),
        gt(emailVerificationTokens.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  if (!row) throw await refusal(db, hashToken(token));
  if (row.deactivatedAt) throw accountDeactivated();
  return { id: row.id, email: row.email, passwordHash: row.passwordHash };
}

async function refusal(db: Database, tokenHash: string): Promise<AppError> {
  const [row] = await db
    .select({ usedAt: emailVerificationTokens.usedAt, expiresAt: emailVerificationTokens.expiresAt })
    .from(emailVerificationTokens)
    .where(eq(emailVerificationTokens.tokenHash, tokenHash))
    .limit(1);
  if (!row) return AppError.badRequest(AUTH_MESSAGES.verificationInvalid);
  if (row.usedAt) return AppError.badRequest(AUTH_MESSAGES.verificationUsed);
  return AppError.badRequest(AUTH_MESSAGES.verificationExpired);
}

const passwordProblem = (message: string) => AppError.badRequest(message, { password: message });

/**
 * Whoever opens the mail owns the mailbox, but only the account's password shows they registered
 * the account: a browser not signed in to it must give the password (400 on that field without).
 */
export function registrantPassword(password: string | undefined): string {
  if (password === undefined) throw passwordProblem(AUTH_MESSAGES.verificationPasswordNeeded);
  return password;
}

/** Checks the password given with a verification link against the account's; 400 on that field when it is wrong. */
export async function checkRegistrantPassword(
  owner: { passwordHash: string | null },
  password: string,
): Promise<void> {
  if (!owner.passwordHash || !(await verifyPassword(owner.passwordHash, password)))
    throw passwordProblem(AUTH_MESSAGES.verificationWrongPassword);
}

/**
 * Proves the address of the token's account. The token is consumed by one conditional update, so
 * it works once even when opened twice at the same moment; the account's other links stop working.
 * 400 with the reason for an unknown, used or expired token; 403 ACCOUNT_DEACTIVATED, using
 * nothing up, for a deactivated account. Returns the account's id.
 */
export async function verifyEmail(db: Database, token: string): Promise<string> {
  const tokenHash = hashToken(token);
  const userId = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(emailVerificationTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(emailVerificationTokens.tokenHash, tokenHash),
          isNull(emailVerificationTokens.usedAt),
          gt(emailVerificationTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: emailVerificationTokens.userId });
    if (!row) return null;
    // Checked again on the locked row: a deactivation committed since the route's check wins.
    const [active] = await tx
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(and(eq(users.id, row.userId), isNull(users.deactivatedAt)))
      .returning({ id: users.id });
    if (!active) throw accountDeactivated();
    await tx
      .update(emailVerificationTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(eq(emailVerificationTokens.userId, row.userId), isNull(emailVerificationTokens.usedAt)),
      );
    return row.userId;
  });
  if (!userId) throw await refusal(db, tokenHash);
  return userId;
}
