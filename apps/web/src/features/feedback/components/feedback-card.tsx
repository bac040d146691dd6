import { useId, type ReactNode } from 'react';
import {
  ACTIONS_PREVIEW_LENGTH,
  COMMENT_PREVIEW_LENGTH,
  FEEDBACK_DESK_MESSAGES,
  type FeedbackItem,
} from '@cosa/contracts';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { formatDate } from '../../../lib/format';
import { ExpandableText } from './expandable-text';
import { RatingStars } from './rating-stars';

type FeedbackCardProps = {
  feedback: FeedbackItem;
  /** The institute's time zone, for the dates. */
  timeZone?: string;
  /** Opens the resolve dialog; `button` is where focus returns when it closes. */
  onResolve: (feedback: FeedbackItem, button: HTMLElement) => void;
};

/** Who gave it; anonymous feedback never names its author, even when the server sends one. */
function authorOf({ isAnonymous, mine, author }: FeedbackItem): string {
  if (isAnonymous || !author)
    return isAnonymous && mine
      ? FEEDBACK_DESK_MESSAGES.sentAnonymously
      : FEEDBACK_DESK_MESSAGES.anonymous;
  return `${author.name} (${author.username})`;
}

/** The target named for people: its kind, its name and, when known, what it belongs to. */
function targetOf({ targetType, target }: FeedbackItem): string {
  return `${targetType}: ${target.label}${target.detail ? ` (${target.detail})` : ''}`;
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-ink-muted">{term}</dt>
      <dd className="min-w-0 break-words text-ink">{children}</dd>
    </>
  );
}

function ResolvedDetails({ feedback, timeZone }: { feedback: FeedbackItem; timeZone?: string }) {
  const actions = feedback.actionsTaken?.trim() ?? '';
  return (
    <div className="grid gap-2">
      <div>
        <Badge tone="success">{FEEDBACK_DESK_MESSAGES.resolved}</Badge>
      </div>
      <div className="grid gap-1">
        <h3 className="text-sm font-medium text-ink-muted">{FEEDBACK_DESK_MESSAGES.actionsLabel}</h3>
        {actions ? (
          <ExpandableText text={actions} limit={ACTIONS_PREVIEW_LENGTH} />
        ) : (
          <p className="text-sm text-ink-muted italic">{FEEDBACK_DESK_MESSAGES.noActions}</p>
        )}
      </div>
      {(feedback.resolvedBy || feedback.resolvedAt) && (
        <p className="text-xs text-ink-muted">
          Resolved
          {feedback.resolvedBy && ` by ${feedback.resolvedBy.name}`}
          {feedback.resolvedAt && (
            <>
              {' on '}
              <time dateTime={feedback.resolvedAt}>{formatDate(feedback.resolvedAt, timeZone)}</time>
            </>
          )}
        </p>
      )}
    </div>
  );
}

/** One feedback of the list: what it is about, who gave it, the comment and its resolution. */
export function FeedbackCard({ feedback, timeZone, onResolve }: FeedbackCardProps) {
  const headingId = useId();
  let resolution: ReactNode;
  if (feedback.isResolved) resolution = <ResolvedDetails feedback={feedback} timeZone={timeZone} />;
  else if (feedback.canResolve)
    resolution = (
      <Button
        size="sm"
        onClick={(event) => onResolve(feedback, event.currentTarget)}
        aria-describedby={headingId}
      >
        {FEEDBACK_DESK_MESSAGES.markResolved}
      </Button>
    );
  else resolution = <Badge tone="warning">{FEEDBACK_DESK_MESSAGES.awaiting}</Badge>;

  return (
    // Focus lands on the card when its Mark as Resolved button is gone after the dialog closes.
    <article
      aria-labelledby={headingId}
      tabIndex={-1}
      className="flex h-full min-w-0 flex-col gap-3 rounded-card border border-line-soft bg-surface p-4 shadow-card focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
    >
      <h2 id={headingId} className="text-lg font-semibold break-words text-ink">
        {feedback.type}
        <span className="sr-only"> about {feedback.target.label}</span>
      </h2>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 gap-y-1 text-sm">
        <Detail term="About">{targetOf(feedback)}</Detail>
        <Detail term="From">{authorOf(feedback)}</Detail>
        <Detail term="Sent">
          <time dateTime={feedback.createdAt}>{formatDate(feedback.createdAt, timeZone)}</time>
        </Detail>
        <Detail term="Rating">
          <RatingStars rating={feedback.rating} />
        </Detail>
      </dl>
      <ExpandableText text={feedback.comments} limit={COMMENT_PREVIEW_LENGTH} />
      <div className="mt-auto border-t border-line-soft pt-3">{resolution}</div>
    </article>
  );
}
