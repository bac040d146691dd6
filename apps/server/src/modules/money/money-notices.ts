import { sql, type SQL } from 'drizzle-orm';
import { GENSEC_SKILL_TYPE, type ClaimStatus } from '@cosa/contracts';
import { notifyMany } from '../notifications/notify.service';
import type { ClaimRecordFacts } from './claim-facts';
import type { Executor } from './ledger';

/* Who hears of a claim's step (notification kind 'money'), in the step's transaction. */

const usersWithRole = (roles: readonly string[]): SQL =>
  roles.length === 0
    ? sql`select null::uuid as user_id where false`
    : sql`select id as user_id from users where role in (${sql.join(
        roles.map((role) => sql`${role}`),
        sql`, `,
      )})`;

/** The general secretary's role of a council (by its type); the president's for a unit outside the four. */
function firstDeciderRoles(council: string | null): string[] {
  if (council === null) return ['PRESIDENT'];
  return Object.entries(GENSEC_SKILL_TYPE)
    .filter(([, type]) => type === council)
    .map(([role]) => role);
}

const notice = (facts: ClaimRecordFacts, outcome: string, detail: string | null = null) => ({
  kind: 'money' as const,
  outcome,
  subject: `${facts.claimCode} · ${facts.unitName}`,
  detail,
  link: `/money/claims/${facts.id}`,
  subjectId: facts.id,
});

/** Tells whoever decides the claim next (or pays it) that it waits for them; never the filer. */
export async function notifyDeciders(
  tx: Executor,
  facts: ClaimRecordFacts & { status: ClaimStatus },
): Promise<void> {
  const roles =
    facts.status === 'submitted'
      ? firstDeciderRoles(facts.unit.council)
      : facts.status === 'secretary_approved'
        ? ['PRESIDENT']
        : facts.status === 'approved'
          ? ['ADMIN']
          : [];
  if (roles.length === 0) return;
  const outcome = facts.status === 'approved' ? 'to-pay' : facts.status;
  const others = sql`select user_id from (${usersWithRole(roles)}) r
    where user_id is distinct from ${facts.filedBy}::uuid`;
  await notifyMany(tx, others, notice(facts, outcome));
}

/** Tells the filer what became of their claim. */
export async function notifyFiler(
  tx: Executor,
  facts: ClaimRecordFacts,
  outcome: 'approved' | 'returned' | 'rejected' | 'paid' | 'cancelled',
  detail: string | null,
): Promise<void> {
  if (!facts.filedBy) return;
  await notifyMany(tx, sql`select ${facts.filedBy}::uuid as user_id`, notice(facts, outcome, detail));
}

/** Tells those who approved the claim (its timeline's approval steps) that the approval was withdrawn; never the filer. */
export async function notifyApprovers(
  tx: Executor,
  facts: ClaimRecordFacts,
  detail: string | null,
): Promise<void> {
  const approvers = sql`select distinct actor_id as user_id from claim_steps
    where claim_id = ${facts.id}::uuid and action in ('secretary_approved', 'approved')
      and actor_id is not null and actor_id is distinct from ${facts.filedBy}::uuid`;
  await notifyMany(tx, approvers, notice(facts, 'approval-withdrawn', detail));
}
