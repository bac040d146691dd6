import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ACHIEVEMENT_TYPES } from '@cosa/contracts';
import { createdAt, oneOf, readableCode, updatedAt } from './helpers';
import { events } from './events';
import { users } from './users';

export const achievementCodeSeq = pgSequence('achievement_code_seq');

/** A student's achievement, pending until an official verifies it. */
export const achievements = pgTable(
  'achievements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    achievementCode: text('achievement_code')
      .notNull()
      .default(readableCode('ACH-', achievementCodeSeq, 5)),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    category: text('category'),
    type: text('type', { enum: ACHIEVEMENT_TYPES }).notNull(),
    /** Free text; ACHIEVEMENT_LEVELS are the usual values. */
    level: text('level'),
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'set null' }),
    dateAchieved: date('date_achieved').notNull(),
    position: text('position'),
    certificateUrl: text('certificate_url'),
    verified: boolean('verified').notNull().default(false),
    verifiedBy: uuid('verified_by').references(() => users.id),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** Declined by an official, with a reason the student sees; a declined item is no longer pending. */
    declinedBy: uuid('declined_by').references(() => users.id, { onDelete: 'set null' }),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    declineReason: text('decline_reason'),
    /** Raised by every edit of its owner: a decision names the version the official saw. */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('achievements_achievement_code_key').on(t.achievementCode),
    index('achievements_user_id_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    index('achievements_event_id_idx').on(t.eventId),
    index('achievements_verified_by_idx').on(t.verifiedBy),
    index('achievements_type_verified_idx').on(t.type, t.verified),
    index('achievements_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
    check('achievements_title_not_blank_check', sql`length(trim(${t.title})) > 0`),
    check('achievements_type_check', oneOf(t.type, ACHIEVEMENT_TYPES)),
    check('achievements_verified_check', sql`not ${t.verified} or ${t.verifiedBy} is not null`),
    check(
      'achievements_review_check',
      sql`not (${t.verified} and ${t.declinedAt} is not null) and (${t.declinedAt} is null) = (${t.declineReason} is null)`,
    ),
    // One type's queue in order, and its count from the index alone (the owner is left out of their own queue).
    index('achievements_pending_idx')
      .on(t.type, t.createdAt, t.id, t.userId)
      .where(sql`not ${t.verified} and ${t.declinedAt} is null`),
    // Every type's queue in order, for the president.
    index('achievements_pending_created_idx')
      .on(t.createdAt, t.id)
      .where(sql`not ${t.verified} and ${t.declinedAt} is null`),
  ],
);

export type Achievement = typeof achievements.$inferSelect;
export type NewAchievement = typeof achievements.$inferInsert;
