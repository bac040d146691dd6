import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AdminUserResponseSchema,
  SignOutEverywhereResponseSchema,
  type AdminUserDetail,
  type RoleChangeRequest,
} from '@cosa/contracts';
import { api } from '../../../../lib/api-client';
import { apiPaths } from '../../../../lib/api-paths';
import { adminSummaryKey } from './admin-summary';
import { adminUsersKey } from './admin-users';

/** GET /api/admin/users/{id}. */
export function useAdminUser(id: string) {
  return useQuery({
    queryKey: [...adminUsersKey, 'one', id],
    queryFn: async ({ signal }) =>
      (await api.get(apiPaths.adminUser(id), { schema: AdminUserResponseSchema, signal })).user,
  });
}

/** A change of one user: the page shows the answer at once, and every list and count is read again. */
function useUserChange<T>(id: string, call: (body: T) => Promise<AdminUserDetail>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (user) => {
      client.setQueryData([...adminUsersKey, 'one', id], user);
      void client.invalidateQueries({ queryKey: adminUsersKey });
      void client.invalidateQueries({ queryKey: adminSummaryKey });
    },
  });
}

/** PUT /api/admin/users/{id}/role. */
export const useChangeRole = (id: string) =>
  useUserChange(
    id,
    async (body: RoleChangeRequest) =>
      (await api.put(apiPaths.adminUserRole(id), body, { schema: AdminUserResponseSchema })).user,
  );

/** POST /api/admin/users/{id}/deactivation. */
export const useDeactivateUser = (id: string) =>
  useUserChange(
    id,
    async (_: void) =>
      (
        await api.post(apiPaths.adminUserDeactivation(id), undefined, {
          schema: AdminUserResponseSchema,
        })
      ).user,
  );

/** POST /api/admin/users/{id}/reactivation. */
export const useReactivateUser = (id: string) =>
  useUserChange(
    id,
    async (_: void) =>
      (
        await api.post(apiPaths.adminUserReactivation(id), undefined, {
          schema: AdminUserResponseSchema,
        })
      ).user,
  );

/** POST /api/admin/users/{id}/sign-out: answers how many sessions ended. */
export function useSignOutEverywhere(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (
        await api.post(apiPaths.adminUserSignOut(id), undefined, {
          schema: SignOutEverywhereResponseSchema,
        })
      ).sessionsEnded,
    onSuccess: () => client.invalidateQueries({ queryKey: [...adminUsersKey, 'one', id] }),
  });
}
