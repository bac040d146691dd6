import { useMutation } from '@tanstack/react-query';
import {
  CredentialCheckSchema,
  type CredentialCheck,
  type CredentialCheckRequest,
} from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';

/** POST /api/verify/credentials: whether a credential file was signed by this portal and is unaltered. */
function checkCredential(body: CredentialCheckRequest): Promise<CredentialCheck> {
  return api.post(apiPaths.credentialCheck, body, { schema: CredentialCheckSchema });
}

export const useCheckCredential = () => useMutation({ mutationFn: checkCredential });
