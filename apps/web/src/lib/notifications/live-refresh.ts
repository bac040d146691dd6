import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { NOTIFICATION_KINDS, type NotificationKind } from '@cosa/contracts';
import { ownRecordKey } from '../own-record';
import { currentAnnouncementsKey, queueCountsKey } from './keys';

/*
 * What each kind of notification is about, as the query keys of the pages that show it: when one
 * arrives on the live stream, those queries on open pages load again (a verified achievement turns
 * 'Verified' on /home without a reload). Keys are prefixes, so every page and filter of a list
 * follows. A Record over every kind: a new kind does not compile until it is mapped here.
 */
const REFRESHES: Record<NotificationKind, readonly QueryKey[]> = {
  achievement: [
    ownRecordKey('achievements'),
    ownRecordKey('dashboard'),
    ownRecordKey('transcript-records'),
  ],
  skill: [ownRecordKey('skills'), ownRecordKey('dashboard'), ['skills', 'catalogue']],
  position: [ownRecordKey('positions'), ownRecordKey('dashboard')],
  feedback: [['feedback'], ownRecordKey('dashboard')],
  appointment: [ownRecordKey('positions'), ownRecordKey('dashboard'), ['club'], ['cosa']],
  booking: [['room-bookings']],
  // A queue the official decides changed (an item arrived, or another official decided one): its
  // lists, the dashboards' counts and the bell's own counts.
  queue: [
    queueCountsKey,
    ['endorsements'],
    ['council', 'summary'],
    ['president'],
    ['feedback'],
    ['room-bookings'],
    ['club', 'mine'],
  ],
  announcement: [currentAnnouncementsKey, ['announcements']],
  identity: [
    ownRecordKey('profile'),
    ownRecordKey('corrections'),
    ['admin', 'corrections'],
    ['admin', 'student-id-conflicts'],
  ],
  // A seat from the waitlist, a changed or cancelled event, a decision on a proposal: the events pages.
  event: [['events'], ownRecordKey('dashboard')],
  // A request to join, a decision on one, an invitation or a removal: the clubs' pages.
  club: [['clubs'], ['club', 'mine']],
  election: [['elections']],
  // A claim filed, decided, paid or withdrawn: the money pages (budgets move with approvals and payments).
  money: [['money']],
  // A copy of the person's data ready, or an erasure scheduled or cancelled: the privacy settings page.
  privacy: [['me', 'privacy']],
};

const isKind = (kind: string): kind is NotificationKind =>
  (NOTIFICATION_KINDS as readonly string[]).includes(kind);

/** The query keys the arrival of these kinds makes stale, each once; unknown kinds (a newer server) name none. */
function refreshesOf(kinds: readonly string[]): QueryKey[] {
  const keys = new Map<string, QueryKey>();
  for (const kind of kinds)
    if (isKind(kind)) for (const key of REFRESHES[kind]) keys.set(JSON.stringify(key), key);
  return [...keys.values()];
}

/** Marks stale what the arrived kinds are about; the queries on screen load again, the others when next shown. */
export function refreshFor(client: QueryClient, kinds: readonly string[]): void {
  for (const queryKey of refreshesOf(kinds)) void client.invalidateQueries({ queryKey });
}
