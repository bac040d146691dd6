import {
  AUDIT_MESSAGES,
  auditActionLabel,
  auditKindLabel,
  auditSubjectLabel,
  type AuditActor,
  type AuditChange,
  type AuditEntry,
} from '@cosa/contracts';
import { Badge, type BadgeTone } from '../../../../components/ui/badge';
import { formatDateTime } from '../../../../lib/format';

const ACTION_TONES: Record<string, BadgeTone> = {
  create: 'success',
  update: 'info',
  delete: 'danger',
};

/** What changed, in words: 'Changed catalogue skill: Python', or the summary of a bulk change. */
function whatOf(entry: AuditEntry): string {
  if (entry.summary) return entry.summary;
  const subject = auditSubjectLabel(entry.subjectType);
  return `${auditActionLabel(entry.action)} ${subject}${entry.subjectLabel ? `: ${entry.subjectLabel}` : ''}`;
}

function Change({ change }: { change: AuditChange }) {
  return (
    <div className="min-w-0 border-t border-line-soft py-2 first:border-t-0">
      <dt className="text-xs font-medium tracking-wide text-ink-muted uppercase">{change.label}</dt>
      <dd className="mt-0.5 text-sm break-words text-ink">
        {change.before !== undefined && (
          <>
            <span className="sr-only">from </span>
            <del className="text-danger-700">{change.before}</del>
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
            <ins className="text-success-700 no-underline">{change.after}</ins>
          </>
        )}
      </dd>
    </div>
  );
}

/**
 * Who made the change: the name the log kept at the moment and, when the account has been renamed
 * since, its current name beside it, with the username that does not change hands.
 */
function Actor({ actor }: { actor: AuditActor }) {
  const then = actor.nameAtTheTime ?? actor.name;
  const renamed =
    actor.name !== null && actor.nameAtTheTime !== null && actor.name !== actor.nameAtTheTime;
  return (
    <>
      <span className="font-semibold">{then ?? AUDIT_MESSAGES.noActor}</span>
      {renamed && (
        <span className="text-ink-muted">
          {' '}
          (name at the time; now <span className="font-semibold text-ink">{actor.name}</span>)
        </span>
      )}
      {actor.id === null && then !== null && <span className="text-ink-muted"> (name at the time)</span>}
      {actor.username && (
        <span className="text-ink-muted">
          {' '}
          · username <span className="font-mono text-ink">{actor.username}</span>
        </span>
      )}
      {actor.deactivated && <span className="text-ink-muted"> · account deactivated</span>}
    </>
  );
}

/** One line of the audit log: who, when, what kind, what, and the values before and after on demand. */
export function AuditEntryCard({ entry, timeZone }: { entry: AuditEntry; timeZone?: string }) {
  const changes = entry.changes;
  return (
    <article className="flex min-w-0 flex-col gap-2 rounded-card border border-line-soft bg-surface p-4 shadow-card">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="min-w-0 text-sm break-words text-ink">
          <Actor actor={entry.actor} />
          <span className="text-ink-muted"> · </span>
          <time dateTime={entry.createdAt} className="text-ink-muted">
            {formatDateTime(entry.createdAt, timeZone)}
          </time>
        </p>
        <div className="flex flex-wrap gap-1">
          <Badge tone="accent">{auditKindLabel(entry.kind)}</Badge>
          <Badge tone={Object.hasOwn(ACTION_TONES, entry.action) ? ACTION_TONES[entry.action] : 'info'}>
            {auditActionLabel(entry.action)}
          </Badge>
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
              <Change key={change.field} change={change} />
            ))}
          </dl>
        </details>
      )}
    </article>
  );
}
