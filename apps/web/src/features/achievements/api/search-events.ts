import type { LookupItem } from '@cosa/contracts';
import { fetchLookup } from '../../../lib/lookup';

export const eventLookupKey = ['lookup', 'events'] as const;

/** GET /api/lookup/events?q=: events to link an achievement to. */
export const searchEvents = (q: string, signal: AbortSignal): Promise<LookupItem[]> =>
  fetchLookup('events', q, signal);
