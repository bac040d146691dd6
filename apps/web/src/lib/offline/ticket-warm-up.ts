import type { MyEvents } from '@cosa/contracts';
import { apiRequest } from '../api-client';
import { apiPaths } from '../api-paths';
import { API_CACHE } from './offline-protocol';

/** The session read (lib/shell.ts): through the service worker, it tells the worker whose answers to keep. */
const SESSION_PATH = '/api/auth/session';

/** How often, at most, one account's tickets are fetched ahead: once an hour per tab. */
const EVERY_MS = 60 * 60 * 1000;
const STAMP_KEY = 'cosa-tickets-warmed';
/** More tickets than anyone carries to the door at once. */
const MAX_TICKETS = 20;

/** When this tab last fetched `account`'s tickets ahead (ms), from sessionStorage. */
function lastWarmed(account: string): number {
  try {
    const stamp = JSON.parse(sessionStorage.getItem(STAMP_KEY) ?? 'null') as {
      account?: unknown;
      at?: unknown;
    } | null;
    return stamp?.account === account && typeof stamp.at === 'number' ? stamp.at : 0;
  } catch {
    return 0;
  }
}

function markWarmed(account: string): void {
  try {
    sessionStorage.setItem(STAMP_KEY, JSON.stringify({ account, at: Date.now() }));
  } catch {
    // Storage refused (a private window that is full): the next page load fetches them again.
  }
}

/** The upcoming events whose ticket the person holds: confirmed, not cancelled (the ones /events/mine links). */
function ticketsOf(events: MyEvents): string[] {
  return events.upcoming
    .filter((item) => item.registration.status === 'confirmed' && item.event.status !== 'cancelled')
    .map((item) => item.event.id)
    .slice(0, MAX_TICKETS);
}

/** Forgets when the tickets were fetched ahead, so that the next warm-up fetches them at once (their seats changed). */
export function forgetWarmUp(): void {
  try {
    sessionStorage.removeItem(STAMP_KEY);
  } catch {
    // Storage refused: nothing was stamped either.
  }
}

const TICKET_PATH = /^\/api\/events\/[^/]+\/ticket$/;

/** Deletes the kept tickets of seats no longer held (cancelled, or the event over): offline, no old ticket shows as valid. */
async function dropOtherTickets(held: string[]): Promise<void> {
  if (typeof caches === 'undefined') return;
  const cache = await caches.open(API_CACHE);
  const wanted = new Set(held.map((id) => new URL(apiPaths.eventTicket(id), location.origin).href));
  for (const request of await cache.keys())
    if (TICKET_PATH.test(new URL(request.url).pathname) && !wanted.has(request.url))
      await cache.delete(request);
}

let warming: Promise<void> | null = null;

/**
 * Fetches, through the service worker that keeps them, what a person needs at the door with no
 * connection: their events (/events/mine), their calendar feed's card, and the ticket of every
 * upcoming event they hold a seat for, even one whose page they never opened. Quietly: a failure
 * leaves things as they were. At most once an hour per account and tab once it went through (a
 * page left half-way leaves it to the next), and only online.
 */
export function warmTickets(account: string): Promise<void> {
  if (navigator.onLine === false || Date.now() - lastWarmed(account) < EVERY_MS)
    return Promise.resolve();
  warming ??= fetchAhead(account).finally(() => (warming = null));
  return warming;
}

async function fetchAhead(account: string): Promise<void> {
  try {
    // First who is signed in, so that the worker keeps what follows for that account.
    await apiRequest(SESSION_PATH);
    const [events] = await Promise.all([
      apiRequest<MyEvents>(apiPaths.myRegistrations),
      apiRequest(apiPaths.myCalendarFeed).catch(() => undefined),
    ]);
    const tickets = ticketsOf(events);
    await Promise.all(tickets.map((id) => apiRequest(apiPaths.eventTicket(id)).catch(() => undefined)));
    await dropOtherTickets(tickets);
    markWarmed(account);
  } catch {
    // Offline again, or signed out meanwhile: the tickets already kept stay, and the next page tries again.
  }
}
