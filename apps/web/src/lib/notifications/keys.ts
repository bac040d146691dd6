/** The unread count: set by its request and by the live stream. */
export const unreadCountKey = ['notifications', 'unread'] as const;

/** Every page of the inbox (and the bell's latest few) starts with this key, so one change refreshes them all. */
export const notificationListKey = ['notifications', 'list'] as const;

/** The announcements shown on /home: a new announcement arrives as a notification, so the live stream refreshes them too. */
export const currentAnnouncementsKey = ['announcements', 'current'] as const;

/** What waits in the official's queues, for the bell: refreshed whenever the stream tells of a change. */
export const queueCountsKey = ['notifications', 'queues'] as const;
