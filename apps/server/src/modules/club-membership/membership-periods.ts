import { and, eq, isNull } from 'drizzle-orm';
import { DEFAULT_MEMBER_ROLE, MEMBERSHIP_MESSAGES, type JoinRequest } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { clubMemberships } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { sqlStateOf, uniqueViolationOf } from '../../lib/db-errors';
import { readJoinRequest } from './club-membership.read';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Whether the person is a member of the club now. */
export async function isMember(
  tx: Pick<Database, 'select'>,
  unitId: string,
  userId: string,
): Promise<boolean> {
  const [row] = await tx
    .select({ id: clubMemberships.id })
    .from(clubMemberships)
    .where(
      and(
        eq(clubMemberships.unitId, unitId),
        eq(clubMemberships.userId, userId),
        isNull(clubMemberships.endedAt),
      ),
    )
    .limit(1);
  return !!row;
}

/** The request of `id`, read after a change; it exists, the change having just found it. */
export async function joinRequestOf(db: Database, id: string): Promise<JoinRequest> {
  const request = await readJoinRequest(db, id);
  if (!request) throw AppError.notFound(MEMBERSHIP_MESSAGES.requestNotFound);
  return request;
}

/**
 * Starts a membership from now, in the caller's transaction. A current membership, or a period
 * that would overlap one (a leave and a join at once), is a 409 with `alreadyMember`.
 */
export async function startMembership(
  tx: Tx,
  unitId: string,
  userId: string,
  requestId: string,
  alreadyMember: string,
): Promise<void> {
  // A savepoint: a refused period leaves the transaction usable for the 409.
  try {
    await tx.transaction(async (inner) => {
      await inner
        .insert(clubMemberships)
        .values({ unitId, userId, role: DEFAULT_MEMBER_ROLE, startedAt: new Date(), requestId });
    });
  } catch (error) {
    if (uniqueViolationOf(error) === 'club_memberships_current_key' || sqlStateOf(error) === '23P01')
      throw AppError.conflict(alreadyMember);
    throw error;
  }
}
