import { bigint, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Running counts of the large queues, kept by triggers in the transaction of every change (see the
 * migration 'tallies'): 'claims.<skill type>' (skill claims awaiting review), 'achievements.<type>'
 * (achievements awaiting verification), 'feedback.<type>.<resolved|unresolved>'. The dashboards and
 * the review lists read a handful of rows instead of counting tens of thousands on every request.
 */
export const tallies = pgTable('tallies', {
  key: text('key').primaryKey(),
  n: bigint('n', { mode: 'number' }).notNull().default(0),
});
