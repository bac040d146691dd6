import { Link } from 'react-router';
import type { ClubCard as Club, ClubEvent } from '@cosa/contracts';
import { Badge } from '../../../components/ui/badge';
import { TextLink } from '../../../components/ui/text-link';
import { formatDateTime } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { categoryLabel, ClubLogo } from './club-logo';

/** '1 member', '12 members'. */
export const memberCountText = (count: number) => `${count} ${count === 1 ? 'member' : 'members'}`;

/** When an event starts, or that it is still to be announced. */
export const eventWhen = (event: ClubEvent) =>
  event.startsAt ? formatDateTime(event.startsAt) : 'Date to be announced';

/** The card's next events, and how many more are coming. */
function NextEvents({ club }: { club: Club }) {
  if (club.upcomingEvents.length === 0)
    return <p className="text-sm text-ink-muted">No upcoming events.</p>;
  const more = club.upcomingEventCount - club.upcomingEvents.length;
  return (
    <div className="text-sm">
      <h3 className="font-medium text-ink">Next events</h3>
      <ul className="mt-1 flex flex-col gap-1">
        {club.upcomingEvents.map((event) => (
          <li key={event.id} className="min-w-0 break-words">
            <TextLink to={paths.event(event.id)}>{event.title}</TextLink>
            <span className="text-ink-muted"> · {eventWhen(event)}</span>
          </li>
        ))}
      </ul>
      {more > 0 && <p className="mt-1 text-ink-muted">+{more} more</p>}
    </div>
  );
}

/** One club of the directory: what it is, who it belongs to, its next events, and the way to its page. */
export function ClubCard({ club }: { club: Club }) {
  const kindLine = [club.council?.name, club.category && categoryLabel(club.category)]
    .filter(Boolean)
    .join(' · ');
  return (
    <article className="flex h-full min-w-0 flex-col gap-3 rounded-card border border-line-soft bg-surface p-4 shadow-card">
      <div className="flex min-w-0 items-start gap-3">
        <ClubLogo name={club.name} logoUrl={club.logoUrl} />
        <div className="min-w-0 flex-1">
          <h2 className="text-lg font-semibold break-words text-ink">
            <Link
              to={paths.club(club.slug)}
              className="rounded-sm hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
            >
              {club.name}
            </Link>
          </h2>
          {kindLine && <p className="text-sm break-words text-ink-muted">{kindLine}</p>}
        </div>
      </div>
      <div className="flex flex-wrap gap-1.5">
        {club.recruiting && <Badge tone="success">Recruiting now</Badge>}
        {club.member && <Badge tone="accent">Member</Badge>}
        {club.following && <Badge tone="info">Following</Badge>}
      </div>
      {club.summary && (
        <p className="line-clamp-3 text-sm break-words whitespace-pre-line text-ink-muted">
          {club.summary}
        </p>
      )}
      {club.tags.length > 0 && (
        <ul aria-label="Tags" className="flex flex-wrap gap-1.5">
          {club.tags.map((tag) => (
            <li key={tag}>
              <Badge>{tag}</Badge>
            </li>
          ))}
        </ul>
      )}
      <NextEvents club={club} />
      <p className="mt-auto border-t border-line-soft pt-3 text-sm text-ink-muted">
        {memberCountText(club.memberCount)}
      </p>
    </article>
  );
}
