import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { DATA_EXPORT_STATUSES, PRIVACY_CHOICES, RECORD_ACCESS_KINDS, ROLES } from '@cosa/contracts';
import { createdAt, oneOf } from './helpers';
import { bytea, users } from './users';

/**
 * A student's optional choices (decision 0041): whether other students see their photo and public
 * links, whether they appear in people search, the pickers and clubs' member directories, and
 * whether others see their mobile number on their page. No row: the person has not chosen, and the
 * portal shows them as it did before choices existed (photo, links and listing; never the number).
 */
export const privacyChoices = pgTable('privacy_choices', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  showProfile: boolean('show_profile').notNull(),
  listed: boolean('listed').notNull(),
  showPhone: boolean('show_phone').notNull().default(false),
  chosenAt: timestamp('chosen_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every consent given or withdrawn, as it happened: the choices' history, part of a student's copy of their data. */
export const consentRecords = pgTable(
  'consent_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    choice: text('choice', { enum: PRIVACY_CHOICES }).notNull(),
    granted: boolean('granted').notNull(),
    /** Where the choice was made: 'onboarding' or 'settings'. */
    source: text('source').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('consent_records_user_idx').on(t.userId, t.createdAt),
    check('consent_records_choice_check', oneOf(t.choice, PRIVACY_CHOICES)),
    check('consent_records_source_check', oneOf(t.source, ['onboarding', 'settings'])),
  ],
);

/**
 * Who opened a student's record or personal details, or exported them, when, and from which page.
 * Kept a year (RETENTION.accessLogDays), then purged by the retention job.
 */
export const recordAccessLog = pgTable(
  'record_access_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    viewerId: uuid('viewer_id').references(() => users.id, { onDelete: 'set null' }),
    /** The viewer's role at the time. */
    viewerRole: text('viewer_role', { enum: ROLES }).notNull(),
    kind: text('kind', { enum: RECORD_ACCESS_KINDS }).notNull(),
    cameFrom: text('came_from'),
    createdAt: createdAt(),
  },
  (t) => [
    index('record_access_log_subject_idx').on(t.subjectId, t.createdAt),
    index('record_access_log_created_idx').on(t.createdAt),
    index('record_access_log_viewer_idx').on(t.viewerId),
    check('record_access_log_kind_check', oneOf(t.kind, RECORD_ACCESS_KINDS)),
    check('record_access_log_role_check', oneOf(t.viewerRole, ROLES)),
    check('record_access_log_came_from_check', sql`length(${t.cameFrom}) <= 200`),
  ],
);

/** A student's request for a copy of their data, and the ZIP the job built (kept 24 hours). */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: DATA_EXPORT_STATUSES }).notNull().default('pending'),
    archive: bytea('archive'),
    byteSize: integer('byte_size'),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('data_exports_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('data_exports_one_pending_key')
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
    check('data_exports_status_check', oneOf(t.status, DATA_EXPORT_STATUSES)),
    check(
      'data_exports_ready_check',
      sql`(${t.status} = 'ready') = (${t.archive} is not null and ${t.expiresAt} is not null)`,
    ),
  ],
);

/**
 * A request to erase an account (decision 0041): due after the grace period, cancellable until
 * then; the erasure job de-identifies the account when it is due.
 */
export const erasureRequests = pgTable(
  'erasure_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null when the student asked themselves; the administrator's account otherwise. */
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    byAdministrator: boolean('by_administrator').notNull().default(false),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('erasure_requests_one_open_key')
      .on(t.userId)
      .where(sql`${t.cancelledAt} is null and ${t.completedAt} is null`),
    index('erasure_requests_due_idx')
      .on(t.dueAt)
      .where(sql`${t.cancelledAt} is null and ${t.completedAt} is null`),
    check('erasure_requests_settled_check', sql`${t.cancelledAt} is null or ${t.completedAt} is null`),
  ],
);

export type DataExportRow = typeof dataExports.$inferSelect;
export type ErasureRequestRow = typeof erasureRequests.$inferSelect;
