import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgSequence,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  CGPA_MAX,
  CGPA_MIN,
  MAX_YEAR_OF_STUDY,
  MIN_YEAR_OF_STUDY,
  POSITION_STATUSES,
  POSITION_VERIFICATIONS,
} from '@cosa/contracts';
import {
  cgpaColumn,
  createdAt,
  money,
  oneOf,
  readableCode,
  searchDocumentColumn,
  updatedAt,
} from './helpers';
import { orgUnits } from './org-units';
import { users } from './users';

export const positionCodeSeq = pgSequence('position_code_seq');
export const porCodeSeq = pgSequence('por_code_seq');

/** Positions of responsibility offered by a unit. */
export const positions = pgTable(
  'positions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    positionCode: text('position_code')
      .notNull()
      .default(readableCode('POS-', positionCodeSeq, 5)),
    title: text('title').notNull(),
    unitId: uuid('unit_id')
      .notNull()
      .references(() => orgUnits.id),
    /** One of the spec's position types, or the custom text that replaced 'Other' (stored once, here). */
    positionType: text('position_type').notNull(),
    positionCount: integer('position_count').notNull().default(1),
    description: text('description'),
    responsibilities: text('responsibilities').array().notNull(),
    minCgpa: cgpaColumn('min_cgpa').notNull().default(0),
    minYear: integer('min_year').notNull().default(1),
    skillsRequired: text('skills_required')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** A retired position keeps its holders' history and takes no new holders. */
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    retiredBy: uuid('retired_by').references(() => users.id, { onDelete: 'set null' }),
    /** The words the global search finds the record by (searchDocumentColumn). */
    searchDocument: searchDocumentColumn('title', 'description'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('positions_position_code_key').on(t.positionCode),
    index('positions_unit_id_idx').on(t.unitId),
    // A unit's positions in use by title (COSA View walks them).
    index('positions_unit_title_idx')
      .on(t.unitId, t.title, t.id)
      .where(sql`${t.retiredAt} is null`),
    index('positions_position_type_idx').on(t.positionType),
    index('positions_created_at_idx').on(t.createdAt.desc().nullsFirst()),
    index('positions_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
    index('positions_position_code_trgm_idx').using('gin', t.positionCode.op('gin_trgm_ops')),
    index('positions_description_trgm_idx').using('gin', t.description.op('gin_trgm_ops')),
    // The global search's words of a position.
    index('positions_search_fts_idx').using('gin', t.searchDocument),
    check('positions_title_not_blank_check', sql`length(trim(${t.title})) > 0`),
    check('positions_position_type_not_blank_check', sql`length(trim(${t.positionType})) > 0`),
    check('positions_position_count_check', sql`${t.positionCount} >= 1`),
    check('positions_responsibilities_check', sql`cardinality(${t.responsibilities}) >= 1`),
    check(
      'positions_min_cgpa_check',
      sql`${t.minCgpa} between ${sql.raw(String(CGPA_MIN))} and ${sql.raw(String(CGPA_MAX))}`,
    ),
    check(
      'positions_min_year_check',
      sql`${t.minYear} between ${sql.raw(String(MIN_YEAR_OF_STUDY))} and ${sql.raw(String(MAX_YEAR_OF_STUDY))}`,
    ),
  ],
);

/** A student holding a position for one tenure (a POR). */
export const positionHolders = pgTable(
  'position_holders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    porCode: text('por_code')
      .notNull()
      .default(readableCode('POR-', porCodeSeq, 5)),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    positionId: uuid('position_id')
      .notNull()
      .references(() => positions.id),
    /** 'YYYY-YYYY', the second year following the first. */
    tenureYear: text('tenure_year').notNull(),
    status: text('status', { enum: POSITION_STATUSES }).notNull().default('active'),
    appointedBy: uuid('appointed_by').references(() => users.id),
    appointmentDate: date('appointment_date'),
    eventsOrganized: integer('events_organized').notNull().default(0),
    budgetUtilized: money('budget_utilized').notNull().default(0),
    feedback: text('feedback'),
    /**
     * Verified when a general secretary or the president appointed the holder; self-declared (a
     * student's own record) or pending (a club coordinator's appointment) until one of them checks it.
     */
    verification: text('verification', { enum: POSITION_VERIFICATIONS }).notNull().default('verified'),
    /** The club coordinator whose appointment or change made the record pending. */
    proposedBy: uuid('proposed_by').references(() => users.id, { onDelete: 'set null' }),
    verifiedBy: uuid('verified_by').references(() => users.id, { onDelete: 'set null' }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    declinedBy: uuid('declined_by').references(() => users.id, { onDelete: 'set null' }),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    /** Why an official rejected a self-declared record; the student sees it. */
    declineReason: text('decline_reason'),
    /** Raised by every edit of its holder: a decision names the version the official saw. */
    version: integer('version').notNull().default(1),
    /**
     * The holder's name in lower case, e-mail in lower case and student id ('' when none), copied
     * by triggers (migrations 'holder_search' and 'holder_copies'), so the lists search holders by
     * person without reading every matching user. COSA View searches the name alone.
     */
    holderKey: text('holder_key').notNull().default(''),
    holderEmail: text('holder_email').notNull().default(''),
    holderStudentId: text('holder_student_id').notNull().default(''),
    /** What the council's holder list searches in one pass: name, e-mail, student id and POR id, one per line. */
    searchText: text('search_text').generatedAlwaysAs(
      sql`holder_key || chr(10) || holder_email || chr(10) || holder_student_id || chr(10) || lower(por_code)`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('position_holders_por_code_key').on(t.porCode),
    unique('position_holders_user_position_tenure_key').on(t.userId, t.positionId, t.tenureYear),
    index('position_holders_position_id_idx').on(t.positionId),
    index('position_holders_appointed_by_idx').on(t.appointedBy),
    index('position_holders_tenure_year_idx').on(t.tenureYear),
    // The holder list filtered by tenure and status, newest first.
    index('position_holders_tenure_status_created_idx').on(
      t.tenureYear,
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('position_holders_status_idx').on(t.status),
    index('position_holders_created_at_idx').on(t.createdAt.desc().nullsFirst()),
    index('position_holders_por_code_trgm_idx').using('gin', t.porCode.op('gin_trgm_ops')),
    index('position_holders_holder_key_trgm_idx').using('gin', t.holderKey.op('gin_trgm_ops')),
    index('position_holders_search_text_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    check(
      'position_holders_tenure_year_check',
      sql`case when ${t.tenureYear} ~ '^[0-9]{4}-[0-9]{4}$'
        then split_part(${t.tenureYear}, '-', 2)::int = split_part(${t.tenureYear}, '-', 1)::int + 1
        else false end`,
    ),
    check('position_holders_status_check', oneOf(t.status, POSITION_STATUSES)),
    check('position_holders_verification_check', oneOf(t.verification, POSITION_VERIFICATIONS)),
    check(
      'position_holders_decline_check',
      sql`(${t.verification} = 'declined') = (${t.declinedAt} is not null) and (${t.declinedAt} is null) = (${t.declineReason} is null)`,
    ),
    index('position_holders_awaiting_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.verification} in ('self_declared', 'pending')`),
    // The seats held: a position's active, verified holders of a tenure, in name order (COSA View
    // walks them). The holder last, so that counting a unit's holders reads this index alone.
    index('position_holders_position_held_idx')
      .on(t.positionId, t.tenureYear, t.holderKey, t.id, t.userId)
      .where(sql`${t.status} = 'active' and ${t.verification} = 'verified'`),
    index('position_holders_user_id_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    check(
      'position_holders_appointment_check',
      sql`${t.appointmentDate} is null or ${t.appointedBy} is not null`,
    ),
    check('position_holders_events_organized_check', sql`${t.eventsOrganized} >= 0`),
    check('position_holders_budget_utilized_check', sql`${t.budgetUtilized} >= 0`),
  ],
);

export type Position = typeof positions.$inferSelect;
export type NewPosition = typeof positions.$inferInsert;
export type PositionHolder = typeof positionHolders.$inferSelect;
export type NewPositionHolder = typeof positionHolders.$inferInsert;
