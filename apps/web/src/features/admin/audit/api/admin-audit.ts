import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  AUDIT_ACTIONS,
  AUDIT_KINDS,
  AUDIT_MESSAGES,
  AuditListSchema,
  isCalendarDate,
  LookupResponseSchema,
  type AuditAction,
  type AuditKind,
  type LookupItem,
} from '@cosa/contracts';
import { api } from '../../../../lib/api-client';
import { apiPaths } from '../../../../lib/api-paths';
import { pageFrom } from '../../../../lib/use-url-filters';

export const adminAuditKey = ['admin', 'audit'] as const;

/** The filters of /admin/audit; the picker names the actor from the server, never from the address. */
export type AuditFilters = {
  actorId: string;
  kind: AuditKind | '';
  action: AuditAction | '';
  from: string;
  to: string;
  page: number;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const oneOf = <T extends string>(values: readonly T[], value: string | null): T | '' =>
  (values as readonly string[]).includes(value ?? '') ? (value as T) : '';
const matching = (pattern: RegExp, value: string | null) => (value && pattern.test(value) ? value : '');

/** The filters from the address, ignoring values the server would refuse. */
export function auditFiltersFrom(params: URLSearchParams): AuditFilters {
  return {
    actorId: matching(UUID, params.get('actorId')),
    kind: oneOf(AUDIT_KINDS, params.get('kind')),
    action: oneOf(AUDIT_ACTIONS, params.get('action')),
    from: matching(DATE, params.get('from')),
    to: matching(DATE, params.get('to')),
    page: pageFrom(params),
  };
}

export type AuditDateErrors = { from?: string; to?: string };

/**
 * What the server would answer about the date filters (a date that is not on the calendar, such as
 * 2026-13-45 typed into the address, or an end before the start), said beside the fields instead.
 */
export function auditDateErrors(filters: Pick<AuditFilters, 'from' | 'to'>): AuditDateErrors {
  const errors: AuditDateErrors = {};
  if (filters.from && !isCalendarDate(filters.from)) errors.from = AUDIT_MESSAGES.dateInvalid;
  if (filters.to && !isCalendarDate(filters.to)) errors.to = AUDIT_MESSAGES.dateInvalid;
  if (!errors.from && !errors.to && filters.from && filters.to && filters.from > filters.to)
    errors.to = AUDIT_MESSAGES.rangeReversed;
  return errors;
}

/** The query string the server reads: the filters, and the page unless it is the first. */
function auditQuery(filters: AuditFilters, withPage = true): string {
  const params = new URLSearchParams();
  for (const key of ['actorId', 'kind', 'action', 'from', 'to'] as const)
    if (filters[key]) params.set(key, filters[key]);
  if (withPage && filters.page > 1) params.set('page', String(filters.page));
  return params.toString();
}

/** The CSV export's address for the filters in force (every matching line). */
export function auditExportHref(filters: AuditFilters): string {
  const query = auditQuery(filters, false);
  return query ? `${apiPaths.exports.audit}?${query}` : apiPaths.exports.audit;
}

/** GET /api/admin/audit: one page, newest first, with its (capped) total; not asked while `enabled` is false (dates to correct). */
export function useAdminAudit(filters: AuditFilters, enabled = true) {
  return useQuery({
    queryKey: [...adminAuditKey, 'list', auditQuery(filters)],
    queryFn: ({ signal }) =>
      api.get(`${apiPaths.adminAudit}?${auditQuery(filters)}`, { schema: AuditListSchema, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** GET /api/admin/audit/actors: the people who made changes, for the actor picker. */
export async function searchAuditActors(q: string, signal: AbortSignal): Promise<LookupItem[]> {
  const response = await api.get(`${apiPaths.adminAuditActors}?q=${encodeURIComponent(q)}`, {
    schema: LookupResponseSchema,
    signal,
  });
  return response.items;
}

/** The cache key of the person the actor filter holds. */
export const auditActorKey = (id: string) => [...adminAuditKey, 'actor', id] as const;

/** GET /api/admin/audit/actors?id=: the person the actor filter holds, named by the server. */
export function useAuditActor(id: string) {
  return useQuery<LookupItem | null>({
    queryKey: auditActorKey(id),
    queryFn: async ({ signal }) => {
      const response = await api.get(`${apiPaths.adminAuditActors}?id=${encodeURIComponent(id)}`, {
        schema: LookupResponseSchema,
        signal,
      });
      return response.items[0] ?? null;
    },
    enabled: id !== '',
    staleTime: Infinity,
  });
}
