import { eq, sql } from 'drizzle-orm';
import { INSTITUTE_FACT_LABELS, type InstituteFact } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/index';
import { notifyMany } from '../notifications/notify.service';
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
 * of a fact the institute keeps: "New correction request from Asha Verma (asha): Program", with
 * the values and the reason, linking to /admin/corrections.
 */
export async function tellAdministratorsOfCorrection(
  tx: Tx,
  request: {
    userId: string;
    field: InstituteFact;
    currentValue: string | null;
    requestedValue: string;
    reason: string;
  },
): Promise<void> {
  const held = request.currentValue === null ? 'none held' : `instead of “${request.currentValue}”`;
  await notifyMany(tx, administrators, {
    kind: 'identity',
    subject: `New correction request from ${await studentLabel(tx, request.userId)}`,
    outcome: INSTITUTE_FACT_LABELS[request.field],
    detail: `Asks for “${request.requestedValue}” (${held}): ${request.reason}`,
    link: '/admin/corrections',
  });
}

/**
 * Tells every administrator, in the caller's transaction, that a student asked for a Student ID
 * another account holds: "New Student ID claim from Asha Verma (asha): 24120001", naming the
 * holder, linking to /admin/student-ids.
 */
export async function tellAdministratorsOfIdClaim(
  tx: Tx,
  claim: { claimantId: string; holderId: string; studentId: string; holderProven: boolean },
): Promise<void> {
  const holder = await studentLabel(tx, claim.holderId);
  await notifyMany(tx, administrators, {
    kind: 'identity',
    subject: `New Student ID claim from ${await studentLabel(tx, claim.claimantId)}`,
    outcome: claim.studentId,
    detail: `Held by ${holder}, ${claim.holderProven ? 'proven by the roll or the administrator' : 'typed by the student, unproven'}.`,
    link: '/admin/student-ids',
  });
}
