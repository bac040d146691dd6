import { and, eq, isNull, sql } from 'drizzle-orm';
import * as oidc from 'openid-client';
import { isInstituteEmail, type SessionUser } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { emailVerificationTokens, passwordResetTokens, sessions, users } from '../../db/schema/index';
import { uniqueViolationOf } from '../../lib/db-errors';
import { findUserByEmail, insertStudentAccount } from './auth.service';
import { loadSessionUser } from './session.service';

export type GoogleSettings = { clientId: string; clientSecret: string; issuerUrl: string };

/** What the browser keeps between the redirect to Google and the way back. */
export type GoogleFlow = { state: string; nonce: string; verifier: string };

/** What the ID token says of the user; hostedDomain is Google's `hd` claim, present only for a Workspace account. */
export type GoogleIdentity = {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  hostedDomain: string | null;
  name: string | null;
};

/** Why a Google sign-in was refused; the sign-in page shows a message for each. */
export type GoogleRefusal =
  'google_unverified' | 'google_domain' | 'google_failed' | 'account_deactivated';

export class GoogleSignInRefused extends Error {
  constructor(
    readonly reason: GoogleRefusal,
    message: string,
  ) {
    super(message);
    this.name = 'GoogleSignInRefused';
  }
}

const configurations = new Map<string, Promise<oidc.Configuration>>();

function isLoopbackHttp(url: URL): boolean {
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/** The provider's discovered configuration, fetched once per issuer and client; a failure is retried next time. */
function googleConfiguration(settings: GoogleSettings): Promise<oidc.Configuration> {
  const key = `${settings.issuerUrl}|${settings.clientId}`;
  const cached = configurations.get(key);
  if (cached) return cached;
  const issuer = new URL(settings.issuerUrl);
  // Plain HTTP only for a provider on this machine, as in tests; never for a remote one.
  const options = isLoopbackHttp(issuer) ? { execute: [oidc.allowInsecureRequests] } : undefined;
  const discovered = oidc.discovery(
    issuer,
    settings.clientId,
    settings.clientSecret,
    undefined,
    options,
  );
  configurations.set(key, discovered);
  discovered.catch(() => configurations.delete(key));
  return discovered;
}

/** The provider's sign-in address with state, nonce and a PKCE challenge, and the flow to keep. */
export async function startGoogleSignIn(
  settings: GoogleSettings,
  redirectUri: string,
  domain: string,
): Promise<{ url: string; flow: GoogleFlow }> {
  const configuration = await googleConfiguration(settings);
  const flow: GoogleFlow = {
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    verifier: oidc.randomPKCECodeVerifier(),
  };
  const url = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid email profile',
    state: flow.state,
    nonce: flow.nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(flow.verifier),
    code_challenge_method: 'S256',
    prompt: 'select_account',
    // Google offers the institute's accounts first.
    hd: domain,
  });
  return { url: url.href, flow };
}

function nameOf(claims: oidc.IDToken): string | null {
  const full = typeof claims.name === 'string' ? claims.name.trim() : '';
  if (full) return full;
  const parts = [claims.given_name, claims.family_name].filter(
    (part): part is string => typeof part === 'string' && part.trim() !== '',
  );
  return parts.length > 0 ? parts.join(' ').trim() : null;
}

/** Exchanges the code of the provider's answer (checking state, nonce and PKCE) for the user's identity. */
export async function finishGoogleSignIn(
  settings: GoogleSettings,
  callbackUrl: URL,
  flow: GoogleFlow,
): Promise<GoogleIdentity> {
  const configuration = await googleConfiguration(settings);
  const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
    pkceCodeVerifier: flow.verifier,
    expectedState: flow.state,
    expectedNonce: flow.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims) throw new Error('the provider returned no ID token');
  return {
    subject: claims.sub,
    email: typeof claims.email === 'string' ? claims.email.trim() : null,
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    hostedDomain: typeof claims.hd === 'string' ? claims.hd.trim().toLowerCase() : null,
    name: nameOf(claims),
  };
}

async function findBySubject(db: Database, subject: string) {
  const [row] = await db
    .select({ id: users.id, deactivatedAt: users.deactivatedAt })
    .from(users)
    .where(eq(users.googleSubject, subject))
    .limit(1);
  return row ?? null;
}

