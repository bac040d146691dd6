import { queryOptions, useQuery } from '@tanstack/react-query';
import { PushDeviceListSchema, type PushDevice } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';

export const pushDevicesKey = ['notifications', 'push-devices'] as const;

/** GET /api/me/push-devices: my devices with push on, this one marked. */
async function getPushDevices(signal: AbortSignal): Promise<PushDevice[]> {
  return (await api.get(apiPaths.pushDevices, { schema: PushDeviceListSchema, signal })).devices;
}

const pushDevicesQueryOptions = queryOptions({
  queryKey: pushDevicesKey,
  queryFn: ({ signal }) => getPushDevices(signal),
});

export const usePushDevices = () => useQuery(pushDevicesQueryOptions);
