import { eq, sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { users } from '../src/db/schema/index';
import { allocate, passDown, setPresidentAbove } from '../src/modules/money/budgets.service';
import { claimFactsOf } from '../src/modules/money/claim-facts';
import { fileClaim, submitClaim } from '../src/modules/money/claims.service';
import type { MoneyActor } from '../src/modules/money/money.policy';
import { councilOfCategory, createOrgUnit, createUser } from './factories';

/** A technical club with a coordinator, the officials and the accounts office, as money actors. */
export async function moneyCampus(db: Database) {
  const council = await councilOfCategory(db, 'technical');
  const club = await createOrgUnit(db, { category: 'technical' });
  const actor = async (role: string, clubId: string | null = null): Promise<MoneyActor> => {
    const user = await createUser(db, { role: role as never, clubUnitId: clubId });
    return { id: user.id, role, clubId };
  };
  const people = {
    president: await actor('PRESIDENT'),
    tech: await actor('GENSEC_SCITECH'),
    coordinator: await actor('CLUB_COORDINATOR', club.id),
    admin: await actor('ADMIN'),
  };
  await db.update(users).set({ clubUnitId: club.id }).where(eq(users.id, people.coordinator.id));
  return { council, club, ...people };
}

export type MoneyCampus = Awaited<ReturnType<typeof moneyCampus>>;

/** A club line of `amount` for the tenure, passed down from the council's allocation. */
export async function fundedClubLine(
  db: Database,
  campus: MoneyCampus,
  amount: number,
  tenureYear = '2026-2027',
): Promise<string> {
  const line = await allocate(db, campus.president, {
    tenureYear,
    unitId: campus.council.id,
    heading: null,
    change: 'add',
    amount,
    reason: 'Budget for the year',
  });
  const { to } = await passDown(db, campus.tech, {
    fromLineId: line.id,
    toUnitId: campus.club.id,
    heading: 'events',
    amount,
    reason: 'Events',
  });
  return to.id;
}

/** A submitted claim on the line, with a receipt written straight to the table. */
export async function submittedClaim(
  db: Database,
  campus: MoneyCampus,
  lineId: string,
  amount: number,
): Promise<string> {
  const id = await fileClaim(db, campus.coordinator, {
    unitId: campus.club.id,
    lineId,
    eventId: null,
    amount,
    payee: 'Sharma Electronics',
    description: 'Parts',
  });
  await db.execute(sql`insert into claim_receipts (claim_id, content_type, content, size)
    values (${id}::uuid, 'application/pdf', '\\x255044462d'::bytea, 5)`);
  const facts = await claimFactsOf(db, campus.coordinator, id);
  await submitClaim(db, campus.coordinator, id, facts.version);
  return id;
}

export const versionOf = async (db: Database, actor: MoneyActor, id: string) =>
  (await claimFactsOf(db, actor, id)).version;

export { setPresidentAbove };
