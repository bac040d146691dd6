import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AdminCredentialListSchema,
  IssuedCredentialSchema,
  type RevokeCredentialRequest,
  type RevokePastedCredentialRequest,
} from '@cosa/contracts';
import { api } from '../../../../lib/api-client';
import { apiPaths } from '../../../../lib/api-paths';

const adminCredentialsKey = ['admin', 'credentials'] as const;

/** GET /api/admin/credentials?q=: newest first, found by credential id or by student. */
export function useAdminCredentials(q: string) {
  return useQuery({
    queryKey: [...adminCredentialsKey, q],
    queryFn: ({ signal }) =>
      api.get(`${apiPaths.adminCredentials}?q=${encodeURIComponent(q)}`, {
        schema: AdminCredentialListSchema,
        signal,
      }),
    // A new search keeps the list in place until its answer comes, instead of a spinner between.
    placeholderData: keepPreviousData,
  });
}

/** POST /api/admin/credentials/{id}/revocation; every list of credentials is read again. */
export function useRevokeCredential(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RevokeCredentialRequest) =>
      api.post(apiPaths.adminCredentialRevocation(id), body, { schema: IssuedCredentialSchema }),
    onSuccess: () => void client.invalidateQueries({ queryKey: adminCredentialsKey }),
  });
}

/** POST /api/admin/credentials/revocations: a credential revoked by its own text (one signed before status lists too). */
export function useRevokePastedCredential() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RevokePastedCredentialRequest) =>
      api.post(apiPaths.adminCredentialRevocations, body, { schema: IssuedCredentialSchema }),
    onSuccess: () => void client.invalidateQueries({ queryKey: adminCredentialsKey }),
  });
}
