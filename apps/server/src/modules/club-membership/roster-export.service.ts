import { sql } from 'drizzle-orm';
import type { RosterEntry, RosterExportQuery } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { clubMemberships, users } from '../../db/schema/index';
import { EXPORT_PAGE_SIZE, type CsvColumn, type PageReader } from '../../lib/csv-export';
import { rosterFilters, rosterPage } from './roster.read';

const COLUMNS: readonly CsvColumn<RosterEntry>[] = [
  { header: 'Name', value: (entry) => entry.student.name },
  { header: 'Student ID', value: (entry) => entry.student.studentId },
  { header: 'Role', value: (entry) => entry.role },
  { header: 'Positions', value: (entry) => entry.offices.join('; ') },
  { header: 'Member since', value: (entry) => new Date(entry.startedAt) },
  { header: 'Until', value: (entry) => (entry.endedAt ? new Date(entry.endedAt) : null) },
  { header: 'Why it ended', value: (entry) => entry.endReason },
];

/**
 * The club's roster as CSV, with the list's search and status, in the list's order. A club's
 * roster is thousands of periods at most, so the pages follow one another by position.
 */
export function rosterExport(db: Database, unitId: string, query: RosterExportQuery) {
  const { where } = rosterFilters(unitId, query);
  let offset = 0;
  const read: PageReader<RosterEntry> = async () => {
    const page = await rosterPage(db, where, EXPORT_PAGE_SIZE, offset);
    offset += page.length;
    return page;
  };
  // The members the file names, with their student id: one row each in the access log.
  const subjects = sql`select distinct ${clubMemberships.userId} as user_id from ${clubMemberships}
    join ${users} on ${users.id} = ${clubMemberships.userId} where ${where ?? sql`true`}`;
  return { read, columns: COLUMNS, subjects };
}
