import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  NotificationPreferencesSchema,
  type NotificationPreferences,
  type UpdatePreferencesRequest,
} from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';
import { preferencesKey } from './get-preferences';

/** PATCH /api/notification-preferences: the kinds given change, the others stay; the answer is every choice. */
function updatePreferences(body: UpdatePreferencesRequest): Promise<NotificationPreferences> {
  return api.patch(apiPaths.notificationPreferences, body, { schema: NotificationPreferencesSchema });
}

export function useUpdatePreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updatePreferences,
    onSuccess: (saved) => client.setQueryData(preferencesKey, saved),
  });
}
