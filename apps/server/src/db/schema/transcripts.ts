import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { StoredTranscriptContent, TranscriptInstitute } from '@cosa/contracts';
import { createdAt } from './helpers';
import { users } from './users';

/**
 * An issued co-curricular transcript: a frozen copy of the records the student chose. Its random
 * id is the public verification address. The database refuses any change but revoking it once.
 */
export const transcripts = pgTable(
  'transcripts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // As stored: one issued before attendance could be chosen holds none (read through TranscriptContentSchema).
    content: jsonb('content').$type<StoredTranscriptContent>().notNull(),
    institute: jsonb('institute').$type<TranscriptInstitute>().notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('transcripts_user_id_idx').on(t.userId, t.issuedAt.desc())],
);

/**
 * The keys that sign credentials. One is active; retired keys stay published so that what they
 * signed still verifies. Kept in the database so that every server process signs with the same key.
 */
export const signingKeys = pgTable(
  'signing_keys',
  {
    /** The RFC 7638 thumbprint of the public key. */
    id: text('id').primaryKey(),
    publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
    privateJwk: jsonb('private_jwk').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('signing_keys_one_active_key')
      .on(sql`(true)`)
      .where(sql`${t.retiredAt} is null`),
  ],
);

export type Transcript = typeof transcripts.$inferSelect;
export type SigningKey = typeof signingKeys.$inferSelect;
