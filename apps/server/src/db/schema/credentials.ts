import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { REVOCATION_REASONS, STATUS_LIST_SIZE } from '@cosa/contracts';
import { createdAt, oneOf } from './helpers';
import { users } from './users';

/**
 * A published revocation status list (W3C Bitstring Status List). Its number is in its address;
 * `allocated` counts the entries handed out, so a new list opens before this one gets crowded.
 */
export const credentialStatusLists = pgTable(
  'credential_status_lists',
  {
    id: integer('id').primaryKey(),
    allocated: integer('allocated').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'credential_status_lists_allocated_check',
      sql`${t.allocated} between 0 and ${sql.raw(String(STATUS_LIST_SIZE))}`,
    ),
  ],
);

/**
 * Every credential the portal signed, with its own entry in a status list. Never deleted, and a
 * revocation is never undone (a trigger refuses both): the published bit must not turn back.
 * The record behind it has no foreign key, so the row outlives the record; triggers on the
 * records revoke it in the transaction that ends, deletes or changes them (migration credential_status).
 * A credential signed before status lists existed has no entry (list and index null): it gets a
 * row only when the administrator revokes it, and the row is revoked from the start.
 */
export const issuedCredentials = pgTable(
  'issued_credentials',
  {
    /** The credential's id (urn:uuid:...). */
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['achievement', 'position'] }).notNull(),
    /** The achievement or the position holding the credential states. */
    recordId: uuid('record_id').notNull(),
    /** What the credential is called, as signed (also the audit log's label). */
    title: text('title').notNull(),
    /** Null for a credential signed before status lists existed (registered by its revocation). */
    statusListId: integer('status_list_id').references(() => credentialStatusLists.id),
    statusIndex: integer('status_index'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revocationReason: text('revocation_reason', { enum: REVOCATION_REASONS }),
    /** The administrator's own words; never shown to verifiers. */
    revocationNote: text('revocation_note'),
    revokedBy: uuid('revoked_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('issued_credentials_status_entry_key').on(t.statusListId, t.statusIndex),
    index('issued_credentials_user_idx').on(t.userId, t.issuedAt.desc()),
    index('issued_credentials_record_idx')
      .on(t.recordId)
      .where(sql`${t.revokedAt} is null`),
    index('issued_credentials_revoked_idx')
      .on(t.statusListId, t.statusIndex)
      .where(sql`${t.revokedAt} is not null`),
    check('issued_credentials_kind_check', oneOf(t.kind, ['achievement', 'position'])),
    check(
      'issued_credentials_status_index_check',
      sql`${t.statusIndex} >= 0 and ${t.statusIndex} < ${sql.raw(String(STATUS_LIST_SIZE))}`,
    ),
    check(
      'issued_credentials_revocation_check',
      sql`(${t.revokedAt} is null) = (${t.revocationReason} is null) and (${t.revokedAt} is not null or ${t.revocationNote} is null)`,
    ),
    // An entry, or none at all: then the row is a revocation of a credential signed before status lists.
    check(
      'issued_credentials_status_entry_check',
      sql`(${t.statusListId} is null) = (${t.statusIndex} is null) and (${t.statusListId} is not null or ${t.revokedAt} is not null)`,
    ),
    check(
      'issued_credentials_reason_check',
      sql`${t.revocationReason} is null or ${oneOf(t.revocationReason, REVOCATION_REASONS)}`,
    ),
  ],
);

export type IssuedCredentialRow = typeof issuedCredentials.$inferSelect;

/** The reasons a record's own change revokes its credentials with (the database writes them). */
export const RECORD_ENDING_REASONS = [
  'record_ended',
  'record_deleted',
  'record_unverified',
  'record_changed',
] as const;

/**
 * The first time a record a credential may state (a verified achievement, a verified holding not
 * ended early) stopped standing: deleted, ended early, no longer verified, or changed in what a
 * credential states. Written by the triggers that revoke the issued credentials (migration
 * legacy_credentials), whether or not any row stands for one, so that a credential signed before
 * status lists existed (no row, no entry) is judged revoked from that moment and for that reason.
 * Append-only: a record's first ending is never rewritten nor removed.
 */
export const recordEndings = pgTable(
  'record_endings',
  {
    kind: text('kind', { enum: ['achievement', 'position'] }).notNull(),
    recordId: uuid('record_id').notNull(),
    reason: text('reason', { enum: RECORD_ENDING_REASONS }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.recordId] }),
    check('record_endings_kind_check', oneOf(t.kind, ['achievement', 'position'])),
    check('record_endings_reason_check', oneOf(t.reason, RECORD_ENDING_REASONS)),
  ],
);
