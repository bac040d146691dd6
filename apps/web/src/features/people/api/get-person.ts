import { queryOptions, useQuery } from '@tanstack/react-query';
import { PersonPageSchema, type PersonPage } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';

const personKey = (id: string) => ['people', id] as const;

/** GET /api/people/{id}: the person as the signed-in viewer may see them; 404 when there is no such page. */
function getPerson(id: string, signal: AbortSignal): Promise<PersonPage> {
  return api.get(apiPaths.person(id), { schema: PersonPageSchema, signal });
}

const personQueryOptions = (id: string) =>
  queryOptions({ queryKey: personKey(id), queryFn: ({ signal }) => getPerson(id, signal) });

export const usePerson = (id: string) => useQuery(personQueryOptions(id));
