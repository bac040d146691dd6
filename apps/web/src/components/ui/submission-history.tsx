import { SUBMISSION_MESSAGES, type SubmissionEvent } from '@cosa/contracts';
import { formatDayMonthYear } from '../../lib/format';

/**
 * What happened to a student's submission before its current state: each decline with its reason
 * and who made it, each time the student sent it again. Nothing when it has no history.
 */
export function SubmissionHistory({ history }: { history: SubmissionEvent[] }) {
  if (history.length === 0) return null;
  return (
    <section aria-label={SUBMISSION_MESSAGES.history} className="text-sm">
      <h3 className="font-medium text-ink">{SUBMISSION_MESSAGES.history}</h3>
      <ol className="mt-1 flex flex-col gap-1 border-l-2 border-line-soft pl-3">
        {history.map((entry) => (
          <li key={`${entry.event}-${entry.at}`} className="break-words text-ink-muted">
            <span className="text-ink">
              {entry.event === 'declined'
                ? SUBMISSION_MESSAGES.declinedOn(formatDayMonthYear(entry.at))
                : SUBMISSION_MESSAGES.resentOn(formatDayMonthYear(entry.at))}
            </span>
            {entry.by && <> by {entry.by.name}</>}
            {entry.reason && (
              <span className="block whitespace-pre-line">
                {SUBMISSION_MESSAGES.reason}
                {entry.reason}
              </span>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
