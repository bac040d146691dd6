import { ACHIEVEMENT_MESSAGES, type Achievement } from '@cosa/contracts';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { formatDayMonthYear } from '../../../lib/format';

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date names a day, not an instant: read in UTC it is the same day in every time zone. */
function achievedOn(value: string, timeZone: string | undefined): string {
  return formatDayMonthYear(value, CALENDAR_DATE.test(value) ? 'UTC' : timeZone);
}

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** The most recently added achievement, or the spec's empty text. */
export function LatestAchievementCard({
  achievement,
  timeZone,
}: {
  achievement: Achievement | null;
  timeZone: string | undefined;
}) {
  return (
    <Card aria-labelledby="latest-achievement-heading">
      <h2 id="latest-achievement-heading" className="mb-3 text-lg font-semibold text-ink">
        Latest Achievement
      </h2>
      {achievement ? (
        <div className="flex flex-col gap-2">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <h3 className="min-w-0 text-base font-semibold break-words text-ink">{achievement.title}</h3>
            <Badge tone={achievement.verified ? 'success' : 'warning'}>
              {achievement.verified ? ACHIEVEMENT_MESSAGES.verified : ACHIEVEMENT_MESSAGES.pending}
            </Badge>
          </div>
          <p className="text-sm break-words text-ink-muted">
            {[capitalized(achievement.type), achievement.category].filter(Boolean).join(' · ')}
          </p>
          <p className="text-sm text-ink-muted">
            <time dateTime={achievement.dateAchieved}>
              {achievedOn(achievement.dateAchieved, timeZone)}
            </time>
          </p>
        </div>
      ) : (
        <EmptyState title={ACHIEVEMENT_MESSAGES.noLatest} />
      )}
    </Card>
  );
}
