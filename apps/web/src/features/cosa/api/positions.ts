import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PositionListSchema,
  PositionResponseSchema,
  type Position,
  type PositionInput,
} from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';

/** Every query of the position pages starts with this key, so one change refreshes them all. */
export const cosaKey = ['cosa'] as const;

/** The search, filters and page of View Positions; state '' is every position, 'open' those in use, 'retired' the retired ones. */
export type PositionFilters = {
  q: string;
  unitId: string;
  type: string;
  state: '' | 'open' | 'retired';
  page: number;
};

function search(filters: Record<string, string | number>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    const text = String(value).trim();
    if (text) params.set(key, text);
  }
  return params.toString();
}

/** GET /api/positions/export: the CSV of every page of the list under the same filters. */
export function positionsExportHref({ page: _page, ...filters }: PositionFilters): string {
  const query = search(filters);
  return query ? `${apiPaths.exports.positions}?${query}` : apiPaths.exports.positions;
}

/** GET /api/positions: one page of positions with the totals and the filters' choices. */
export function usePositions(filters: PositionFilters) {
  return useQuery({
    queryKey: [...cosaKey, 'positions', filters],
    queryFn: ({ signal }) =>
      api.get(`${apiPaths.positions}?${search(filters)}`, { schema: PositionListSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Open positions matching a search, for the holder form's position picker (title or unit name). */
export async function searchOpenPositions(q: string, signal: AbortSignal) {
  const list = await api.get(`${apiPaths.positions}?${search({ q, state: 'open', pageSize: 20 })}`, {
    schema: PositionListSchema,
    signal,
  });
  return list.items.map((item) => ({ id: item.id, label: item.title, detail: item.unit.name }));
}

function useCosaMutation<T, R>(call: (body: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: cosaKey }),
  });
}

/** POST /api/positions. */
export const useCreatePosition = () =>
  useCosaMutation(
    async (body: PositionInput): Promise<Position> =>
      (await api.post(apiPaths.positions, body, { schema: PositionResponseSchema })).position,
  );

/** PUT /api/positions/{id}. */
export const useUpdatePosition = (id: string) =>
  useCosaMutation(
    async (body: PositionInput): Promise<Position> =>
      (await api.put(apiPaths.position(id), body, { schema: PositionResponseSchema })).position,
  );

/** DELETE /api/positions/{id}: refused (409) while the position has holders. */
export const useDeletePosition = () =>
  useCosaMutation((id: string) => api.delete(apiPaths.position(id)));

/** POST /api/positions/{id}/retirement. */
export const useRetirePosition = () =>
  useCosaMutation((id: string) =>
    api.post(apiPaths.positionRetirement(id), undefined, { schema: PositionResponseSchema }),
  );
