import { check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { ACTIVITY_TYPES } from '@cosa/contracts';
import { createdAt, oneOf } from './helpers';
import { users } from './users';

/** What officials did, for the president's recent-activity list. */
export const activityLog = pgTable(
  'activity_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type', { enum: ACTIVITY_TYPES }).notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    description: text('description').notNull(),
    subjectType: text('subject_type'),
    subjectId: uuid('subject_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('activity_log_created_at_idx').on(t.createdAt.desc().nullsFirst()),
    index('activity_log_actor_id_idx').on(t.actorId),
    check('activity_log_type_check', oneOf(t.type, ACTIVITY_TYPES)),
  ],
);

export type Activity = typeof activityLog.$inferSelect;
export type NewActivity = typeof activityLog.$inferInsert;
