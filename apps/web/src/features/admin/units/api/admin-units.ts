import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AdminUnitListSchema,
  AdminUnitResponseSchema,
  UnitRetirementResponseSchema,
  type AdminUnit,
  type UnitCreateInput,
  type UnitRetirementResponse,
  type UnitUpdateInput,
} from '@cosa/contracts';
import { api } from '../../../../lib/api-client';
import { apiPaths } from '../../../../lib/api-paths';

/** Every query of the units page starts with this key, so one change refreshes them all. */
const adminUnitsKey = ['admin', 'units'] as const;

/** GET /api/admin/units: every unit, retired ones included; the page builds the tree. */
export function useAdminUnits() {
  return useQuery({
    queryKey: [...adminUnitsKey, 'list'],
    queryFn: async ({ signal }) =>
      (await api.get(apiPaths.adminUnits, { schema: AdminUnitListSchema, signal })).units,
  });
}

function useUnitMutation<T, R>(call: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    // The unit pickers elsewhere (lookup) change with the tree too.
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: adminUnitsKey }),
        client.invalidateQueries({ queryKey: ['lookup', 'units'] }),
      ]),
  });
}

/** POST /api/admin/units. */
export const useCreateUnit = () =>
  useUnitMutation(
    async (body: UnitCreateInput): Promise<AdminUnit> =>
      (await api.post(apiPaths.adminUnits, body, { schema: AdminUnitResponseSchema })).unit,
  );

/** PATCH /api/admin/units/{id}: only the fields that changed. */
export const useUpdateUnit = (id: string) =>
  useUnitMutation(
    async (body: UnitUpdateInput): Promise<AdminUnit> =>
      (await api.patch(apiPaths.adminUnit(id), body, { schema: AdminUnitResponseSchema })).unit,
  );

/** POST /api/admin/units/{id}/retirement. */
export const useRetireUnit = (id: string) =>
  useUnitMutation((): Promise<UnitRetirementResponse> =>
    api.post(apiPaths.adminUnitRetirement(id), undefined, { schema: UnitRetirementResponseSchema }),
  );

/** POST /api/admin/units/{id}/reinstatement. */
export const useReinstateUnit = (id: string) =>
  useUnitMutation(
    async (): Promise<AdminUnit> =>
      (
        await api.post(apiPaths.adminUnitReinstatement(id), undefined, {
          schema: AdminUnitResponseSchema,
        })
      ).unit,
  );
