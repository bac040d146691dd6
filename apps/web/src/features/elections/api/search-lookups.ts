import type { LookupItem } from '@cosa/contracts';
import { fetchLookup } from '../../../lib/lookup';

export const positionLookupKey = ['lookup', 'positions'] as const;
export const unitLookupKey = ['lookup', 'units'] as const;
export const userLookupKey = ['lookup', 'users'] as const;

/** GET /api/lookup/positions?q=: the positions a post of the election fills (retired ones are not offered). */
export const searchPositions = (q: string, signal: AbortSignal): Promise<LookupItem[]> =>
  fetchLookup('positions', q, signal);

/** GET /api/lookup/units?q=: the club or council whose members alone vote for a post. */
export const searchUnits = (q: string, signal: AbortSignal): Promise<LookupItem[]> =>
  fetchLookup('units', q, signal);

/** GET /api/lookup/users?q=: the officer, or proposers (the signed-in person is not among them). */
export const searchUsers = (q: string, signal: AbortSignal): Promise<LookupItem[]> =>
  fetchLookup('users', q, signal);
