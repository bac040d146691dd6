import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { APPOINTING_ROLES, normalizeRole, POSITION_MESSAGES, tenureYearOptions } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { gapsOf, recordForRequirements, type Requirements } from './position-holders.requirements';
import { orgUnits, positionHolders, positions, users } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { todayIn } from './positions.policy';

export { shortfallOf } from './position-holders.requirements';

/**
 * How the activity log names a holding: the person, the POR id, the position, its unit and the
 * tenure ('Asha Verma (POR-00017) as Design Lead, Coding Club, 2026-2027'); null when it is gone.
 */
export async function holdingLabel(db: Database, id: string): Promise<string | null> {
  const [row] = await db
    .select({
      label: sql<string>`${users.name} || ' (' || ${positionHolders.porCode} || ') as ' || ${positions.title} || ', ' || ${orgUnits.name} || ', ' || ${positionHolders.tenureYear}`,
    })
    .from(positionHolders)
    .innerJoin(users, eq(users.id, positionHolders.userId))
    .innerJoin(positions, eq(positions.id, positionHolders.positionId))
    .innerJoin(orgUnits, eq(orgUnits.id, positions.unitId))
    .where(eq(positionHolders.id, id))
    .limit(1);
  return row?.label ?? null;
}

/** How a holder's page (/manage-position) names the position: its title and unit ('Design Lead, Coding Club'). */
export async function positionNameOf(db: Database, holderId: string): Promise<string> {
  const [row] = await db
    .select({ name: sql<string>`${positions.title} || ', ' || ${orgUnits.name}` })
    .from(positionHolders)
    .innerJoin(positions, eq(positions.id, positionHolders.positionId))
    .innerJoin(orgUnits, eq(orgUnits.id, positions.unitId))
    .where(eq(positionHolders.id, holderId))
    .limit(1);
  return row?.name ?? '';
}

const APPOINTED_BY = 'appointment.appointedById';

/**
 * The appointing official must be a proven account holding an appointing role (a general secretary,
 * the president or a club coordinator), and never the person appointed; 400 on that field otherwise.
 * Key-share locked, so the account cannot vanish before the commit.
 */
export async function checkAppointer(
  db: Database,
  appointedById: string,
  holderId: string,
): Promise<void> {
  if (appointedById === holderId)
    throw AppError.badRequest(POSITION_MESSAGES.appointedBySelf, {
      [APPOINTED_BY]: POSITION_MESSAGES.appointedBySelf,
    });
  const [row] = await db
    .select({ role: users.role })
    .from(users)
    .where(and(eq(users.id, appointedById), isNotNull(users.emailVerifiedAt)))
    .for('key share');
  if (!row)
    throw AppError.badRequest(POSITION_MESSAGES.appointedByNotFound, {
      [APPOINTED_BY]: POSITION_MESSAGES.appointedByNotFound,
    });
  if (!(APPOINTING_ROLES as readonly string[]).includes(normalizeRole(row.role))) {
    throw AppError.badRequest(POSITION_MESSAGES.appointedByNotOfficial, {
      [APPOINTED_BY]: POSITION_MESSAGES.appointedByNotOfficial,
    });
  }
}

/** The tenure must be one the form offers, and the appointment date no later than today on the institute's clock. */
export function checkHoldingDates(
  input: { tenureYear: string; appointment?: { date?: string | undefined } | undefined },
  timeZone: string,
  now: Date,
): void {
  if (!tenureYearOptions(now).includes(input.tenureYear)) {
    throw AppError.badRequest(POSITION_MESSAGES.tenureInvalid, {
      tenureYear: POSITION_MESSAGES.tenureInvalid,
    });
  }
  const date = input.appointment?.date;
  if (date && date > todayIn(timeZone, now)) {
    throw AppError.badRequest(POSITION_MESSAGES.appointmentDateFuture, {
      'appointment.date': POSITION_MESSAGES.appointmentDateFuture,
    });
  }
}

/**
 * Where a person's record falls short of each of several positions' requirements, in the words
 * they read about themselves (their own figures), for standing in an election; an empty list for
 * each position whose requirements it meets. The record is read once.
 */
export async function ownRequirementGaps(
  db: Database,
  userId: string,
  requirements: readonly Requirements[],
): Promise<string[][]> {
  const record = await recordForRequirements(db, userId);
  return requirements.map((each) => Object.values(gapsOf(each, record, 'own')));
}
