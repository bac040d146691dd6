import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';

/** POST /api/me/push-devices/removal: push off for the device of this push address. */
export async function unsubscribePush(endpoint: string): Promise<void> {
  await api.post(apiPaths.pushRemoval, { endpoint });
}
