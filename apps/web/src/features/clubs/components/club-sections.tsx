import type { ReactNode } from 'react';
import type { ClubEvent, ClubPage } from '@cosa/contracts';
import { Avatar } from '../../../components/ui/avatar';
import { Card } from '../../../components/ui/card';
import { TextLink } from '../../../components/ui/text-link';
import { formatDate } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { eventWhen } from './club-card';

/** A titled block of the page. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <h2 className="mb-3 text-lg font-semibold text-ink">{title}</h2>
      {children}
    </Card>
  );
}

const Text = ({ children }: { children: string }) => (
  <p className="text-sm break-words whitespace-pre-line text-ink">{children}</p>
);
const Quiet = ({ children }: { children: string }) => (
  <p className="text-sm text-ink-muted">{children}</p>
);

/** What the club does, how to reach it and how to join it. */
export function AboutSections({ club }: { club: ClubPage }) {
  const about = club.about ?? club.description;
  return (
    <>
      <Section title="About">
        {about ? <Text>{about}</Text> : <Quiet>The club has not written about itself yet.</Quiet>}
      </Section>
      {(club.contact || club.contactEmail) && (
        <Section title="Contact">
          <div className="flex flex-col gap-2">
            {club.contact && <Text>{club.contact}</Text>}
            {club.contactEmail && (
              <p className="text-sm break-words">
                <a
                  href={`mailto:${club.contactEmail}`}
                  className="rounded-sm font-medium text-accent-ink underline underline-offset-2 hover:text-accent-strong focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
                >
                  {club.contactEmail}
                </a>
              </p>
            )}
          </div>
        </Section>
      )}
      {club.howToJoin && (
        <Section title="How to join">
          <Text>{club.howToJoin}</Text>
        </Section>
      )}
    </>
  );
}

/** The holders of the club's positions in this tenure, each with the way to their page. */
export function OfficeBearers({ club }: { club: ClubPage }) {
  return (
    <Section title="Office-bearers">
      {club.officeBearers.length === 0 ? (
        <Quiet>No office-bearers are listed for this tenure.</Quiet>
      ) : (
        <ul className="grid gap-3">
          {club.officeBearers.map((bearer) => (
            <li key={`${bearer.userId}-${bearer.title}`} className="flex min-w-0 items-center gap-3">
              {bearer.photoUrl ? (
                <img
                  src={bearer.photoUrl}
                  alt=""
                  className="size-10 shrink-0 rounded-full border border-line-soft object-cover"
                />
              ) : (
                <span aria-hidden="true">
                  <Avatar name={bearer.name} />
                </span>
              )}
              <div className="min-w-0">
                <TextLink to={paths.person(bearer.userId)} className="break-words">
                  {bearer.name}
                </TextLink>
                <p className="text-sm break-words text-ink-muted">{bearer.title}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function EventList({ events, empty }: { events: ClubEvent[]; empty: string }) {
  if (events.length === 0) return <Quiet>{empty}</Quiet>;
  return (
    <ul className="flex flex-col gap-2">
      {events.map((event) => (
        <li key={event.id} className="min-w-0 text-sm break-words">
          <TextLink to={paths.event(event.id)}>{event.title}</TextLink>
          <span className="text-ink-muted">
            {' '}
            · {eventWhen(event)}
            {event.venue && ` · ${event.venue}`}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The club's coming and past events. */
export function ClubEvents({ club }: { club: ClubPage }) {
  return (
    <>
      <Section title="Upcoming events">
        <EventList events={club.upcomingEvents} empty="No upcoming events." />
      </Section>
      <Section title="Past events">
        <EventList events={club.pastEvents} empty="No past events." />
      </Section>
    </>
  );
}

/** The club's announcements to its members, which only they and the club's officials read. */
export function ClubAnnouncements({ club }: { club: ClubPage }) {
  const readers = club.viewer.membership || club.viewer.canEdit;
  if (club.announcements.length === 0 && !readers) return null;
  return (
    <Section title="Announcements">
      {club.announcements.length === 0 ? (
        <Quiet>No announcements to the members yet.</Quiet>
      ) : (
        <ul className="flex flex-col gap-4">
          {club.announcements.map((announcement) => (
            <li key={announcement.id} className="min-w-0">
              <h3 className="font-medium break-words text-ink">{announcement.title}</h3>
              <p className="text-xs text-ink-muted">{formatDate(announcement.createdAt)}</p>
              <p className="mt-1 text-sm break-words whitespace-pre-line text-ink">
                {announcement.body}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
