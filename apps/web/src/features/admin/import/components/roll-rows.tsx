import { useState, type ReactNode } from 'react';
import {
  ROLL_COLUMNS,
  ROLL_IMPORT_LIST_LIMIT,
  type RollOutcome,
  type RollRow,
  type RollTotals,
} from '@cosa/contracts';
import { Badge, type BadgeTone } from '../../../../components/ui/badge';
import { EmptyState } from '../../../../components/ui/empty-state';
import { Pager } from '../../../../components/ui/pager';
import { Tabs } from '../../../../components/ui/tabs';

const PAGE_SIZE = 25;

export const OUTCOME_LABELS: Record<RollOutcome, string> = {
  new: 'New',
  changed: 'Changed',
  unchanged: 'Unchanged',
  refused: 'Refused',
};
const OUTCOME_TONES: Record<RollOutcome, BadgeTone> = {
  new: 'success',
  changed: 'info',
  unchanged: 'neutral',
  refused: 'danger',
};
const FIELD_LABELS = Object.fromEntries(
  ROLL_COLUMNS.map((column) => [column.field, column.header]),
) as Record<string, string>;

/** One row of the file: what it holds, and why it is refused or what it changes. */
export function RollRowItem({ row }: { row: RollRow }) {
  const title = `Row ${row.row}`;
  return (
    <li className="min-w-0">
      <article
        aria-label={title}
        className="flex min-w-0 flex-col gap-1 rounded-lg border border-line-soft bg-surface p-3 text-sm"
      >
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-semibold text-ink">{title}</h3>
          <Badge tone={OUTCOME_TONES[row.outcome]}>{OUTCOME_LABELS[row.outcome]}</Badge>
        </div>
        <p className="break-words text-ink">
          {[row.studentId || '(no Student ID)', row.name || '(no name)', row.email || '(no email)'].join(
            ' \u00b7 ',
          )}
        </p>
        <p className="break-words text-ink-muted">
          {[row.program, row.discipline, row.admissionYear, row.cgpa && `CGPA ${row.cgpa}`]
            .filter(Boolean)
            .join(' \u00b7 ')}
        </p>
        {row.reasons.length > 0 && (
          <ul aria-label={`Why row ${row.row} is refused`} className="list-disc pl-5 text-danger-700">
            {row.reasons.map((reason) => (
              <li key={reason} className="break-words">
                {reason}
              </li>
            ))}
          </ul>
        )}
        {row.changes.length > 0 && (
          <ul aria-label={`What row ${row.row} changes`} className="flex flex-col gap-0.5 text-ink">
            {row.changes.map((change) => (
              <li key={change.field} className="break-words">
                <span className="font-medium">{FIELD_LABELS[change.field]}:</span>{' '}
                {change.before ?? '(none)'} &rarr; {change.after}
              </li>
            ))}
          </ul>
        )}
      </article>
    </li>
  );
}

/** A page of rows, paged here: the answer holds at most ROLL_IMPORT_LIST_LIMIT rows of each outcome. */
function RowPages({
  rows,
  total,
  outcome,
}: {
  rows: RollRow[];
  total: number;
  outcome: RollOutcome | 'all';
}) {
  const [page, setPage] = useState(1);
  if (rows.length === 0)
    return (
      <EmptyState
        title={outcome === 'all' ? 'No rows' : `No ${OUTCOME_LABELS[outcome].toLowerCase()} rows`}
      />
    );
  const shown = rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  return (
    <div className="flex flex-col gap-3">
      {total > rows.length && (
        <p className="text-sm text-ink-muted">
          Listing the first {ROLL_IMPORT_LIST_LIMIT.toLocaleString('en-IN')} rows of each kind:{' '}
          {rows.length.toLocaleString('en-IN')} of {total.toLocaleString('en-IN')}.
        </p>
      )}
      <ul className="grid gap-2 lg:grid-cols-2">
        {shown.map((row) => (
          <RollRowItem key={row.row} row={row} />
        ))}
      </ul>
      <Pager
        page={page}
        pageSize={PAGE_SIZE}
        total={rows.length}
        onPage={setPage}
        label={`Pages of ${outcome === 'all' ? 'all' : OUTCOME_LABELS[outcome].toLowerCase()} rows`}
      />
    </div>
  );
}

/** The rows of a preview or a result by outcome, refused first when there are any. */
export function RollRows({
  rows,
  totals,
  outcomes,
  refused,
}: {
  rows: RollRow[];
  totals: RollTotals;
  outcomes: readonly RollOutcome[];
  /** What the Refused tab shows instead of a list of its rows (a preview's counts by reason). */
  refused?: ReactNode;
}) {
  const items = outcomes.map((outcome) => ({
    value: outcome,
    label: `${OUTCOME_LABELS[outcome]} (${totals[outcome].toLocaleString('en-IN')})`,
    content:
      outcome === 'refused' && refused ? (
        refused
      ) : (
        <RowPages
          rows={rows.filter((row) => row.outcome === outcome)}
          total={totals[outcome]}
          outcome={outcome}
        />
      ),
  }));
  const first = outcomes.find((outcome) => totals[outcome] > 0) ?? outcomes[0];
  if (outcomes.length === 1) return items[0]!.content;
  return <Tabs label="Rows by outcome" items={items} defaultValue={first} />;
}
