import type { NotificationFilters } from '../../lib/notifications/get-notifications';
import { pageFrom, useUrlFilters } from '../../lib/use-url-filters';

/** The inbox's filter read from the address; anything but 'unread' means all. */
function filtersFrom(params: URLSearchParams): NotificationFilters {
  return { show: params.get('show') === 'unread' ? 'unread' : 'all', page: pageFrom(params) };
}

/** ?show=unread and ?page= of /notifications. */
export const useNotificationFilters = () => useUrlFilters(filtersFrom);
