import { PushPublicKeySchema } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';

/** GET /api/push/public-key: the portal's VAPID key, which the browser subscribes with. */
export async function getPushPublicKey(): Promise<string> {
  return (await api.get(apiPaths.pushPublicKey, { schema: PushPublicKeySchema })).publicKey;
}
