import { queryOptions, useQuery } from '@tanstack/react-query';
import { NotificationPreferencesSchema, type NotificationPreferences } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';

export const preferencesKey = ['notifications', 'preferences'] as const;

/** GET /api/notification-preferences: how each kind reaches me, and the digest's hour. */
function getPreferences(signal: AbortSignal): Promise<NotificationPreferences> {
  return api.get(apiPaths.notificationPreferences, { schema: NotificationPreferencesSchema, signal });
}

const preferencesQueryOptions = queryOptions({
  queryKey: preferencesKey,
  queryFn: ({ signal }) => getPreferences(signal),
});

export const usePreferences = () => useQuery(preferencesQueryOptions);
