import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PushDevice } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';
import { pushDevicesKey } from './get-push-devices';

/** DELETE /api/me/push-devices/:id: one of my devices no longer gets push notifications. */
async function removePushDevice(id: string): Promise<void> {
  await api.delete(apiPaths.pushDevice(id));
}

export function useRemovePushDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removePushDevice,
    onSuccess: (_done, id) =>
      client.setQueryData<PushDevice[]>(pushDevicesKey, (devices) =>
        devices?.filter((device) => device.id !== id),
      ),
  });
}
