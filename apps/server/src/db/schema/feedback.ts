import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { FEEDBACK_TARGET_TYPE_VALUES, FEEDBACK_TYPES, RATING_MAX, RATING_MIN } from '@cosa/contracts';
import { createdAt, oneOf } from './helpers';
import { events } from './events';
import { orgUnits } from './org-units';
import { positions } from './positions';
import { users } from './users';

/** Feedback about a user, an event, a unit or a position; the target column matches target_type. */
export const feedback = pgTable(
  'feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type', { enum: FEEDBACK_TYPES }).notNull(),
    targetType: text('target_type', { enum: FEEDBACK_TARGET_TYPE_VALUES }).notNull(),
    targetUserId: uuid('target_user_id').references(() => users.id, { onDelete: 'cascade' }),
    targetEventId: uuid('target_event_id').references(() => events.id, { onDelete: 'cascade' }),
    targetUnitId: uuid('target_unit_id').references(() => orgUnits.id, { onDelete: 'cascade' }),
    targetPositionId: uuid('target_position_id').references(() => positions.id, { onDelete: 'cascade' }),
    rating: integer('rating'),
    comments: text('comments').notNull(),
    isAnonymous: boolean('is_anonymous').notNull().default(false),
    /**
     * Kept for anonymous feedback too so its author can list it; never shown to anyone else. Null
     * only for anonymous feedback whose author's account was erased (decision 0041): it stays, and
     * nothing links it to anyone.
     */
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'cascade' }),
    isResolved: boolean('is_resolved').notNull().default(false),
    actionsTaken: text('actions_taken'),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('feedback_created_at_idx').on(t.createdAt.desc().nullsFirst()),
    index('feedback_author_id_idx').on(t.authorId, t.createdAt.desc().nullsFirst()),
    index('feedback_target_user_id_idx').on(t.targetUserId),
    index('feedback_target_event_id_idx').on(t.targetEventId),
    index('feedback_target_unit_id_idx').on(t.targetUnitId),
    index('feedback_target_position_id_idx').on(t.targetPositionId),
    index('feedback_resolved_by_idx').on(t.resolvedBy),
    // The desk's totals by type and status, counted from the index alone.
    index('feedback_type_resolved_idx').on(t.type, t.isResolved),
    // The global search's words of the feedback waiting to be resolved.
    index('feedback_open_comments_trgm_idx')
      .using('gin', t.comments.op('gin_trgm_ops'))
      .where(sql`${t.isResolved} = false`),
    check('feedback_type_check', oneOf(t.type, FEEDBACK_TYPES)),
    check('feedback_target_type_check', oneOf(t.targetType, FEEDBACK_TARGET_TYPE_VALUES)),
    check(
      'feedback_target_check',
      sql`(${t.targetType} = 'User') = (${t.targetUserId} is not null)
        and (${t.targetType} = 'Event') = (${t.targetEventId} is not null)
        and (${t.targetType} = 'Club/Organization') = (${t.targetUnitId} is not null)
        and (${t.targetType} = 'POR') = (${t.targetPositionId} is not null)`,
    ),
    check(
      'feedback_rating_check',
      sql`${t.rating} between ${sql.raw(String(RATING_MIN))} and ${sql.raw(String(RATING_MAX))}`,
    ),
    check('feedback_comments_check', sql`length(trim(${t.comments})) > 0`),
    check('feedback_author_check', sql`${t.authorId} is not null or ${t.isAnonymous}`),
    check('feedback_resolution_check', sql`${t.isResolved} = (${t.resolvedAt} is not null)`),
  ],
);

export type Feedback = typeof feedback.$inferSelect;
export type NewFeedback = typeof feedback.$inferInsert;
