import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  pgSequence,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { PROFICIENCY_LEVELS, SKILL_TYPES } from '@cosa/contracts';
import { createdAt, oneOf, readableCode } from './helpers';
import { positions } from './positions';
import { users } from './users';

export const skillCodeSeq = pgSequence('skill_code_seq');

/** The shared skill catalogue; officials endorse entries. */
export const skills = pgTable(
  'skills',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    skillCode: text('skill_code')
      .notNull()
      .default(readableCode('SKL-', skillCodeSeq, 5)),
    name: text('name').notNull(),
    category: text('category').notNull(),
    type: text('type', { enum: SKILL_TYPES }).notNull(),
    description: text('description'),
    isEndorsed: boolean('is_endorsed').notNull().default(false),
    endorsedBy: uuid('endorsed_by').references(() => users.id, { onDelete: 'set null' }),
    endorsedAt: timestamp('endorsed_at', { withTimezone: true }),
    /** Declined by an official, with a reason the student sees; a declined item is no longer pending. */
    declinedBy: uuid('declined_by').references(() => users.id, { onDelete: 'set null' }),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    declineReason: text('decline_reason'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** A retired skill stays on the records that hold it but leaves the catalogue's pickers. */
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    /** The skill this duplicate was merged into; a merged skill is retired. */
    mergedIntoId: uuid('merged_into_id').references((): AnyPgColumn => skills.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('skills_skill_code_key').on(t.skillCode),
    uniqueIndex('skills_name_lower_key').on(sql`lower(${t.name})`),
    index('skills_type_endorsed_idx').on(t.type, t.isEndorsed),
    index('skills_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    check('skills_name_not_blank_check', sql`length(trim(${t.name})) > 0`),
    check(
      'skills_merged_is_retired_check',
      sql`${t.mergedIntoId} is null or ${t.retiredAt} is not null`,
    ),
    check('skills_category_not_blank_check', sql`length(trim(${t.category})) > 0`),
    check('skills_type_check', oneOf(t.type, SKILL_TYPES)),
    check(
      'skills_review_check',
      sql`not (${t.isEndorsed} and ${t.declinedAt} is not null) and (${t.declinedAt} is null) = (${t.declineReason} is null)`,
    ),
    index('skills_pending_idx')
      .on(t.type, t.createdAt)
      .where(sql`not ${t.isEndorsed} and ${t.declinedAt} is null`),
  ],
);

/** A skill a user claims, at a proficiency level, optionally earned in a position. */
export const userSkills = pgTable(
  'user_skills',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    skillId: uuid('skill_id')
      .notNull()
      .references(() => skills.id),
    proficiencyLevel: text('proficiency_level', { enum: PROFICIENCY_LEVELS })
      .notNull()
      .default('beginner'),
    positionId: uuid('position_id').references(() => positions.id, { onDelete: 'set null' }),
    isEndorsed: boolean('is_endorsed').notNull().default(false),
    endorsedBy: uuid('endorsed_by').references(() => users.id, { onDelete: 'set null' }),
    endorsedAt: timestamp('endorsed_at', { withTimezone: true }),
    /** Declined by an official, with a reason the student sees; a declined item is no longer pending. */
    declinedBy: uuid('declined_by').references(() => users.id, { onDelete: 'set null' }),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    declineReason: text('decline_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('user_skills_user_skill_key').on(t.userId, t.skillId),
    index('user_skills_skill_id_idx').on(t.skillId),
    index('user_skills_position_id_idx').on(t.positionId),
    check('user_skills_proficiency_level_check', oneOf(t.proficiencyLevel, PROFICIENCY_LEVELS)),
    check(
      'user_skills_review_check',
      sql`not (${t.isEndorsed} and ${t.declinedAt} is not null) and (${t.declinedAt} is null) = (${t.declineReason} is null)`,
    ),
    index('user_skills_pending_idx')
      .on(t.createdAt, t.id)
      .where(sql`not ${t.isEndorsed} and ${t.declinedAt} is null`),
    // Counting a type's pending claims reads only this index: the claims of each skill of the type.
    index('user_skills_pending_skill_idx')
      .on(t.skillId, t.userId)
      .where(sql`not ${t.isEndorsed} and ${t.declinedAt} is null`),
  ],
);

export type Skill = typeof skills.$inferSelect;
export type NewSkill = typeof skills.$inferInsert;
export type UserSkill = typeof userSkills.$inferSelect;
export type NewUserSkill = typeof userSkills.$inferInsert;
