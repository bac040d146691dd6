import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  HolderListSchema,
  PositionHolderResponseSchema,
  type HolderInput,
  type PositionHolder,
} from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';
import { cosaKey } from './positions';

/** The search, filters and page of View Position Holders. */
export type HolderFilters = {
  q: string;
  status: string;
  tenureYear: string;
  unitId: string;
  page: number;
};

/** The query string the server reads: every filter given (and the page, when it is part of them). */
function holderSearch(filters: Partial<HolderFilters>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters))
    if (String(value).trim()) params.set(key, String(value).trim());
  return params.toString();
}

/** GET /api/position-holders/export: the CSV of every page of the list under the same filters. */
export function holdersExportHref({ page: _page, ...filters }: HolderFilters): string {
  const query = holderSearch(filters);
  return query ? `${apiPaths.exports.positionHolders}?${query}` : apiPaths.exports.positionHolders;
}

/** GET /api/position-holders: one page of holders with the totals and the filters' choices. */
export function useHolders(filters: HolderFilters) {
  return useQuery({
    queryKey: [...cosaKey, 'holders', filters],
    queryFn: ({ signal }) =>
      api.get(`${apiPaths.positionHolders}?${holderSearch(filters)}`, {
        schema: HolderListSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

function useHolderMutation<T, R>(call: (body: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: cosaKey }),
  });
}

/** POST /api/position-holders; a 409 REQUIREMENTS_NOT_MET carries the shortfall until sent with confirm. */
export const useCreateHolder = () =>
  useHolderMutation(
    async (body: HolderInput): Promise<PositionHolder> =>
      (await api.post(apiPaths.positionHolders, body, { schema: PositionHolderResponseSchema })).holder,
  );

/** PUT /api/position-holders/{id}. */
export const useUpdateHolder = (id: string) =>
  useHolderMutation(
    async (body: HolderInput): Promise<PositionHolder> =>
      (await api.put(apiPaths.positionHolder(id), body, { schema: PositionHolderResponseSchema }))
        .holder,
  );

/** DELETE /api/position-holders/{id}. */
export const useDeleteHolder = () =>
  useHolderMutation((id: string) => api.delete(apiPaths.positionHolder(id)));
