import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { SUBMISSION_EVENTS } from '@cosa/contracts';
import { oneOf } from './helpers';
import { achievements } from './achievements';
import { positionHolders } from './positions';
import { users } from './users';

/**
 * What happened to a student's achievement or self-declared position before its current state:
 * each decline (who, when, the reason) and each resend, written when the student corrects and
 * sends it again (decision 0024). The current decline stays on the item's row.
 */
export const submissionHistory = pgTable(
  'submission_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    achievementId: uuid('achievement_id').references(() => achievements.id, { onDelete: 'cascade' }),
    holdingId: uuid('holding_id').references(() => positionHolders.id, { onDelete: 'cascade' }),
    event: text('event', { enum: SUBMISSION_EVENTS }).notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The decline's reason; null for a resend. */
    reason: text('reason'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('submission_history_achievement_idx').on(t.achievementId, t.at),
    index('submission_history_holding_idx').on(t.holdingId, t.at),
    check('submission_history_event_check', oneOf(t.event, SUBMISSION_EVENTS)),
    check(
      'submission_history_one_item_check',
      sql`(${t.achievementId} is null) <> (${t.holdingId} is null)`,
    ),
    check('submission_history_reason_check', sql`(${t.event} = 'declined') = (${t.reason} is not null)`),
  ],
);
