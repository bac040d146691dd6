import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { BUDGET_HEADINGS, CLAIM_STATUSES, CLAIM_STEP_ACTIONS, ENTRY_KINDS } from '@cosa/contracts';
import { createdAt, money, oneOf, readableCode, updatedAt } from './helpers';
import { events } from './events';
import { orgUnits } from './org-units';
import { bytea, users } from './users';

/*
 * Club money (decision 0040). Money moves only by rows of budget_entries, which are never changed
 * or removed; a trigger (migration 0049) adds each entry to its line's sums in the same statement,
 * and refuses any other change of them. The line's checks make over-committing a line impossible,
 * whatever the code that writes the entry checked before.
 */

/** What a unit has for a tenure under one heading (or none): the sums of its entries. */
export const budgetLines = pgTable(
  'budget_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenureYear: text('tenure_year').notNull(),
    unitId: uuid('unit_id')
      .notNull()
      .references(() => orgUnits.id, { onDelete: 'restrict' }),
    heading: text('heading', { enum: BUDGET_HEADINGS }),
    /** Allocations and transfers in, less reductions and transfers out. */
    allocated: money('allocated').notNull().default(0),
    /** Approved claims not paid yet. */
    committed: money('committed').notNull().default(0),
    paid: money('paid').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('budget_lines_tenure_unit_heading_key').on(
      t.tenureYear,
      t.unitId,
      sql`coalesce(${t.heading}, '')`,
    ),
    index('budget_lines_unit_id_idx').on(t.unitId),
    check('budget_lines_tenure_check', sql`${t.tenureYear} ~ '^[0-9]{4}-[0-9]{4}$'`),
    check('budget_lines_heading_check', oneOf(t.heading, BUDGET_HEADINGS)),
    check('budget_lines_allocated_check', sql`${t.allocated} >= 0`),
    check('budget_lines_committed_check', sql`${t.committed} >= 0`),
    check('budget_lines_paid_check', sql`${t.paid} >= 0`),
    // Never more promised and paid than the line has.
    check('budget_lines_available_check', sql`${t.allocated} - ${t.committed} - ${t.paid} >= 0`),
  ],
);

export type BudgetLineRecord = typeof budgetLines.$inferSelect;

export const claimCodeSeq = pgSequence('claim_code_seq');

/** An expense claim against a line, with its receipts (claim_receipts) and its timeline (claim_steps). */
export const expenseClaims = pgTable(
  'expense_claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    claimCode: text('claim_code')
      .notNull()
      .default(readableCode('CLM-', claimCodeSeq, 5)),
    unitId: uuid('unit_id')
      .notNull()
      .references(() => orgUnits.id, { onDelete: 'restrict' }),
    lineId: uuid('line_id')
      .notNull()
      .references(() => budgetLines.id, { onDelete: 'restrict' }),
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'set null' }),
    amount: money('amount').notNull(),
    /** What the deciders approved: the general secretary's figure, then the president's. */
    approvedAmount: money('approved_amount'),
    payee: text('payee').notNull(),
    description: text('description').notNull(),
    status: text('status', { enum: CLAIM_STATUSES }).notNull().default('draft'),
    filedBy: uuid('filed_by').references(() => users.id, { onDelete: 'set null' }),
    paymentReference: text('payment_reference'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('expense_claims_claim_code_key').on(t.claimCode),
    // The lists: newest change first.
    index('expense_claims_updated_idx').on(t.updatedAt.desc(), t.id.desc()),
    index('expense_claims_status_idx').on(t.status),
    index('expense_claims_unit_id_idx').on(t.unitId),
    index('expense_claims_line_id_idx').on(t.lineId),
    index('expense_claims_filed_by_idx').on(t.filedBy),
    index('expense_claims_event_id_idx').on(t.eventId),
    check('expense_claims_status_check', oneOf(t.status, CLAIM_STATUSES)),
    check('expense_claims_amount_check', sql`${t.amount} > 0`),
    check(
      'expense_claims_approved_amount_check',
      sql`${t.approvedAmount} is null or (${t.approvedAmount} > 0 and ${t.approvedAmount} <= ${t.amount})`,
    ),
    check(
      'expense_claims_paid_check',
      sql`(${t.status} = 'paid') = (${t.paidAt} is not null and ${t.paymentReference} is not null)`,
    ),
  ],
);

