import type { LookupItem } from '@cosa/contracts';
import { fetchLookup } from '../../../lib/lookup';

export const unitLookupKey = ['lookup', 'units'] as const;
export const userLookupKey = ['lookup', 'users'] as const;

/** GET /api/lookup/units?q=: the unit organizing an event. */
export const searchUnits = (q: string, signal: AbortSignal): Promise<LookupItem[]> =>
  fetchLookup('units', q, signal);

/** GET /api/lookup/users?q=: people to name as organizers; the signed-in user is not among them. */
export const searchUsers = (q: string, signal: AbortSignal): Promise<LookupItem[]> =>
  fetchLookup('users', q, signal);
