import { ACHIEVEMENT_MESSAGES, isHttpUrl, type Achievement } from '@cosa/contracts';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { SubmissionHistory } from '../../../components/ui/submission-history';
import { formatDayMonthYear } from '../../../lib/format';
import { AchievementActions } from './achievement-actions';

/** The five levels the spec colours, each its own colour; any other level is shown plain. */
const LEVEL_TONES: Record<string, BadgeTone> = {
  international: 'accent',
  national: 'danger',
  state: 'info',
  district: 'success',
  college: 'warning',
};

const STATUS = {
  verified: { text: ACHIEVEMENT_MESSAGES.verified, tone: 'success' },
  declined: { text: ACHIEVEMENT_MESSAGES.declined, tone: 'danger' },
  pending: { text: ACHIEVEMENT_MESSAGES.pending, tone: 'warning' },
} as const satisfies Record<string, { text: string; tone: BadgeTone }>;

const capitalised = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/** A calendar date ('2025-03-05') is the same day everywhere, so it is read in UTC; an instant in the institute's zone. */
const dateOf = (value: string) =>
  formatDayMonthYear(value, /^\d{4}-\d{2}-\d{2}$/.test(value) ? 'UTC' : undefined);

function Detail({ term, children }: { term: string; children: string | null | undefined }) {
  if (!children) return null;
  return (
    <>
      <dt className="text-ink-muted">{term}</dt>
      <dd className="break-words text-ink">{children}</dd>
    </>
  );
}

/** One achievement of the student's list, with everything the spec shows of it. */
export function AchievementCard({ achievement }: { achievement: Achievement }) {
  const {
    title,
    description,
    category,
    type,
    level,
    event,
    dateAchieved,
    position,
    certificateUrl,
    verified,
    verifiedBy,
    declineReason,
    createdAt,
    achievementCode,
    history,
  } = achievement;
  const status = verified ? STATUS.verified : declineReason ? STATUS.declined : STATUS.pending;
  const levelKey = level?.trim().toLowerCase() ?? '';
  const levelTone: BadgeTone =
    (Object.hasOwn(LEVEL_TONES, levelKey) && LEVEL_TONES[levelKey]) || 'neutral';
  return (
    <article className="flex h-full min-w-0 flex-col gap-3 rounded-card border border-line-soft bg-surface p-4 shadow-card">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="min-w-0 text-lg font-semibold break-words text-ink">{title}</h2>
        <div className="flex flex-wrap gap-1.5">
          {level && <Badge tone={levelTone}>{capitalised(level)}</Badge>}
          <Badge tone={status.tone}>{status.text}</Badge>
        </div>
      </div>
      {!verified && declineReason && (
        <p className="rounded-lg border border-danger-700/30 bg-danger-50 px-3 py-2 text-sm break-words whitespace-pre-line text-danger-700">
          <span className="font-medium">Reason given by the official: </span>
          {declineReason}
        </p>
      )}
      {description && (
        <p className="text-sm break-words whitespace-pre-line text-ink-muted">{description}</p>
      )}
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <Detail term="Category">{category}</Detail>
        <Detail term="Type">{capitalised(type)}</Detail>
        <Detail term="Date achieved">{dateOf(dateAchieved)}</Detail>
        <Detail term="Position">{position}</Detail>
        <Detail term="Event">{event?.title}</Detail>
        <Detail term="Verified by">{verifiedBy?.name}</Detail>
      </dl>
      {/* The current decline shows above; the history keeps the earlier ones and the resends. */}
      <SubmissionHistory history={declineReason ? history.slice(0, -1) : history} />
      <AchievementActions achievement={achievement} />
      <div className="mt-auto flex flex-wrap items-center justify-between gap-2 border-t border-line-soft pt-3 text-xs text-ink-muted">
        <span>
          Added {formatDayMonthYear(createdAt)} · {achievementCode}
        </span>
        {certificateUrl && isHttpUrl(certificateUrl) && (
          <a
            href={certificateUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="rounded-sm text-sm font-medium text-accent-ink underline underline-offset-2 hover:text-accent-strong focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
          >
            View Certificate<span className="sr-only"> for {title} (opens in a new tab)</span>
          </a>
        )}
      </div>
    </article>
  );
}
