import { useId, type ReactNode } from 'react';
import { TextLink } from '../../../components/ui/text-link';
import { formatDateTime } from '../../../lib/format';
import { usePublicConfig } from '../../../lib/public-config';

/** Who sent an item for review. */
type Submitter = { id: string; name: string; username: string; studentId: string | null };

/** The item's checkbox of "Endorse selected": `label` names the item for screen readers. */
export type Selection = { checked: boolean; onChange: (checked: boolean) => void; label: string };

/** One field of an item; nothing when the item leaves it empty. */
export function Detail({ term, children }: { term: string; children: ReactNode }) {
  if (children === null || children === undefined || children === '') return null;
  return (
    <>
      <dt className="text-ink-muted">{term}</dt>
      <dd className="min-w-0 break-words text-ink">{children}</dd>
    </>
  );
}

export const capitalised = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

type ReviewCardProps = {
  title: string;
  submitter: Submitter | null;
  submittedAt: string;
  /** The item's fields, as Detail rows. */
  details: ReactNode;
  /** Text under the fields, e.g. a description. */
  extra?: ReactNode;
  /** Endorse (or Verify) and Decline. */
  actions: ReactNode;
  /** The checkbox that selects the item for "Endorse selected", on the lists that have it. */
  selection?: Selection | null;
};

/** An item awaiting review: what it is, who sent it and when, and the official's actions. */
export function ReviewCard({
  title,
  submitter,
  submittedAt,
  details,
  extra,
  actions,
  selection,
}: ReviewCardProps) {
  const headingId = useId();
  const { data: config } = usePublicConfig();
  return (
    <article
      aria-labelledby={headingId}
      className="flex h-full min-w-0 flex-col gap-3 rounded-card border border-line-soft bg-surface p-4 shadow-card"
    >
      <div className="min-w-0">
        <div className="flex items-start gap-3">
          {selection && (
            <input
              type="checkbox"
              aria-label={selection.label}
              checked={selection.checked}
              onChange={(event) => selection.onChange(event.target.checked)}
              className="mt-1.5 size-4 shrink-0 accent-accent"
            />
          )}
          <h2 id={headingId} className="min-w-0 text-lg font-semibold break-words text-ink">
            {title}
          </h2>
        </div>
        <p className="mt-1 text-sm break-words text-ink-muted">
          {submitter ? (
            <>
              {/* The student's record, as far as the official may see it (the person page decides). */}
              Submitted by <TextLink to={`/people/${submitter.id}`}>{submitter.name}</TextLink> (@
              {submitter.username}
              {submitter.studentId ? `, ID ${submitter.studentId}` : ''})
            </>
          ) : (
            'Submitted'
          )}{' '}
          on <time dateTime={submittedAt}>{formatDateTime(submittedAt, config?.timeZone)}</time>
        </p>
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">{details}</dl>
      {extra}
      <div className="mt-auto flex flex-wrap justify-end gap-2 border-t border-line-soft pt-3">
        {actions}
      </div>
    </article>
  );
}
