import { and } from 'drizzle-orm';
import type { ApprovalExportQuery, Booking } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { roomBookings } from '../../db/schema/index';
import { EXPORT_PAGE_SIZE, type CsvColumn, type PageReader } from '../../lib/csv-export';
import { keysetAfter, readAhead } from '../../lib/keyset';
import { approvalFilters } from './approvals.service';
import { bookingOrder, bookingQuery, toBooking } from './booking-rows';
import { wallClockOf, type BookingClock } from './rooms.policy';

/** A booking as the panel shows it, with its place in the panel's order. */
type ExportRow = { booking: Booking; key: { date: string; startTime: string; id: string } };

const COLUMNS: readonly CsvColumn<ExportRow>[] = [
  { header: 'Room', value: ({ booking }) => booking.room.name },
  { header: 'Date', value: ({ booking }) => booking.date },
  { header: 'Start', value: ({ booking }) => booking.startTime },
  { header: 'End', value: ({ booking }) => booking.endTime },
  { header: 'Description', value: ({ booking }) => booking.description },
  { header: 'Status', value: ({ booking }) => booking.status },
  { header: 'Requested by', value: ({ booking }) => booking.requestedBy.name },
  { header: 'Requested at', value: ({ booking }) => new Date(booking.createdAt) },
  { header: 'Decided by', value: ({ booking }) => booking.decidedBy?.name },
  {
    header: 'Decided at',
    value: ({ booking }) => (booking.decidedAt ? new Date(booking.decidedAt) : null),
  },
  { header: 'Decision note', value: ({ booking }) => booking.decisionNote },
];

/**
 * The approval panel's tab as CSV, with its search, in the panel's order (newest day, latest start,
 * then id). Read at one wall clock, so a request does not turn expired halfway through the file.
 */
export function approvalsExport(db: Database, query: ApprovalExportQuery, clock: BookingClock) {
  const wall = wallClockOf(clock);
  const { where } = approvalFilters(query, wall);
  const read: PageReader<ExportRow> = async (last) => {
    const after = last
      ? keysetAfter([
          { column: roomBookings.date, value: last.key.date, direction: 'desc', cast: 'date' },
          { column: roomBookings.startTime, value: last.key.startTime, direction: 'desc', cast: 'time' },
          { column: roomBookings.id, value: last.key.id, direction: 'asc', cast: 'uuid' },
        ])
      : undefined;
    const rows = await bookingQuery(db, wall)
      .where(and(where, after))
      .orderBy(...bookingOrder)
      .limit(EXPORT_PAGE_SIZE);
    return rows.map((row) => ({
      booking: toBooking(row),
      key: { date: row.b.date, startTime: row.b.startTime, id: row.b.id },
    }));
  };
  return { read: readAhead(read), columns: COLUMNS };
}
