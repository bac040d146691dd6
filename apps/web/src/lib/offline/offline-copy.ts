/** On an API answer the service worker gave from its copy: when that copy was saved (ISO 8601). */
export const OFFLINE_AS_OF_HEADER = 'x-offline-as-of';
