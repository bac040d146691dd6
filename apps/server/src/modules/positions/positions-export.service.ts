import { and, desc, eq, sql } from 'drizzle-orm';
import {
  currentTenure,
  type HolderExportQuery,
  type PositionExportQuery,
  type POSITION_VERIFICATIONS,
} from '@cosa/contracts';
import type { Database } from '../../db/client';
import type { MoneyReader } from '../../db/ledger-figures';
import { orgUnits, positionHolders, positions, users } from '../../db/schema/index';
import { csvLabel, EXPORT_PAGE_SIZE, type CsvColumn, type PageReader } from '../../lib/csv-export';
import { cursorText, keysetAfter, readAhead } from '../../lib/keyset';
import { actorFactsOf } from '../clubs/unit-facts.service';
import { appointer, budgetSeenBy, holderFilters, withCardJoins } from './position-holders.read';
import type { CosaActor } from './positions.policy';
import { activeHoldersIn, positionFilters, scopeOf } from './positions.read';

/** Newest first, as both lists show them; the cursor keeps the timestamp's microseconds. */
const newestAfter = (
  at: typeof positions.createdAt | typeof positionHolders.createdAt,
  id: typeof positions.id | typeof positionHolders.id,
  last: { cursorAt: string; id: string } | null,
) =>
  last
    ? keysetAfter([
        { column: at, value: last.cursorAt, direction: 'desc', cast: 'timestamptz' },
        { column: id, value: last.id, direction: 'desc', cast: 'uuid' },
      ])
    : undefined;

const listed = (values: readonly string[]) => values.join('; ');

/** A position as the export names it: the list's card with the seats filled in the tenure under way. */
const positionRows = (db: Database, tenure = currentTenure()) =>
  db
    .select({
      p: positions,
      unitName: orgUnits.name,
      unitCategory: orgUnits.category,
      activeHolders: activeHoldersIn(tenure),
      tenure: sql<string>`${tenure}::text`,
      cursorAt: cursorText(positions.createdAt),
    })
    .from(positions)
    .innerJoin(orgUnits, eq(orgUnits.id, positions.unitId));

type PositionRow = Awaited<ReturnType<ReturnType<typeof positionRows>['execute']>>[number];

const POSITION_COLUMNS: readonly CsvColumn<PositionRow>[] = [
  { header: 'Position ID', value: (row) => row.p.positionCode },
  { header: 'Title', value: (row) => row.p.title },
  { header: 'Unit', value: (row) => row.unitName },
  { header: 'Unit category', value: (row) => row.unitCategory },
  { header: 'Type', value: (row) => row.p.positionType },
  { header: 'Seats', value: (row) => row.p.positionCount },
  { header: 'Tenure', value: (row) => row.tenure },
  { header: 'Holders this tenure', value: (row) => row.activeHolders },
  { header: 'Minimum CGPA', value: (row) => row.p.minCgpa },
  { header: 'Minimum year', value: (row) => row.p.minYear },
  { header: 'Skills required', value: (row) => listed(row.p.skillsRequired) },
  { header: 'Responsibilities', value: (row) => listed(row.p.responsibilities) },
  { header: 'Description', value: (row) => row.p.description },
  { header: 'State', value: (row) => (row.p.retiredAt ? 'Retired' : 'Open') },
  { header: 'Retired at', value: (row) => row.p.retiredAt },
  { header: 'Created', value: (row) => row.p.createdAt },
];

/** View Positions as CSV: the actor's scope (a club coordinator's club) and the list's filters, newest first. */
export async function positionsExport(db: Database, actor: CosaActor, query: PositionExportQuery) {
  const where = positionFilters(await scopeOf(db, actor), query);
  const read: PageReader<PositionRow> = (last) =>
    positionRows(db)
      .where(
        and(
          where,
          newestAfter(
            positions.createdAt,
            positions.id,
            last && { cursorAt: last.cursorAt, id: last.p.id },
          ),
        ),
      )
      .orderBy(desc(positions.createdAt), desc(positions.id))
      .limit(EXPORT_PAGE_SIZE);
  return { read: readAhead(read), columns: POSITION_COLUMNS };
}

/** A holding's verification as the export names it. */
const VERIFICATION_LABELS: Record<(typeof POSITION_VERIFICATIONS)[number], string> = {
  verified: 'Verified',
  self_declared: 'Self-declared',
  pending: 'Pending',
  declined: 'Declined',
};

/**
 * A holding as the export names it: only the columns it writes, since at 200,000 rows every column
 * read costs; the budget utilized only where the reader may see the unit's money.
 */
const holderRows = (db: Database, reader: MoneyReader) =>
  withCardJoins(
    db
      .select({
        id: positionHolders.id,
        cursorAt: cursorText(positionHolders.createdAt),
        porCode: positionHolders.porCode,
        name: users.name,
        studentId: users.studentId,
        email: users.email,
        positionCode: positions.positionCode,
        positionTitle: positions.title,
        unitName: orgUnits.name,
        tenureYear: positionHolders.tenureYear,
        status: positionHolders.status,
        verification: positionHolders.verification,
        appointerName: appointer.name,
        appointmentDate: positionHolders.appointmentDate,
        eventsOrganized: positionHolders.eventsOrganized,
        budgetUtilized: budgetSeenBy(reader),
        createdAt: positionHolders.createdAt,
      })
      .from(positionHolders)
      .$dynamic(),
  );

type HolderRow = Awaited<ReturnType<ReturnType<typeof holderRows>['execute']>>[number];

const HOLDER_COLUMNS: readonly CsvColumn<HolderRow>[] = [
  { header: 'POR ID', value: (row) => row.porCode },
  { header: 'Name', value: (row) => row.name },
  { header: 'Student ID', value: (row) => row.studentId },
  { header: 'E-mail', value: (row) => row.email },
  { header: 'Position ID', value: (row) => row.positionCode },
  { header: 'Position', value: (row) => row.positionTitle },
  { header: 'Unit', value: (row) => row.unitName },
  { header: 'Tenure', value: (row) => row.tenureYear },
  { header: 'Status', value: (row) => csvLabel(row.status) },
  { header: 'Verification', value: (row) => VERIFICATION_LABELS[row.verification] },
  { header: 'Appointed by', value: (row) => row.appointerName },
  { header: 'Appointment date', value: (row) => row.appointmentDate },
  { header: 'Events organized', value: (row) => row.eventsOrganized },
  { header: 'Budget utilized (INR)', value: (row) => row.budgetUtilized?.toFixed(2) ?? '' },
  { header: 'Created', value: (row) => row.createdAt },
];

/** View Position Holders as CSV: the actor's scope (a club coordinator's club) and the list's filters, newest first. */
export async function holdersExport(db: Database, actor: CosaActor, query: HolderExportQuery) {
  const [scope, facts] = await Promise.all([scopeOf(db, actor), actorFactsOf(db, actor)]);
  const where = holderFilters(scope, query);
  const read: PageReader<HolderRow> = (last) =>
    holderRows(db, facts)
      .where(and(where, newestAfter(positionHolders.createdAt, positionHolders.id, last)))
      .orderBy(desc(positionHolders.createdAt), desc(positionHolders.id))
      .limit(EXPORT_PAGE_SIZE);
  // The holders the file names, with their student id and e-mail: one row each in the access log.
  const subjects = sql`select distinct ${positionHolders.userId} as user_id from ${positionHolders}
    where ${where ?? sql`true`}`;
  return { read: readAhead(read), columns: HOLDER_COLUMNS, subjects };
}