export type ExpenseClaimRecord = typeof expenseClaims.$inferSelect;

/** Every movement of money; never updated or deleted (the trigger of migration 0049 refuses both). */
export const budgetEntries = pgTable(
  'budget_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    lineId: uuid('line_id')
      .notNull()
      .references(() => budgetLines.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: ENTRY_KINDS }).notNull(),
    amount: money('amount').notNull(),
    /** The two entries of one transfer share it. */
    transferId: uuid('transfer_id'),
    claimId: uuid('claim_id').references(() => expenseClaims.id, { onDelete: 'restrict' }),
    reason: text('reason'),
    reference: text('reference'),
    /** Who moved the money: an account that did cannot be deleted (the entry cannot change). */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('budget_entries_line_seq_idx').on(t.lineId, t.seq),
    index('budget_entries_claim_id_idx').on(t.claimId),
    check('budget_entries_kind_check', oneOf(t.kind, ENTRY_KINDS)),
    check('budget_entries_amount_check', sql`${t.amount} > 0`),
    check(
      'budget_entries_transfer_check',
      sql`(${t.kind} in ('transfer_in', 'transfer_out')) = (${t.transferId} is not null)`,
    ),
    check(
      'budget_entries_claim_check',
      sql`(${t.kind} in ('commitment', 'release', 'payment')) = (${t.claimId} is not null)`,
    ),
  ],
);

/** A claim's timeline: who did what, when, with what amount and reason. */
export const claimSteps = pgTable(
  'claim_steps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    claimId: uuid('claim_id')
      .notNull()
      .references(() => expenseClaims.id, { onDelete: 'cascade' }),
    action: text('action', { enum: CLAIM_STEP_ACTIONS }).notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    amount: money('amount'),
    reason: text('reason'),
    reference: text('reference'),
    createdAt: createdAt(),
  },
  (t) => [
    index('claim_steps_claim_seq_idx').on(t.claimId, t.seq),
    check('claim_steps_action_check', oneOf(t.action, CLAIM_STEP_ACTIONS)),
  ],
);

/** A claim's receipts: PDFs as uploaded (judged by their bytes), pictures re-encoded. */
export const claimReceipts = pgTable(
  'claim_receipts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    claimId: uuid('claim_id')
      .notNull()
      .references(() => expenseClaims.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    content: bytea('content').notNull(),
    size: integer('size').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('claim_receipts_claim_id_idx').on(t.claimId),
    check(
      'claim_receipts_content_type_check',
      sql`${t.contentType} in ('application/pdf', 'image/jpeg')`,
    ),
  ],
);

/** The institute's settings for money: one row. */
export const moneySettings = pgTable(
  'money_settings',
  {
    id: boolean('id').primaryKey().default(true),
    /** Claims approved above this many rupees go on to the president. */
    presidentAbove: money('president_above').notNull(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('money_settings_one_row_check', sql`${t.id}`),
    check('money_settings_president_above_check', sql`${t.presidentAbove} >= 0`),
  ],
);

/**
 * How many claims each unit has in each state for each tenure (the tenure of the claim's line), kept
 * by a trigger on expense_claims (migration 0050) in the transaction of every change: the claims
 * lists count a few hundred rows instead of every claim on every page.
 */
export const claimTallies = pgTable(
  'claim_tallies',
  {
    unitId: uuid('unit_id').notNull(),
    tenureYear: text('tenure_year').notNull(),
    status: text('status', { enum: CLAIM_STATUSES }).notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.unitId, t.tenureYear, t.status] })],
);
