import { formatRupees, type LineFigures } from '@cosa/contracts';
import { usedShare } from '../money-labels';

/** A line's (or a total's) share spent or promised, as a bar with its words for screen readers. */
export function UsageBar({ figures }: { figures: LineFigures }) {
  const share = usedShare(figures);
  return (
    <span className="flex min-w-24 items-center gap-2">
      <span aria-hidden="true" className="h-2 w-full min-w-16 overflow-hidden rounded-full bg-line-soft">
        <span
          className={share >= 90 ? 'block h-full bg-warning-700' : 'block h-full bg-accent'}
          style={{ width: `${share}%` }}
        />
      </span>
      <span className="text-xs whitespace-nowrap text-ink-muted">{share}% used</span>
    </span>
  );
}

const TERMS: readonly [keyof LineFigures, string][] = [
  ['allocated', 'Allocated'],
  ['committed', 'Committed'],
  ['paid', 'Paid'],
  ['available', 'Available'],
];

/** Allocated, committed, paid and available side by side (two by two on a phone). */
export function FigureList({ figures, label }: { figures: LineFigures; label: string }) {
  return (
    <dl aria-label={label} className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {TERMS.map(([key, term]) => (
        <div key={key} className="min-w-0 rounded-card border border-line-soft bg-surface p-3">
          <dt className="text-xs font-medium text-ink-muted">{term}</dt>
          <dd className="text-lg font-semibold wrap-anywhere text-ink tabular-nums">
            {formatRupees(figures[key])}
          </dd>
        </div>
      ))}
    </dl>
  );
}
