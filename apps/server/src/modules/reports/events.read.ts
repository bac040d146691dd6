import { sql, type SQL } from 'drizzle-orm';
import { REPORT_NOT_GIVEN, type EventGroup, type TermReport } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { Scope } from './report-scope';
import { people, protectGroups, shareOf, type Counted } from './small-groups.policy';

/* Events held in the period: registrations, attendance and no-shows, by category and by club. */

type Row = {
  dimension: 'category' | 'club' | 'total';
  grp: string | null;
  unit_id: string | null;
  events: number;
  registrations: number;
  attended: number;
  no_shows: number;
  counted_seats: number;
};
type Key = 'registrations' | 'attended' | 'noShows' | 'countedSeats';
const KEYS: readonly Key[] = ['registrations', 'attended', 'noShows', 'countedSeats'];

const shown = (group: string, events: number, counts: Record<Key, number>): EventGroup => ({
  group,
  events,
  registrations: people(counts.registrations),
  attended: people(counts.attended),
  noShows: people(counts.noShows),
  noShowRate: shareOf(counts.noShows, counts.countedSeats),
});

/** Statements' rows as groups the report may name: small ones put together, each event counted once. */
function groupsOf(rows: Row[], dimension: Row['dimension']): EventGroup[] {
  const eventsOf = new Map<string, number>();
  const counted: Counted<Key>[] = rows
    .filter((row) => row.dimension === dimension)
    .sort((a, b) => (a.grp ?? '').localeCompare(b.grp ?? ''))
    .map((row) => {
      const group = row.grp ?? REPORT_NOT_GIVEN;
      eventsOf.set(group, row.events);
      return {
        group,
        counts: {
          registrations: row.registrations,
          attended: row.attended,
          noShows: row.no_shows,
          countedSeats: row.counted_seats,
        },
      };
    });
  const kept = protectGroups(counted, KEYS, (row) => row.counts.registrations + row.counts.attended);
  const keptNames = new Set(kept.map((row) => row.group));
  const otherEvents = [...eventsOf]
    .filter(([group]) => !keptNames.has(group))
    .reduce((sum, [, events]) => sum + events, 0);
  return kept.map((row) => shown(row.group, eventsOf.get(row.group) ?? otherEvents, row.counts));
}

/** The events section of the report. */
export async function eventsOf(
  db: Database,
  scope: Scope,
  bounds: { start: SQL; end: SQL },
): Promise<TermReport['events']> {
  const rows = rowsOf<Row>(
    await db.execute(sql`
      with held as (
        select e.id, e.category, e.organizing_unit_id,
          coalesce(e.schedule_end, e.schedule_start) < now() as ended
        from events e
        where e.approval = 'approved' and e.status <> 'cancelled'
          and e.schedule_start >= ${bounds.start} and e.schedule_start < ${bounds.end}
          and ${scope.units(sql`e.organizing_unit_id`)}
      ),
      seats as (
        select r.event_id,
          count(*) filter (where r.status = 'confirmed' and not r.walk_in) as registrations,
          count(*) filter (where r.checked_in_at is not null) as attended,
          count(*) filter (where r.status = 'confirmed' and not r.walk_in and r.checked_in_at is null) as absent
        from event_registrations r
        where r.event_id in (select id from held) and r.status = 'confirmed'
        group by r.event_id
      ),
      per_event as (
        select h.category, h.organizing_unit_id, coalesce(s.registrations, 0) as registrations,
          coalesce(s.attended, 0) as attended,
          case when h.ended and coalesce(s.attended, 0) > 0 then s.absent else 0 end as no_shows,
          case when h.ended and coalesce(s.attended, 0) > 0 then s.registrations else 0 end as counted_seats
        from held h left join seats s on s.event_id = h.id
      )
      select case when grouping(category) = 0 then 'category'
          when grouping(organizing_unit_id) = 0 then 'club' else 'total' end as dimension,
        case when grouping(category) = 0 then category
          else (select name from org_units u where u.id = organizing_unit_id) end as grp,
        organizing_unit_id::text as unit_id,
        count(*)::int as events, sum(registrations)::int as registrations,
        sum(attended)::int as attended, sum(no_shows)::int as no_shows,
        sum(counted_seats)::int as counted_seats
      from per_event
      group by grouping sets ((category), (organizing_unit_id), ())`),
  );
  const total = rows.find((row) => row.dimension === 'total');
  return {
    total: shown('All events', total?.events ?? 0, {
      registrations: total?.registrations ?? 0,
      attended: total?.attended ?? 0,
      noShows: total?.no_shows ?? 0,
      countedSeats: total?.counted_seats ?? 0,
    }),
    byCategory: groupsOf(rows, 'category'),
    byClub: groupsOf(rows, 'club'),
  };
}
