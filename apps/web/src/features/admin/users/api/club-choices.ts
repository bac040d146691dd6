import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiPaths } from '../../../../lib/api-paths';
import { api } from '../../../../lib/api-client';

/** Only what the club picker needs of /api/admin/units; the rest of each unit is left aside. */
const UnitChoicesSchema = z.object({
  units: z.array(
    z.object({ id: z.string(), name: z.string(), type: z.string(), retiredAt: z.string().nullable() }),
  ),
});

/** The clubs in use (not retired), by name, for choosing the club a coordinator leads. */
export function useClubChoices(enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'units', 'club-choices'],
    queryFn: async ({ signal }) => {
      const { units } = await api.get(apiPaths.adminUnits, { schema: UnitChoicesSchema, signal });
      return units
        .filter((unit) => unit.type === 'club' && unit.retiredAt === null)
        .map((unit) => ({ id: unit.id, name: unit.name }))
        .sort((a, b) => a.name.localeCompare(b.name));
    },
    enabled,
  });
}
