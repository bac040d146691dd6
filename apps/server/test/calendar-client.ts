import ical, { type ParameterValue, type VEvent } from 'node-ical';
import type { LightMyRequestResponse } from 'fastify';

/** One VEVENT of a feed as a calendar program reads it (node-ical), its instants as ISO strings in UTC. */
export type ParsedEvent = {
  uid: string;
  summary: string;
  description: string;
  location: string | null;
  url: string | null;
  status: string | null;
  start: string;
  end: string | null;
};

const text = (value: ParameterValue | undefined): string =>
  value === undefined ? '' : typeof value === 'string' ? value : value.val;

/** The VEVENTs of an iCalendar text, parsed by node-ical, in the order of their start. */
function parseFeed(body: string): ParsedEvent[] {
  return Object.values(ical.sync.parseICS(body))
    .filter((component): component is VEvent => component?.type === 'VEVENT')
    .map((event) => ({
      uid: event.uid,
      summary: text(event.summary),
      description: text(event.description),
      location: event.location === undefined ? null : text(event.location),
      // node-ical's types say a string; URL;VALUE=URI:… reads as a value with its parameters.
      url: event.url === undefined ? null : text(event.url as ParameterValue),
      status: event.status ?? null,
      start: event.start.toISOString(),
      end: event.end?.toISOString() ?? null,
    }))
    .sort((a, b) => a.start.localeCompare(b.start) || a.uid.localeCompare(b.uid));
}

/** The parsed VEVENTs of a feed's answer, which must be iCalendar text. */
export function feedOf(response: LightMyRequestResponse): ParsedEvent[] {
  if (response.statusCode !== 200 || !response.body.startsWith('BEGIN:VCALENDAR'))
    throw new Error(`not a calendar: ${response.statusCode} ${response.body.slice(0, 200)}`);
  return parseFeed(response.body);
}

/** The secret of a private feed's address, as the answer that made it shows it. */
export const tokenOfFeedUrl = (url: string): string =>
  /\/api\/calendar\/feeds\/([A-Za-z0-9_-]+)\.ics$/.exec(url)?.[1] ?? '';
