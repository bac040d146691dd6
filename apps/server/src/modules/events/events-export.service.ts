import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { EventExportQuery } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { events, orgUnits } from '../../db/schema/index';
import { csvLabel, EXPORT_PAGE_SIZE, type CsvColumn, type PageReader } from '../../lib/csv-export';
import { cursorText, keysetAfter, readAhead } from '../../lib/keyset';
import type { EventActor } from './events.policy';
import { eventFilters, summaryColumns } from './events.read';

const eventRows = (db: Database) =>
  db
    .select({ ...summaryColumns, cursorStart: cursorText(events.scheduleStart) })
    .from(events)
    .leftJoin(orgUnits, eq(orgUnits.id, events.organizingUnitId));

type EventRow = Awaited<ReturnType<ReturnType<typeof eventRows>['execute']>>[number];

const COLUMNS: readonly CsvColumn<EventRow>[] = [
  { header: 'Event ID', value: (row) => row.eventCode },
  { header: 'Title', value: (row) => row.title },
  { header: 'Organizing unit', value: (row) => row.unitName },
  { header: 'Category', value: (row) => csvLabel(row.category) },
  { header: 'Type', value: (row) => row.type },
  { header: 'Mode', value: (row) => csvLabel(row.mode) },
  { header: 'Venue', value: (row) => row.venue },
  { header: 'Start', value: (row) => row.scheduleStart },
  { header: 'End', value: (row) => row.scheduleEnd },
  { header: 'Status', value: (row) => csvLabel(row.status) },
];

/**
 * Rows after the last one in the tab's order: by start (upcoming ascending, past descending), then
 * id ascending. Upcoming events without a date come last, so after a dated row they all follow,
 * and after an undated one only those of a greater id.
 */
function after(when: EventExportQuery['when'], last: EventRow | null): SQL | undefined {
  if (!last) return undefined;
  const id = { column: events.id, value: last.id, direction: 'asc', cast: 'uuid' } as const;
  if (last.cursorStart === null)
    return sql`(${events.scheduleStart} is null and ${events.id} > ${last.id}::uuid)`;
  const dated = keysetAfter([
    {
      column: events.scheduleStart,
      value: last.cursorStart,
      direction: when === 'upcoming' ? 'asc' : 'desc',
      cast: 'timestamptz',
    },
    id,
  ]);
  return when === 'upcoming' ? sql`(${dated} or ${events.scheduleStart} is null)` : dated;
}

/** The /events list's tab as CSV, with its search and unit, in the list's order; times on the institute's clock. */
export function eventsExport(
  db: Database,
  actor: EventActor,
  query: EventExportQuery,
  timeZone: string,
) {
  // One instant for the whole download: an event ending meanwhile does not move between tabs halfway.
  const { where, order } = eventFilters(db, actor, query, new Date(), timeZone);
  const read: PageReader<EventRow> = (last) =>
    eventRows(db)
      .where(and(where, after(query.when, last)))
      .orderBy(...order)
      .limit(EXPORT_PAGE_SIZE);
  return { read: readAhead(read), columns: COLUMNS };
}
