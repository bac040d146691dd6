import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { AUDIT_ACTIONS, AUDIT_KINDS } from '@cosa/contracts';
import { createdAt, oneOf } from './helpers';
import { users } from './users';

/**
 * Every privileged change, written by the triggers of migration 0017 in the transaction of the
 * change (the actor comes from the transaction's `cosa.actor_id` setting). Append-only: a trigger
 * refuses updates and deletes. The actor is a reference to the account, which therefore can be
 * deactivated but never deleted once it has acted (a deletion is refused, and the line keeps who did
 * it); `actor_name` keeps the name the actor had at the moment, beside the account's current one.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'restrict' }),
    /** The actor's name when the change was made (the account's current name may differ since). */
    actorName: text('actor_name'),
    kind: text('kind', { enum: AUDIT_KINDS }).notNull(),
    action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
    /** The table of the changed row ('users', 'org_units', ...). */
    subjectType: text('subject_type').notNull(),
    subjectId: uuid('subject_id'),
    /** The subject's name or title when the change was made. */
    subjectLabel: text('subject_label'),
    /** A sentence for changes that are not one row (an import). */
    summary: text('summary'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt.desc()),
    index('audit_log_kind_idx').on(t.kind, t.createdAt.desc()),
    index('audit_log_subject_idx').on(t.subjectId),
    check('audit_log_kind_check', oneOf(t.kind, AUDIT_KINDS)),
    check('audit_log_action_check', oneOf(t.action, AUDIT_ACTIONS)),
    check('audit_log_subject_type_not_blank_check', sql`length(${t.subjectType}) > 0`),
  ],
);

export type AuditEntry = typeof auditLog.$inferSelect;
