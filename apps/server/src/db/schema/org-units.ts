import { sql } from 'drizzle-orm';
import {
  check,
  index,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { UNIT_TYPES } from '@cosa/contracts';
import { createdAt, money, oneOf, readableCode, searchDocumentColumn, updatedAt } from './helpers';

export const orgUnitCodeSeq = pgSequence('org_unit_code_seq');

/** The council, its committees and their clubs, as a tree. */
export const orgUnits = pgTable(
  'org_units',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    unitCode: text('unit_code')
      .notNull()
      .default(readableCode('UNIT-', orgUnitCodeSeq, 4)),
    name: text('name').notNull(),
    type: text('type', { enum: UNIT_TYPES }).notNull(),
    parentId: uuid('parent_id').references((): AnyPgColumn => orgUnits.id, { onDelete: 'set null' }),
    description: text('description'),
    category: text('category'),
    contactEmail: text('contact_email'),
    budgetAllocated: money('budget_allocated').notNull().default(0),
    budgetSpent: money('budget_spent').notNull().default(0),
    /** A retired unit keeps its history but leaves every picker. */
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    /** The words the global search finds the record by (searchDocumentColumn). */
    searchDocument: searchDocumentColumn('name'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('org_units_unit_code_key').on(t.unitCode),
    uniqueIndex('org_units_name_lower_key').on(sql`lower(${t.name})`),
    index('org_units_parent_id_idx').on(t.parentId),
    index('org_units_type_idx').on(t.type),
    index('org_units_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    // The global search's words of a unit.
    index('org_units_search_fts_idx').using('gin', t.searchDocument),
    check('org_units_type_check', oneOf(t.type, UNIT_TYPES)),
    check('org_units_name_not_blank_check', sql`length(trim(${t.name})) > 0`),
    check('org_units_not_own_parent_check', sql`${t.parentId} <> ${t.id}`),
    check('org_units_budget_allocated_check', sql`${t.budgetAllocated} >= 0`),
    check('org_units_budget_spent_check', sql`${t.budgetSpent} >= 0`),
  ],
);

export type OrgUnit = typeof orgUnits.$inferSelect;
export type NewOrgUnit = typeof orgUnits.$inferInsert;
