import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './helpers';
import { users } from './users';

/** Signed-in sessions; only the SHA-256 hex digest of the opaque cookie token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    index('sessions_user_id_idx').on(t.userId),
    index('sessions_expires_at_idx').on(t.expiresAt),
    check('sessions_token_hash_check', sql`${t.tokenHash} ~ '^[0-9a-f]{64}$'`),
  ],
);

/** A table of single-use links of accounts: only the digest of each token, its expiry and its use. */
function singleUseLinks<N extends string>(name: N, options: { indexExpiry?: boolean } = {}) {
  return pgTable(
    name,
    {
      id: uuid('id').primaryKey().defaultRandom(),
      userId: uuid('user_id')
        .notNull()
        .references(() => users.id, { onDelete: 'cascade' }),
      tokenHash: text('token_hash').notNull(),
      expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
      usedAt: timestamp('used_at', { withTimezone: true }),
      createdAt: createdAt(),
    },
    (t) => [
      uniqueIndex(`${name}_token_hash_key`).on(t.tokenHash),
      index(`${name}_user_id_idx`).on(t.userId),
      ...(options.indexExpiry ? [index(`${name}_expires_at_idx`).on(t.expiresAt)] : []),
      check(`${name}_token_hash_check`, sql`${t.tokenHash} ~ '^[0-9a-f]{64}$'`),
    ],
  );
}

/** Single-use password reset links. */
export const passwordResetTokens = singleUseLinks('password_reset_tokens');

/** Single-use links that prove the owner of an account's e-mail address. */
export const emailVerificationTokens = singleUseLinks('email_verification_tokens', {
  indexExpiry: true,
});

/**
 * Attempt counters of the rate limits, one row per key and fixed window, shared by every server
 * process on the database; counted by one atomic upsert.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counters_reset_at_idx').on(t.resetAt)],
);

/** Secrets the server generates once and every process shares, such as the cookie-signing key. */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

export type Session = typeof sessions.$inferSelect;
export type NewSession = typeof sessions.$inferInsert;
export type PasswordResetToken = typeof passwordResetTokens.$inferSelect;
export type NewPasswordResetToken = typeof passwordResetTokens.$inferInsert;
