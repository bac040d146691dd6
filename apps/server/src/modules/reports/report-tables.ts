import { REPORT_FEWER_THAN, type ReportChart, type TermReport } from '@cosa/contracts';
import type { CsvColumn } from '../../lib/csv-export';

/* Each chart's table as its CSV file writes it: the same rows the page shows, small groups suppressed. */

type Cell = string | number;
/** A table: its columns over rows of cells. */
export type ReportTable = { columns: readonly CsvColumn<Cell[]>[]; rows: Cell[][] };

/** A count of people: its number, or "fewer than 5". */
const count = (value: number | null): Cell => (value === null ? REPORT_FEWER_THAN : value);
/** A share as a percentage to a tenth; empty when not shown. */
const percent = (value: number | null): Cell => (value === null ? '' : Math.round(value * 1000) / 10);
const plain = (value: number | null): Cell => (value === null ? '' : value);
const rupees = (value: number | null): Cell => (value === null ? '' : value.toFixed(2));
/** A stored code as a reader reads it: 'technical' is 'Technical'. */
const readable = (code: string) => `${code.charAt(0).toUpperCase()}${code.slice(1)}`;

function tableOf(headers: readonly string[], rows: Cell[][]): ReportTable {
  return { columns: headers.map((header, index) => ({ header, value: (row) => row[index] })), rows };
}

const EVENT_HEADERS = ['Events', 'Registrations', 'Attended', 'No-shows', 'No-show rate (%)'];
const eventCells = (row: TermReport['events']['total']): Cell[] => [
  row.events,
  count(row.registrations),
  count(row.attended),
  count(row.noShows),
  percent(row.noShowRate),
];

/** One chart's table of the report. */
export function reportTable(report: TermReport, chart: ReportChart): ReportTable {
  switch (chart) {
    case 'reach': {
      const { reach } = report;
      const dimensions = [
        ['Batch', reach.byBatch],
        ['Program', reach.byProgram],
        ['Discipline', reach.byDiscipline],
        ['Hostel', reach.byHostel],
      ] as const;
      return tableOf(
        ['Breakdown', 'Group', 'Students', 'Took part', 'Share (%)'],
        [
          [
            'All students',
            'All students',
            count(reach.students),
            count(reach.participants),
            percent(reach.share),
          ],
          ...dimensions.flatMap(([name, rows]) =>
            rows.map((row) => [
              name,
              row.group,
              count(row.students),
              count(row.participants),
              percent(row.share),
            ]),
          ),
        ],
      );
    }
    case 'concentration':
      return tableOf(
        ['Activities', 'Students'],
        report.concentration.buckets.map((bucket) => [bucket.activities, count(bucket.students)]),
      );
    case 'events-by-category':
      return tableOf(
        ['Category', ...EVENT_HEADERS],
        [...report.events.byCategory, report.events.total].map((row) => [
          readable(row.group),
          ...eventCells(row),
        ]),
      );
    case 'events-by-club':
      return tableOf(
        ['Club', ...EVENT_HEADERS],
        [...report.events.byClub, report.events.total].map((row) => [row.group, ...eventCells(row)]),
      );
    case 'feedback':
      return tableOf(
        [
          'Type',
          'Received',
          'Resolved',
          'Resolved (%)',
          'Median hours to resolve',
          '90th percentile hours',
        ],
        [...report.feedback.byType, report.feedback.total].map((row) => [
          row.group,
          count(row.received),
          count(row.resolved),
          percent(row.resolvedShare),
          plain(row.p50Hours),
          plain(row.p90Hours),
        ]),
      );
    case 'reviews':
      return tableOf(
        ['Kind', 'Decided', 'Waiting', 'Median hours in queue', '90th percentile hours'],
        report.reviews.map((row) => [
          row.group,
          count(row.decided),
          count(row.waiting),
          plain(row.p50Hours),
          plain(row.p90Hours),
        ]),
      );
    case 'budgets':
      return tableOf(
        [
          'Unit',
          'Allocated (INR)',
          'Committed (INR)',
          'Paid (INR)',
          'Attendances',
          'Cost per attendee (INR)',
        ],
        [...report.budgets.rows, report.budgets.total].map((row) => [
          row.unit,
          rupees(row.allocated),
          rupees(row.committed),
          rupees(row.paid),
          count(row.attendances),
          rupees(row.costPerAttendee),
        ]),
      );
    case 'elections':
      return tableOf(
        ['Election', 'Post', 'Eligible', 'Voted', 'Turnout (%)'],
        report.elections.map((row) => [
          row.election,
          row.post,
          count(row.eligible),
          count(row.voted),
          percent(row.turnout),
        ]),
      );
  }
}