/** An administrator deactivated the account: Google proves who it is, but it may not sign in (nor be linked or taken over). */
function refuseDeactivated(account: { deactivatedAt: Date | null }): void {
  if (account.deactivatedAt)
    throw new GoogleSignInRefused('account_deactivated', 'the account is deactivated');
}

/**
 * Gives a never-proven account to the owner of its address, whom Google has just proven: whoever
 * registered it did not show they own the mailbox, so their password, links, sessions, name and
 * student id go (an account of the student roll keeps the roll's). Only an account still unproven
 * and unlinked is taken; false when there is none.
 */
async function takeOverUnprovenAccount(
  db: Database,
  userId: string,
  identity: GoogleIdentity,
  name: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const taken = await tx
      .update(users)
      .set({
        googleSubject: identity.subject,
        passwordHash: null,
        emailVerifiedAt: sql`now()`,
        // An account of the student roll is claimed: the institute wrote its name and student id.
        name: sql`case when ${users.importedAt} is null then ${name} else ${users.name} end`,
        studentId: sql`case when ${users.importedAt} is null then null else ${users.studentId} end`,
        studentIdSource: sql`case when ${users.importedAt} is null then null else ${users.studentIdSource} end`,
      })
      .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt), isNull(users.googleSubject)))
      .returning({ id: users.id });
    if (taken.length === 0) return false;
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
    await tx.delete(emailVerificationTokens).where(eq(emailVerificationTokens.userId, userId));
    return true;
  });
}

/** Links a proven account to the Google identity; it keeps its password, both proving the same owner. */
async function linkProvenAccount(
  db: Database,
  userId: string,
  identity: GoogleIdentity,
): Promise<boolean> {
  const linked = await db
    .update(users)
    .set({ googleSubject: identity.subject })
    .where(and(eq(users.id, userId), isNull(users.googleSubject)))
    .returning({ id: users.id });
  return linked.length > 0;
}

/**
 * The account a Google identity signs in to: the one with that Google subject, else the one with
 * that e-mail (linked when its address was proven, taken over when it never was), else a new
 * student account without a password. Google is authoritative for an address only when it is
 * verified and the account is the institute's Google Workspace account (`hd` claim).
 */
export async function accountForGoogleIdentity(
  db: Database,
  identity: GoogleIdentity,
  domain: string,
): Promise<SessionUser> {
  if (!identity.emailVerified)
    throw new GoogleSignInRefused('google_unverified', 'the Google e-mail address is not verified');
  const email = identity.email;
  if (!email || !isInstituteEmail(email, domain) || identity.hostedDomain !== domain.toLowerCase()) {
    throw new GoogleSignInRefused('google_domain', 'the Google account is not of the institute');
  }
  const name = (identity.name ?? email.split('@')[0] ?? email).slice(0, 120);

  // Two sign-ins of the same person can race; the loser of a unique key or a condition looks again.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const known = await findBySubject(db, identity.subject);
    if (known) {
      refuseDeactivated(known);
      return (await loadSessionUser(db, known.id))!;
    }

    const byEmail = await findUserByEmail(db, email);
    if (byEmail) {
      refuseDeactivated(byEmail);
      if (byEmail.googleSubject && byEmail.googleSubject !== identity.subject) {
        throw new GoogleSignInRefused(
          'google_failed',
          'the account of this e-mail is linked to another Google identity',
        );
      }
      try {
        const done = byEmail.emailVerifiedAt
          ? await linkProvenAccount(db, byEmail.id, identity)
          : await takeOverUnprovenAccount(db, byEmail.id, identity, name);
        if (done) return (await loadSessionUser(db, byEmail.id))!;
      } catch (error) {
        if (uniqueViolationOf(error) === null) throw error;
      }
      continue;
    }

    try {
      const created = await insertStudentAccount(db, {
        email,
        name,
        googleSubject: identity.subject,
        emailVerified: true,
      });
      return (await loadSessionUser(db, created.id))!;
    } catch (error) {
      if (uniqueViolationOf(error) === null) throw error;
    }
  }
  throw new GoogleSignInRefused('google_failed', 'the account could not be found or created');
}
