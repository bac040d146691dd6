import { sql, type SQL } from 'drizzle-orm';
import { councilOf, currentTenure, REPORT_MESSAGES, type ReportQuery } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { unitsOfCouncil } from '../../db/ledger-figures';
import { rowsOf } from '../../db/rows';
import { AppError } from '../../lib/app-error';

/* What a term report covers: its days on the institute's calendar, and the reader's part of the council. */

/** The report's days: first and last (YYYY-MM-DD, both included), the tenure asked for, and the tenures they touch. */
export type Period = { tenure: string | null; from: string; to: string; tenures: string[] };

/** The period a query names: a tenure (1 July to 30 June), a range of days, or the current tenure. */
export function periodOf(query: ReportQuery, timeZone: string, now = new Date()): Period {
  if (query.from && query.to) {
    const first = tenureStart(query.from);
    const last = tenureStart(query.to);
    const tenures: string[] = [];
    for (let year = first; year <= last; year += 1) tenures.push(`${year}-${year + 1}`);
    return { tenure: null, from: query.from, to: query.to, tenures };
  }
  const tenure = query.tenure ?? currentTenure(now, timeZone);
  const start = Number(tenure.slice(0, 4));
  return { tenure, from: `${start}-07-01`, to: `${start + 1}-06-30`, tenures: [tenure] };
}

/** The first year of the tenure a day falls in (July to June). */
const tenureStart = (day: string) => {
  const year = Number(day.slice(0, 4));
  return Number(day.slice(5, 7)) >= 7 ? year : year - 1;
};

/** The period's instants: from the first day's midnight to the midnight after its last, on the institute's clock. */
export const boundsOf = (period: Period, timeZone: string) => ({
  start: sql`(${period.from}::date::timestamp at time zone ${timeZone})`,
  end: sql`((${period.to}::date + 1)::timestamp at time zone ${timeZone})`,
});

/** Who reads: their role and, for a coordinator, the club their account is linked to. */
export type Reader = { role: string; clubId: string | null };

/**
 * The reader's part of the council: the whole institute, a council (its committee and everything
 * below it) or a club; `units` is a condition on a unit id, `reviewType` the council's type of
 * achievements and skills, `clubId` the club whose members' reviews count.
 */
export type Scope = {
  kind: 'institute' | 'council' | 'club';
  name: string;
  units: (unitId: SQL) => SQL;
  reviewType: string | null;
  clubId: string | null;
  /** Whether the reader sees students' personal details (a hostel among them): the administrator alone (decision 0041). */
  personalDetails: boolean;
};

/** The reader's scope, with its name read from the units; 404 for a coordinator with no club. */
export async function scopeOf(db: Database, reader: Reader, instituteName: string): Promise<Scope> {
  if (reader.role === 'PRESIDENT' || reader.role === 'ADMIN')
    return {
      kind: 'institute',
      name: instituteName,
      units: () => sql`true`,
      reviewType: null,
      clubId: null,
      personalDetails: reader.role === 'ADMIN',
    };
  const council = councilOf(reader.role);
  if (council !== null) {
    const [row] = rowsOf<{ name: string }>(
      await db.execute(sql`select name from org_units
        where type = 'committee' and lower(trim(category)) = ${council} and retired_at is null
        order by created_at limit 1`),
    );
    return {
      kind: 'council',
      name: row?.name ?? `${council[0]!.toUpperCase()}${council.slice(1)} council`,
      units: (unitId) => sql`${unitId} in (${unitsOfCouncil(council)})`,
      reviewType: council,
      clubId: null,
      personalDetails: false,
    };
  }
  const clubId = reader.role === 'CLUB_COORDINATOR' ? reader.clubId : null;
  const [club] = clubId
    ? rowsOf<{ name: string }>(
        await db.execute(sql`select name from org_units where id = ${clubId}::uuid`),
      )
    : [];
  // Not a refusal of the role: there is no club whose report to read (404, as for a club not found).
  if (!clubId || !club) throw AppError.notFound(REPORT_MESSAGES.noClub);
  return {
    kind: 'club',
    name: club.name,
    units: (unitId) => sql`${unitId} = ${clubId}::uuid`,
    reviewType: null,
    clubId,
    personalDetails: false,
  };
}
