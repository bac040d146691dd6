import {
  AUDIT_ACTION_LABELS,
  AUDIT_KIND_LABELS,
  AUDIT_MESSAGES,
  AUDIT_SUBJECT_LABELS,
  type AuditEntry,
} from '@cosa/contracts';
import { Badge, type BadgeTone } from '../../../../components/ui/badge';
import { formatDateTime } from '../../../../lib/format';
import { changesOf, fieldLabel, valueText, type FieldChange } from '../audit-changes';

const ACTION_TONES: Record<AuditEntry['action'], BadgeTone> = {
  create: 'success',
  update: 'info',
  delete: 'danger',
};

/** What changed, in words: 'Changed catalogue skill: Python', or the summary of a bulk change. */
function whatOf(entry: AuditEntry): string {
  if (entry.summary) return entry.summary;
  const subject = AUDIT_SUBJECT_LABELS[entry.subjectType] ?? entry.subjectType;
  return `${AUDIT_ACTION_LABELS[entry.action]} ${subject}${entry.subjectLabel ? `: ${entry.subjectLabel}` : ''}`;
}

function Change({ change, timeZone }: { change: FieldChange; timeZone?: string }) {
  const before = valueText(change.before, timeZone);
  const after = valueText(change.after, timeZone);
  return (
    <div className="min-w-0 border-t border-line-soft py-2 first:border-t-0">
      <dt className="text-xs font-medium tracking-wide text-ink-muted uppercase">
        {fieldLabel(change.field)}
      </dt>
      <dd className="mt-0.5 text-sm break-words text-ink">
        {change.before !== undefined && (
          <>
            <span className="sr-only">from </span>
            <del className="text-danger-700">{before}</del>
          </>
        )}
        {change.before !== undefined && change.after !== undefined && (
          <span aria-hidden="true" className="px-1.5 text-ink-muted">
            →
          </span>
        )}
        {change.after !== undefined && (
          <>
            <span className="sr-only">{change.before !== undefined ? ' to ' : ''}</span>
            <ins className="text-success-700 no-underline">{after}</ins>
          </>
        )}
      </dd>
    </div>
  );
}

/** One line of the audit log: who, when, what kind, what, and the values before and after on demand. */
export function AuditEntryCard({ entry, timeZone }: { entry: AuditEntry; timeZone?: string }) {
  const changes = changesOf(entry);
  return (
    <article className="flex min-w-0 flex-col gap-2 rounded-card border border-line-soft bg-surface p-4 shadow-card">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="min-w-0 text-sm break-words text-ink">
          <span className="font-semibold">{entry.actor.name ?? AUDIT_MESSAGES.noActor}</span>
          <span className="text-ink-muted"> · </span>
          <time dateTime={entry.createdAt} className="text-ink-muted">
            {formatDateTime(entry.createdAt, timeZone)}
          </time>
        </p>
        <div className="flex flex-wrap gap-1">
          <Badge tone="accent">{AUDIT_KIND_LABELS[entry.kind]}</Badge>
          <Badge tone={ACTION_TONES[entry.action]}>{AUDIT_ACTION_LABELS[entry.action]}</Badge>
        </div>
      </div>
      <h2 className="text-base font-medium break-words text-ink">{whatOf(entry)}</h2>
      {changes.length > 0 && (
        <details className="group rounded-lg bg-canvas px-3 py-2">
          <summary className="cursor-pointer text-sm font-medium text-accent-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent">
            {changes.length === 1
              ? 'Show the change (1 field)'
              : `Show the changes (${changes.length} fields)`}
          </summary>
          <dl className="mt-2">
            {changes.map((change) => (
              <Change key={change.field} change={change} timeZone={timeZone} />
            ))}
          </dl>
        </details>
      )}
    </article>
  );
}
