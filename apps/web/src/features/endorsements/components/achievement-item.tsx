import { ENDORSEMENT_MESSAGES, isHttpUrl, type PendingAchievement } from '@cosa/contracts';
import { TextLink } from '../../../components/ui/text-link';
import { formatDayMonthYear } from '../../../lib/format';
import { useVerifyAchievement } from '../api/verify-achievement';
import { ReviewActions } from './review-actions';
import { capitalised, Detail, ReviewCard, type Selection } from './review-card';

/** A calendar date ('2025-03-05') is the same day everywhere, so it is read in UTC. */
const calendarDate = (value: string) =>
  formatDayMonthYear(value, /^\d{4}-\d{2}-\d{2}$/.test(value) ? 'UTC' : undefined);

/** An achievement awaiting verification, with everything the student entered and the certificate. */
export function AchievementItem({
  item,
  selection,
}: {
  item: PendingAchievement;
  selection?: Selection | null;
}) {
  const verify = useVerifyAchievement();
  const certificate = item.certificateUrl && isHttpUrl(item.certificateUrl) ? item.certificateUrl : null;
  return (
    <ReviewCard
      title={item.title}
      submitter={item.student}
      submittedAt={item.createdAt}
      selection={selection}
      details={
        <>
          <Detail term="Type">{capitalised(item.type)}</Detail>
          <Detail term="Category">{item.category}</Detail>
          <Detail term="Level">{item.level && capitalised(item.level)}</Detail>
          <Detail term="Date achieved">{calendarDate(item.dateAchieved)}</Detail>
          <Detail term="Position">{item.position}</Detail>
          <Detail term="Event">
            {item.event && <TextLink to={`/events/${item.event.id}`}>{item.event.title}</TextLink>}
          </Detail>
          <Detail term="Code">{item.achievementCode}</Detail>
        </>
      }
      extra={
        <>
          {item.description && (
            <p className="text-sm break-words whitespace-pre-line text-ink-muted">{item.description}</p>
          )}
          {certificate && (
            <a
              href={certificate}
              target="_blank"
              rel="noopener noreferrer"
              className="self-start rounded-sm text-sm font-medium text-accent-ink underline underline-offset-2 hover:text-accent-strong focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
            >
              View Certificate<span className="sr-only"> for {item.title} (opens in a new tab)</span>
            </a>
          )}
        </>
      }
      actions={
        <ReviewActions
          kind="achievements"
          id={item.id}
          version={item.version}
          name={`${item.title} by ${item.student.name}`}
          approval={{
            isPending: verify.isPending,
            mutate: (id, options) => verify.mutate({ id, version: item.version }, options),
          }}
          approveText={ENDORSEMENT_MESSAGES.verify}
          approvingText={ENDORSEMENT_MESSAGES.verifying}
        />
      }
    />
  );
}
