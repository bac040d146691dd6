import { LookupResponseSchema, type LookupItem } from '@cosa/contracts';
import { api } from './api-client';
import { apiPaths } from './api-paths';

/** The kinds of thing the server's lookup endpoint can search. */
export type LookupKind = 'users' | 'events' | 'units' | 'positions' | 'officials';

/** Searches one lookup kind on the server for the picker; '' returns the first page. */
export async function fetchLookup(
  kind: LookupKind,
  q: string,
  signal?: AbortSignal,
): Promise<LookupItem[]> {
  const response = await api.get(apiPaths.lookup(kind) + '?q=' + encodeURIComponent(q), {
    schema: LookupResponseSchema,
    signal,
  });
  return response.items;
}
