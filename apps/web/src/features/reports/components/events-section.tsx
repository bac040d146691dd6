import type { ReactNode } from 'react';
import type { EventGroup, TermReport } from '@cosa/contracts';
import { EmptyState } from '../../../components/ui/empty-state';
import { formatCount, formatShare, plural } from '../report-format';
import { BarChart } from './bar-chart';
import { ChartAndTable, ReportSection } from './report-section';
import { ReportTable, type ReportColumn } from './report-table';

type Events = TermReport['events'];

/** A category as the records store it ('technical'), as people read it ('Technical'). */
const categoryName = (code: string) => `${code.charAt(0).toUpperCase()}${code.slice(1)}`;

const columnsFor = (first: string): ReportColumn<EventGroup>[] => [
  { header: first, cell: (row) => row.group },
  { header: 'Events', cell: (row) => row.events.toLocaleString('en-IN'), numeric: true },
  { header: 'Registrations', cell: (row) => formatCount(row.registrations), numeric: true },
  { header: 'Attended', cell: (row) => formatCount(row.attended), numeric: true },
  { header: 'No-shows', cell: (row) => formatCount(row.noShows), numeric: true },
  { header: 'No-show rate', cell: (row) => formatShare(row.noShowRate), numeric: true },
];

/** '34 events, 1,200 registrations and 950 attended; no-show rate 12%.' */
function eventsSummary({ total }: Events): string {
  if (total.events === 0) return 'No events in this period.';
  const rate = total.noShowRate === null ? '' : `; no-show rate ${formatShare(total.noShowRate)}`;
  return `${plural(total.events, 'event', 'events')}, ${plural(total.registrations, 'registration', 'registrations')} and ${formatCount(total.attended)} attended${rate}.`;
}

/** The category most people attended. */
function categorySummary(rows: readonly EventGroup[]): string {
  const top = rows.filter((row) => row.attended !== null).sort((a, b) => b.attended! - a.attended!)[0];
  if (!top) return 'Registrations and attendance by category.';
  if (top.attended === 0) return 'No one was checked in at these events.';
  return `Most attended by category: ${top.group}, ${formatCount(top.attended)} attended of ${formatCount(top.registrations)} registered.`;
}

function Tiles({ total }: { total: EventGroup }) {
  const tiles = [
    ['Events', total.events.toLocaleString('en-IN')],
    ['Registrations', formatCount(total.registrations)],
    ['Attended', formatCount(total.attended)],
    ['No-shows', formatCount(total.noShows)],
    ['No-show rate', formatShare(total.noShowRate)],
  ] as const;
  return (
    <dl aria-label="Events in all" className="grid grid-cols-2 gap-3 sm:grid-cols-5">
      {tiles.map(([term, value]) => (
        <div key={term} className="min-w-0 rounded-card border border-line-soft p-3">
          <dt className="text-xs font-medium text-ink-muted">{term}</dt>
          <dd className="text-lg font-semibold wrap-anywhere text-ink tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Events: the totals, registrations against attendance by category, and the table by club. */
export function EventsSection({
  events,
  downloads,
}: {
  events: Events;
  downloads: { byCategory: ReactNode; byClub: ReactNode };
}) {
  const categories = events.byCategory.map((row) => ({ ...row, group: categoryName(row.group) }));
  const byCategory = categorySummary(categories);
  return (
    <ReportSection
      title="Events"
      summary={eventsSummary(events)}
      empty={events.total.events === 0 ? 'No events in this period.' : undefined}
      download={downloads.byCategory}
    >
      <Tiles total={events.total} />
      <p className="text-sm text-ink">{byCategory}</p>
      <ChartAndTable
        wide
        chart={
          <BarChart
            summary={byCategory}
            rows={categories.map((row) => ({
              label: row.group,
              values: [row.registrations, row.attended],
            }))}
            series={[{ label: 'Registrations' }, { label: 'Attended' }]}
            format={(value) => formatCount(value)}
          />
        }
        table={
          <ReportTable
            caption="Events by category"
            columns={columnsFor('Category')}
            rows={categories}
            rowKey={(row) => row.group}
            footer={events.total}
          />
        }
      />
      <div className="grid gap-3">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <h3 className="text-base font-semibold text-ink">By club</h3>
          {downloads.byClub}
        </div>
        {events.byClub.length === 0 ? (
          <EmptyState title="No club held an event in this period." />
        ) : (
          <ReportTable
            caption="Events by club"
            columns={columnsFor('Club')}
            rows={events.byClub}
            rowKey={(row) => row.group}
            footer={events.total}
          />
        )}
      </div>
    </ReportSection>
  );
}
