import type { LookupItem } from '@cosa/contracts';
import { fetchLookup } from '../../../lib/lookup';

export const unitLookupKey = ['lookup', 'units'] as const;

type ShownUnit = { id: string; name: string; type: string };

/**
 * The units a picker offers: those of the budgets shown whose name holds the typed text, then any
 * other council or club GET /api/lookup/units finds by name.
 */
export function unitSearch(shown: readonly ShownUnit[]) {
  return async (q: string, signal: AbortSignal): Promise<LookupItem[]> => {
    const typed = q.trim().toLowerCase();
    const own = shown
      .filter((unit) => unit.name.toLowerCase().includes(typed))
      .map((unit) => ({ id: unit.id, label: unit.name, detail: unit.type }));
    const found = await fetchLookup('units', q, signal);
    return [...own, ...found.filter((item) => !own.some((unit) => unit.id === item.id))];
  };
}
