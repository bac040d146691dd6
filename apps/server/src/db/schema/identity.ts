import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CORRECTION_STATUSES, ID_CONFLICT_KINDS, INSTITUTE_FACTS } from '@cosa/contracts';
import { createdAt, oneOf } from './helpers';
import { users } from './users';

/**
 * A student's request to correct a fact the institute keeps (decision 0015); the administrator
 * approves it (the fact changes, audited) or declines it with a reason. One open request per field.
 */
export const factCorrections = pgTable(
  'fact_corrections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    field: text('field', { enum: INSTITUTE_FACTS }).notNull(),
    /** The institute's value when the request was filed. */
    currentValue: text('current_value'),
    requestedValue: text('requested_value').notNull(),
    reason: text('reason').notNull(),
    status: text('status', { enum: CORRECTION_STATUSES }).notNull().default('open'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionReason: text('decision_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('fact_corrections_one_open_key')
      .on(t.userId, t.field)
      .where(sql`${t.status} = 'open'`),
    index('fact_corrections_status_idx').on(t.status, t.createdAt),
    check('fact_corrections_field_check', oneOf(t.field, INSTITUTE_FACTS)),
    check('fact_corrections_status_check', oneOf(t.status, CORRECTION_STATUSES)),
    check('fact_corrections_decided_check', sql`(${t.status} = 'open') = (${t.decidedAt} is null)`),
  ],
);

/**
 * A student id two accounts want (decision 0015): reported by a student who met it held by another
 * account, or released by the student roll from an account whose claim nobody proved.
 */
export const studentIdConflicts = pgTable(
  'student_id_conflicts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ID_CONFLICT_KINDS }).notNull(),
    studentId: text('student_id').notNull(),
    /** Who asked for the id (reported), or null (released by the roll). */
    claimantId: uuid('claimant_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Who held it when the conflict arose. */
    holderId: uuid('holder_id').references(() => users.id, { onDelete: 'set null' }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    settledBy: uuid('settled_by').references(() => users.id, { onDelete: 'set null' }),
    resolution: text('resolution'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('student_id_conflicts_one_open_key')
      .on(t.claimantId)
      .where(sql`${t.settledAt} is null and ${t.kind} = 'reported'`),
    index('student_id_conflicts_open_idx').on(t.settledAt, t.createdAt),
    check('student_id_conflicts_kind_check', oneOf(t.kind, ID_CONFLICT_KINDS)),
    check(
      'student_id_conflicts_claimant_check',
      sql`${t.kind} <> 'reported' or ${t.claimantId} is not null`,
    ),
  ],
);

export type FactCorrection = typeof factCorrections.$inferSelect;
export type StudentIdConflict = typeof studentIdConflicts.$inferSelect;
