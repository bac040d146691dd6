import { useId, type ReactNode } from 'react';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { cn } from '../../../lib/cn';

/** A chart's CSV file: a plain link, so the browser downloads it with the session cookie. */
export function CsvLink({
  href,
  of,
}: {
  href: string;
  /** Names the file for screen readers. */ of: string;
}) {
  return (
    <a
      href={href}
      download
      className="inline-flex min-h-9 items-center self-start rounded-lg border border-line bg-surface px-3 text-sm font-medium whitespace-nowrap text-ink hover:bg-accent-soft focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
    >
      Download CSV<span className="sr-only"> of {of}</span>
    </a>
  );
}

/**
 * A section of the report: a card with its heading, its one-sentence summary and its charts, or
 * what it has not when there is nothing to count.
 */
export function ReportSection({
  title,
  summary,
  empty,
  download,
  children,
}: {
  title: string;
  summary: string;
  /** Said instead of the summary and the charts when the period has nothing for the section. */
  empty?: string;
  /** The CSV link of the section's chart. */
  download?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId} className="grid gap-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-semibold text-ink">
            {title}
          </h2>
          {!empty && <p className="mt-1 text-sm text-ink-muted">{summary}</p>}
        </div>
        {download}
      </div>
      {empty ? <EmptyState title={empty} /> : children}
    </Card>
  );
}

/**
 * A chart and its data table: side by side on a wide screen, the table under the chart on a phone.
 * A table of five columns or more goes beside its chart only on the widest screens, where it fits
 * without scrolling.
 */
export function ChartAndTable({
  chart,
  table,
  wide = false,
}: {
  chart: ReactNode;
  table: ReactNode;
  wide?: boolean;
}) {
  return (
    <div
      className={cn(
        'grid min-w-0 gap-4',
        wide ? '2xl:grid-cols-2 2xl:items-start' : 'lg:grid-cols-2 lg:items-start',
      )}
    >
      <div className="min-w-0">{chart}</div>
      <div className="min-w-0">{table}</div>
    </div>
  );
}
