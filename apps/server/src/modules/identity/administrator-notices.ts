import { eq, sql } from 'drizzle-orm';
import { INSTITUTE_FACT_LABELS, QUEUE_PAGES, type InstituteFact } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/index';
import { notifyQueue } from '../notifications/notify.service';
import { instituteNameOfPerson } from '../../db/institute-name';

type Tx = Pick<Database, 'select' | 'execute'>;

/** Every administrator (deactivated ones are skipped by notifyMany). */
const administrators = sql`select id as user_id from users where role = 'ADMIN'`;

/** A student as the administrator's notification names them: the name shown and the username. */
async function studentLabel(tx: Tx, userId: string): Promise<string> {
  const [row] = await tx
    .select({ name: instituteNameOfPerson(users), username: users.username })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ? `${row.name} (${row.username})` : 'a student';
}

/**
 * Tells every administrator, in the caller's transaction, that a student asked for a correction
 * of a fact the institute keeps: one grouped notice of the queue ("2 new correction requests to
 * review"), naming the latest request ("Asha Verma (asha): Program"), linking to
 * /admin/corrections. It settles itself once the requests are all decided (decision 0022).
 */
export async function tellAdministratorsOfCorrection(
  tx: Tx,
  request: { userId: string; field: InstituteFact },
): Promise<void> {
  await notifyQueue(
    tx,
    administrators,
    'corrections',
    `${await studentLabel(tx, request.userId)}: ${INSTITUTE_FACT_LABELS[request.field]}`,
    QUEUE_PAGES.corrections,
  );
}

/**
 * Tells every administrator, in the caller's transaction, that a student asked for a Student ID
 * another account holds: one grouped notice of the queue ("1 new Student ID claim to review"),
 * naming the latest claim ("Asha Verma (asha): 24120001"), linking to /admin/student-ids; it
 * settles itself once the claims are all decided.
 */
export async function tellAdministratorsOfIdClaim(
  tx: Tx,
  claim: { claimantId: string; studentId: string },
): Promise<void> {
  await notifyQueue(
    tx,
    administrators,
    'student-ids',
    `${await studentLabel(tx, claim.claimantId)}: ${claim.studentId}`,
    QUEUE_PAGES['student-ids'],
  );
}
