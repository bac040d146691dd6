import ical, { ICalEventStatus } from 'ical-generator';

/** One event as a calendar feed writes it. */
export type FeedEvent = {
  id: string;
  title: string;
  description: string | null;
  venue: string | null;
  start: Date;
  end: Date | null;
  status: string;
  updatedAt: Date;
  unitName: string | null;
  /** The person holds a waitlist place, not a seat (private feeds only). */
  waitlisted?: boolean;
};

export type FeedSettings = {
  /** The portal's public address: event pages and the UIDs' host come from it. */
  publicUrl: string;
  /** The calendar's name in the subscriber's calendar program. */
  name: string;
  description: string;
};

const HOUR_MS = 60 * 60 * 1000;
/** How often a calendar program should fetch the feed again (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
const REFRESH_SECONDS = 60 * 60;

function statusOf(event: FeedEvent): ICalEventStatus {
  if (event.status === 'cancelled') return ICalEventStatus.CANCELLED;
  return event.waitlisted ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED;
}

function summaryOf(event: FeedEvent): string {
  // Several calendar programs show a subscribed event's STATUS nowhere: the title says it too.
  if (event.status === 'cancelled') return `${event.title} (cancelled)`;
  return event.waitlisted ? `${event.title} (waitlist)` : event.title;
}

function descriptionOf(event: FeedEvent, url: string): string {
  return [
    event.description?.trim() || null,
    event.unitName ? `Organised by ${event.unitName}.` : null,
    event.waitlisted ? 'You are on the waitlist: the portal tells you if a seat frees up.' : null,
    url,
  ]
    .filter((line): line is string => line !== null)
    .join('\n\n');
}

/**
 * The iCalendar text of a feed. Every instant is written in UTC (a trailing Z): given Date objects
 * and a time zone, ical-generator would write the server's local time under that zone's name. An
 * event without an end lasts an hour.
 */
export function calendarText(settings: FeedSettings, events: readonly FeedEvent[]): string {
  const host = new URL(settings.publicUrl).host;
  const calendar = ical({
    name: settings.name,
    description: settings.description,
    prodId: { company: host, product: 'COSA Portal', language: 'EN' },
    ttl: REFRESH_SECONDS,
  });
  for (const event of events) {
    const url = `${settings.publicUrl}/events/${event.id}`;
    calendar.createEvent({
      id: `${event.id}@${host}`,
      stamp: event.updatedAt,
      lastModified: event.updatedAt,
      start: event.start,
      end: event.end ?? new Date(event.start.getTime() + HOUR_MS),
      summary: summaryOf(event),
      description: descriptionOf(event, url),
      location: event.venue?.trim() || null,
      url,
      status: statusOf(event),
    });
  }
  return calendar.toString();
}
