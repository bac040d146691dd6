import { PushTestResultSchema } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';

/** POST /api/me/push-devices/:id/test: a test notification to this device, at once. */
export async function sendTestPush(id: string): Promise<void> {
  await api.post(apiPaths.pushTest(id), {}, { schema: PushTestResultSchema });
}
