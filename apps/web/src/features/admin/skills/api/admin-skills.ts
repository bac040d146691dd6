import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AdminSkillListSchema,
  AdminSkillResponseSchema,
  SKILL_STATES,
  SKILL_TYPES,
  SkillMergePreviewSchema,
  SkillMergeResponseSchema,
  type AdminSkill,
  type AdminSkillUpdate,
  type LookupItem,
  type SkillState,
} from '@cosa/contracts';
import { api } from '../../../../lib/api-client';
import { apiPaths } from '../../../../lib/api-paths';
import { pageFrom, searchFrom } from '../../../../lib/use-url-filters';

/** Every query of the skill catalogue page starts with this key, so one change refreshes them all. */
export const adminSkillsKey = ['admin', 'skills'] as const;

type SkillType = (typeof SKILL_TYPES)[number];

/** The search, type, state and page of /admin/skills; '' is no filter. */
export type AdminSkillFilters = {
  q: string;
  type: SkillType | '';
  state: SkillState | '';
  page: number;
};

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | '' =>
  (values as readonly string[]).includes(value ?? '') ? (value as T) : '';

/** The filters from the address, ignoring values the server would refuse. */
export function adminSkillFiltersFrom(params: URLSearchParams): AdminSkillFilters {
  return {
    q: searchFrom(params.get('q')),
    type: oneOf(SKILL_TYPES, params.get('type')),
    state: oneOf(SKILL_STATES, params.get('state')),
    page: pageFrom(params),
  };
}

/** The query string of some filters, blank ones (and page 1) left out. */
function queryOf(filters: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    const text = String(value ?? '').trim();
    if (text && !(key === 'page' && text === '1')) params.set(key, text);
  }
  return params.toString();
}

/** The CSV export's address for the filters in force (every page of them). */
export function adminSkillsExportHref(filters: AdminSkillFilters): string {
  const query = queryOf({ q: filters.q, type: filters.type, state: filters.state });
  return query ? `${apiPaths.exports.skills}?${query}` : apiPaths.exports.skills;
}

/** GET /api/admin/skills: one page with its totals. */
export function useAdminSkills(filters: AdminSkillFilters) {
  return useQuery({
    queryKey: [...adminSkillsKey, 'list', filters],
    queryFn: ({ signal }) =>
      api.get(`${apiPaths.adminSkills}?${queryOf(filters)}`, { schema: AdminSkillListSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Skills a duplicate may be merged into, for the merge picker: in use (not retired or declined), never the duplicate itself. */
export async function searchMergeTargets(
  source: AdminSkill,
  q: string,
  signal: AbortSignal,
): Promise<LookupItem[]> {
  const page = await api.get(`${apiPaths.adminSkills}?${queryOf({ q, pageSize: 50 })}`, {
    schema: AdminSkillListSchema,
    signal,
  });
  return page.items
    .filter((skill) => skill.id !== source.id && skill.state !== 'retired' && skill.state !== 'declined')
    .map((skill) => ({
      id: skill.id,
      label: skill.name,
      detail: `${skill.category} · ${skill.usage === 1 ? '1 student' : `${skill.usage} students`}`,
    }));
}

/** GET /api/admin/skills/{id}/merge?intoId=: what the merge would do, once a target is chosen. */
export function useMergePreview(sourceId: string, intoId: string | null) {
  return useQuery({
    queryKey: [...adminSkillsKey, 'merge-preview', sourceId, intoId],
    queryFn: ({ signal }) =>
      api.get(`${apiPaths.adminSkillMerge(sourceId)}?${queryOf({ intoId: intoId ?? '' })}`, {
        schema: SkillMergePreviewSchema,
        signal,
      }),
    enabled: intoId !== null,
  });
}

function useSkillMutation<T, R>(call: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: adminSkillsKey }),
  });
}

/** PATCH /api/admin/skills/{id}. */
export const useUpdateSkill = (id: string) =>
  useSkillMutation(
    async (body: AdminSkillUpdate) =>
      (await api.patch(apiPaths.adminSkill(id), body, { schema: AdminSkillResponseSchema })).skill,
  );

/** POST /api/admin/skills/{id}/merge. */
export const useMergeSkill = (id: string) =>
  useSkillMutation((intoId: string) =>
    api.post(apiPaths.adminSkillMerge(id), { intoId }, { schema: SkillMergeResponseSchema }),
  );

/** POST /api/admin/skills/{id}/retirement. */
export const useRetireSkill = (id: string) =>
  useSkillMutation(
    async () =>
      (
        await api.post(apiPaths.adminSkillRetirement(id), undefined, {
          schema: AdminSkillResponseSchema,
        })
      ).skill,
  );
