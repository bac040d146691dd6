import { createHash } from 'node:crypto';
import { RETENTION, type NotificationKind } from '@cosa/contracts';

/** RFC 8030's Urgency: a phone saving its battery wakes only for the more urgent. */
export type PushUrgency = 'very-low' | 'low' | 'normal' | 'high';

/**
 * How a notification's push travels (decision 0042): how long the push service keeps it for a
 * device that is off, the topic that lets a newer message replace an older one not yet delivered
 * (null: the notification's own id, so only a repeat of the same message is replaced), and how
 * urgent it is.
 */
export type PushTerms = { ttlSeconds: number; topic: string | null; urgency: PushUrgency };

const HOUR = 3600;
const DAY = 24 * HOUR;

/** What pushTermsOf reads of a notification. */
export type PushTermsInput = {
  kind: NotificationKind;
  outcome?: string | null;
  link: string;
  /** Past this the push is of no use (an event's start): its time to live ends there. */
  pushUntil?: Date;
};

/**
 * A topic of the thing a link names: a prefix, then a digest of the link, within RFC 8030's 32
 * characters of the URL-safe base64 alphabet. Messages of one topic about one event replace each other.
 */
function topicOf(prefix: string, link: string): string {
  const digest = createHash('sha256').update(link).digest('base64url');
  return `${prefix}-${digest}`.slice(0, 32);
}

/** A queue's count replaces its older count: one topic per queue. */
const queueTopic = (queue: string | null | undefined) =>
  `queue-${(queue ?? 'items').replace(/[^A-Za-z0-9_-]/g, '')}`.slice(0, 32);

function eventTerms(outcome: string | null | undefined, link: string): PushTerms {
  switch (outcome) {
    // A reminder matters until the event starts (pushUntil); the hour's replaces the day's.
    case 'reminder_24h':
      return { ttlSeconds: DAY, topic: topicOf('event-reminder', link), urgency: 'high' };
    case 'reminder_1h':
      return { ttlSeconds: HOUR, topic: topicOf('event-reminder', link), urgency: 'high' };
    // The latest news of an event replaces older news not yet delivered: a cancellation a change.
    case 'changed':
    case 'cancelled':
      return { ttlSeconds: 2 * DAY, topic: topicOf('event-news', link), urgency: 'normal' };
    case 'registered':
    case 'promoted':
      return { ttlSeconds: 2 * DAY, topic: null, urgency: 'normal' };
    default:
      return { ttlSeconds: 7 * DAY, topic: null, urgency: 'normal' };
  }
}

function electionTerms(outcome: string | null | undefined, link: string): PushTerms {
  switch (outcome) {
    // Sent within the last day of voting: of no use half a day later.
    case 'reminder':
      return { ttlSeconds: 12 * HOUR, topic: topicOf('election-reminder', link), urgency: 'high' };
    case 'nominations-open':
    case 'voting-open':
    case 'timetable':
      return { ttlSeconds: 3 * DAY, topic: topicOf('election-news', link), urgency: 'normal' };
    default:
      return { ttlSeconds: 7 * DAY, topic: null, urgency: 'normal' };
  }
}

function termsOfKind(input: PushTermsInput): PushTerms {
  switch (input.kind) {
    case 'queue':
      return { ttlSeconds: DAY, topic: queueTopic(input.outcome), urgency: 'low' };
    case 'announcement':
      return { ttlSeconds: 3 * DAY, topic: null, urgency: 'normal' };
    case 'event':
      return eventTerms(input.outcome, input.link);
    case 'election':
      return electionTerms(input.outcome, input.link);
    case 'booking':
      return { ttlSeconds: 2 * DAY, topic: null, urgency: 'normal' };
    case 'privacy':
      // A copy of one's data can be downloaded for a day.
      return {
        ttlSeconds: input.outcome === 'export-ready' ? RETENTION.dataExportHours * HOUR : 7 * DAY,
        topic: null,
        urgency: 'normal',
      };
    // Decisions about the person's own record: worth telling for a week.
    default:
      return { ttlSeconds: 7 * DAY, topic: null, urgency: 'normal' };
  }
}

/** A notification's push terms; a time to live of 0 when it is already of no use. */
export function pushTermsOf(input: PushTermsInput, now: Date = new Date()): PushTerms {
  const terms = termsOfKind(input);
  if (!input.pushUntil) return terms;
  const left = Math.floor((input.pushUntil.getTime() - now.getTime()) / 1000);
  return { ...terms, ttlSeconds: Math.max(0, Math.min(terms.ttlSeconds, left)) };
}
