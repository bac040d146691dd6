/**
 * What the page and the service worker (src/service-worker) agree on: names only, so that this file
 * reads the same in either (decision 0043). The header the API client reads is in offline-copy.ts,
 * which every page loads with it.
 */
export { OFFLINE_AS_OF_HEADER } from './offline-copy';

/** The Cache Storage cache of API answers: personal data, emptied at every change of account. */
export const API_CACHE = 'cosa-api';

/** Page to service worker: the account now signed in (null: none), whose answers alone it keeps. */
export const ACCOUNT_MESSAGE = 'cosa-signed-in';

/** Page to the waiting service worker: take over now (the user chose "Reload to update"). */
export const SKIP_WAITING_MESSAGE = 'SKIP_WAITING';
