import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  JoinRequestListSchema,
  JoinRequestResponseSchema,
  MyClubResponseSchema,
  RosterEntryResponseSchema,
  RosterSchema,
  type InvitationInput,
  type JoinDecisionInput,
  type MemberRemovalInput,
  type MemberRoleInput,
} from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';
import { clubAdminPaths } from './club-admin-paths';
import { pageFrom, searchFrom } from '../../../lib/use-url-filters';
import { clubsKey } from './clubs-key';

/**
 * GET /api/clubs/mine: the coordinator's club, under the club dashboard's key, so the two pages
 * share one answer.
 */
export function useCoordinatedClub() {
  return useQuery({
    queryKey: ['club', 'mine'],
    queryFn: ({ signal }) => api.get(apiPaths.myClub, { schema: MyClubResponseSchema, signal }),
  });
}

const ROSTER_STATUSES = ['current', 'past', 'all'] as const;
export type RosterStatus = (typeof ROSTER_STATUSES)[number];

/** The roster's search, status and page, as the address holds them. */
export type RosterFilters = { q: string; status: RosterStatus; page: number };

export function rosterFiltersFrom(params: URLSearchParams): RosterFilters {
  const status = params.get('status') ?? '';
  return {
    q: searchFrom(params.get('q')),
    status: (ROSTER_STATUSES as readonly string[]).includes(status)
      ? (status as RosterStatus)
      : 'current',
    page: pageFrom(params),
  };
}

/** The CSV download of the roster as shown: its search and status (every page of it). */
export function rosterExportHref(unitId: string, status: RosterStatus, q = ''): string {
  const params = new URLSearchParams({ status });
  if (q.trim()) params.set('q', q.trim());
  return `${clubAdminPaths.membersExport(unitId)}?${params.toString()}`;
}

const membersKey = (unitId: string) => [...clubsKey, unitId, 'members'] as const;
const requestsKey = (unitId: string) => [...clubsKey, unitId, 'join-requests'] as const;

/** GET /api/clubs/{unitId}/members: one page of the roster. */
export function useRoster(unitId: string, filters: RosterFilters) {
  const params = new URLSearchParams({ status: filters.status, page: String(filters.page) });
  if (filters.q) params.set('q', filters.q);
  return useQuery({
    queryKey: [...membersKey(unitId), filters],
    queryFn: ({ signal }) =>
      api.get(`${clubAdminPaths.members(unitId)}?${params.toString()}`, {
        schema: RosterSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/clubs/{unitId}/join-requests?status=pending: the requests waiting, oldest first. */
export function usePendingJoinRequests(unitId: string) {
  return useQuery({
    queryKey: requestsKey(unitId),
    queryFn: async ({ signal }) =>
      (
        await api.get(`${clubAdminPaths.joinRequests(unitId)}?status=pending`, {
          schema: JoinRequestListSchema,
          signal,
        })
      ).items,
  });
}

/** A change to the club's members: its requests, roster and dashboard are read again. */
function useMembersMutation<T, R>(unitId: string, call: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: requestsKey(unitId) }),
        client.invalidateQueries({ queryKey: membersKey(unitId) }),
        client.invalidateQueries({ queryKey: ['club', 'mine'] }),
      ]);
    },
  });
}

/** POST /api/clubs/{unitId}/join-requests/{id}/decision. */
export const useDecideJoinRequest = (unitId: string) =>
  useMembersMutation(unitId, ({ id, ...body }: JoinDecisionInput & { id: string }) =>
    api.post(clubAdminPaths.joinDecision(unitId, id), body, { schema: JoinRequestResponseSchema }),
  );

/** POST /api/clubs/{unitId}/invitations. */
export const useInviteStudent = (unitId: string) =>
  useMembersMutation(unitId, (body: InvitationInput) =>
    api.post(clubAdminPaths.invitations(unitId), body, { schema: JoinRequestResponseSchema }),
  );

/** PATCH /api/clubs/{unitId}/members/{membershipId}. */
export const useChangeMemberRole = (unitId: string, membershipId: string) =>
  useMembersMutation(unitId, (body: MemberRoleInput) =>
    api.patch(clubAdminPaths.member(unitId, membershipId), body, { schema: RosterEntryResponseSchema }),
  );

/** POST /api/clubs/{unitId}/members/{membershipId}/removal. */
export const useRemoveMember = (unitId: string, membershipId: string) =>
  useMembersMutation(unitId, (body: MemberRemovalInput) =>
    api.post(clubAdminPaths.memberRemoval(unitId, membershipId), body, {
      schema: RosterEntryResponseSchema,
    }),
  );
