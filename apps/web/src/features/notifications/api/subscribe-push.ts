import { PushDeviceSchema, type PushDevice, type PushSubscriptionRequest } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';

/** POST /api/me/push-devices: this browser's subscription, which turns push on for this device. */
export function subscribePush(subscription: PushSubscriptionRequest): Promise<PushDevice> {
  return api.post(apiPaths.pushDevices, subscription, { schema: PushDeviceSchema });
}
