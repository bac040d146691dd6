import { Link } from 'react-router';
import { CLUB_DASHBOARD_LIMITS, CLUB_MESSAGES, RATING_MAX, type ClubBundle } from '@cosa/contracts';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { formatDayMonthYear } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useEndorseAchievement } from '../api/endorse-achievement';

const STATUS_TONES: Record<ClubBundle['recentEvents'][number]['status'], BadgeTone> = {
  planned: 'info',
  ongoing: 'success',
  completed: 'neutral',
  cancelled: 'danger',
};
const capitalised = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);
/** A calendar date ('2025-03-05') names a day, the same everywhere: '05 Mar 2025'. */
const calendarDay = (value: string) => formatDayMonthYear(value);

function Section({
  id,
  title,
  children,
  action,
}: {
  id: string;
  title: string;
  children: React.ReactNode;
  action?: React.ReactNode;
}) {
  return (
    <Card aria-labelledby={id} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold text-ink">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </Card>
  );
}

/**
 * The three most recently created events: name, date, venue or TBD, status; and the way to all
 * of the club's events (the portal's Events lists every unit's).
 */
export function ClubRecentEvents({
  events,
  clubId,
  timeZone,
}: {
  events: ClubBundle['recentEvents'];
  clubId: string;
  timeZone?: string;
}) {
  return (
    <Section
      id="club-recent-events"
      title={CLUB_MESSAGES.recentEvents}
      action={
        <Link
          to={`${paths.events}?unitId=${encodeURIComponent(clubId)}`}
          className="text-sm font-medium text-accent-ink underline underline-offset-2"
        >
          All club events
        </Link>
      }
    >
      {events.length === 0 ? (
        <p className="text-sm text-ink-muted">{CLUB_MESSAGES.noEvents}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-line-soft">
          {events.map((event) => (
            <li key={event.id} className="flex min-w-0 flex-wrap items-start justify-between gap-2 py-2">
              <div className="min-w-0">
                <Link
                  to={paths.event(event.id)}
                  className="font-medium break-words text-ink underline-offset-2 hover:underline"
                >
                  {event.title}
                </Link>
                <p className="text-sm break-words text-ink-muted">
                  {event.start ? formatDayMonthYear(event.start, timeZone) : 'Date TBD'} ·{' '}
                  {event.venue || CLUB_MESSAGES.tbd}
                </p>
              </div>
              <Badge tone={STATUS_TONES[event.status]}>{capitalised(event.status)}</Badge>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** Up to three achievements of the club's members awaiting verification, each with Endorse. */
export function ClubPendingAchievements({
  achievements,
}: {
  achievements: ClubBundle['pendingAchievements'];
}) {
  const endorse = useEndorseAchievement();
  return (
    <Section
      id="club-pending-achievements"
      title={CLUB_MESSAGES.pendingAchievements}
      action={
        achievements.length >= CLUB_DASHBOARD_LIMITS.achievements ? (
          <Link
            to={`${paths.gensecEndorse}?tab=achievements`}
            className="text-sm font-medium text-accent-ink underline underline-offset-2"
          >
            See all
          </Link>
        ) : undefined
      }
    >
      {achievements.length === 0 ? (
        <p className="text-sm text-ink-muted">{CLUB_MESSAGES.noPendingAchievements}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-line-soft">
          {achievements.map((item) => {
            const busy = endorse.isPending && endorse.variables === item.id;
            return (
              <li
                key={item.id}
                className="flex min-w-0 flex-wrap items-center justify-between gap-2 py-2"
              >
                <div className="min-w-0">
                  <p className="font-medium break-words text-ink">{item.title}</p>
                  <p className="text-sm break-words text-ink-muted">
                    {item.student.name}
                    {item.student.studentId ? ` (${item.student.studentId})` : ''} ·{' '}
                    {capitalised(item.type)}
                    {item.level ? ` · ${capitalised(item.level)}` : ''} ·{' '}
                    {calendarDay(item.dateAchieved)}
                  </p>
                </div>
                <Button
                  size="sm"
                  onClick={() => endorse.mutate(item.id)}
                  loading={busy}
                  loadingText={CLUB_MESSAGES.endorsing}
                  disabled={endorse.isPending && !busy}
                >
                  {CLUB_MESSAGES.endorse}
                  <span className="sr-only"> {`${item.title} by ${item.student.name}`}</span>
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </Section>
  );
}

function Stars({ rating }: { rating: number | null }) {
  if (rating === null) return <span className="text-sm text-ink-muted">Not rated</span>;
  return (
    <span
      role="img"
      aria-label={`Rated ${rating} out of ${RATING_MAX}`}
      className="text-base tracking-wide text-warning-700"
    >
      <span aria-hidden="true">{'★'.repeat(rating)}</span>
      <span aria-hidden="true" className="text-ink-muted">
        {'☆'.repeat(RATING_MAX - rating)}
      </span>
    </span>
  );
}

/** The latest feedback about the club; 'View All Feedback' when more than two exist (spec section 9). */
export function ClubFeedback({ feedback }: { feedback: ClubBundle['feedback'] }) {
  return (
    <Section
      id="club-feedback"
      title={CLUB_MESSAGES.recentFeedback}
      action={
        feedback.total > CLUB_DASHBOARD_LIMITS.feedback ? (
          <Link to={paths.viewFeedback} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
            {CLUB_MESSAGES.viewAllFeedback}
          </Link>
        ) : undefined
      }
    >
      {feedback.items.length === 0 ? (
        <p className="text-sm text-ink-muted">{CLUB_MESSAGES.noFeedback}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {feedback.items.map((item) => (
            <li key={item.id} className="min-w-0 rounded-lg border border-line-soft p-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <Badge tone="accent">{item.type}</Badge>
                <Stars rating={item.rating} />
              </div>
              <p className="mt-2 text-sm break-words whitespace-pre-line text-ink">{item.comments}</p>
              <p className="mt-1 text-sm text-ink-muted">— {item.author ?? CLUB_MESSAGES.anonymous}</p>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
