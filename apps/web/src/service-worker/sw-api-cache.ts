import type { WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { API_CACHE, OFFLINE_AS_OF_HEADER } from '../lib/offline/offline-protocol';
import {
  accountOfSession,
  isGoneAnswer,
  isKeptAnswer,
  isKeptApiRead,
  isPortalJson,
  isServerAway,
  SESSION_PATH,
} from './api-cache-rules';

/** Where the service worker remembers whose answers API_CACHE holds, across its restarts. */
const ACCOUNT_CACHE = 'cosa-account';
const ACCOUNT_KEY = '/__cosa/account';

/** On a kept copy: when it was saved, and for whom. */
const STORED_AT = 'x-cosa-stored-at';
const STORED_FOR = 'x-cosa-stored-for';

/** A network that has not answered in this time is taken as down: the copy is shown. */
const NETWORK_TIMEOUT_SECONDS = 4;
const MAX_ENTRIES = 150;
const MAX_AGE_SECONDS = 7 * 24 * 3600;

/** Keeps the cache within its size and age, and holds the list of what it kept (emptied with it). */
const expiration = new ExpirationPlugin({ maxEntries: MAX_ENTRIES, maxAgeSeconds: MAX_AGE_SECONDS });

/** The account whose answers are kept, once any change of account under way has emptied the cache. */
let account: Promise<string | null> | null = null;

function storedAccount(): Promise<string | null> {
  account ??= caches
    .open(ACCOUNT_CACHE)
    .then((cache) => cache.match(ACCOUNT_KEY))
    .then(async (response) => (response ? ((await response.json()) as { id: string | null }).id : null))
    .catch(() => null);
  return account;
}

/**
 * Records the account now signed in. Answers kept for another account (or for nobody's) are
 * deleted first, and until they are, no answer is kept or given: a copy is never shown to someone
 * it was not fetched for.
 */
export function setAccount(id: string | null): Promise<void> {
  const change = storedAccount().then(async (before) => {
    if (before === id) return;
    // The answers and the list of the addresses read (workbox-expiration's), both.
    await expiration.deleteCacheAndMetadata();
    await caches.delete(API_CACHE);
    const cache = await caches.open(ACCOUNT_CACHE);
    await cache.put(ACCOUNT_KEY, new Response(JSON.stringify({ id })));
  });
  account = change.then(
    () => id,
    () => id,
  );
  return change.catch(() => undefined);
}

/** A copy of `response` with headers changed. */
function withHeaders(response: Response, change: (headers: Headers) => void): Response {
  const headers = new Headers(response.headers);
  change(headers);
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

/**
 * Keeps API answers for the signed-in account only, and says on a copy when it was saved:
 * - a session answer names the account (a new one empties the cache); any 401 means nobody;
 * - only a 200 in JSON is kept, only while someone is signed in and only if that is still the
 *   account the request went out for (a session answer names its own), stamped with the time and the account;
 * - a copy is given back only to the account it was kept for, with OFFLINE_AS_OF_HEADER.
 */
const accountPlugin: WorkboxPlugin = {
  // The account the request went out for: an answer that comes back after a change of account is not kept.
  requestWillFetch: async ({ request, state }) => {
    if (state) state.account = await storedAccount();
    return request;
  },
  fetchDidSucceed: async ({ request, response, state }) => {
    // The server is not there (a proxy answered): as if the network failed, the copy is shown.
    if (isServerAway(response.status)) throw new Error(`the server is away (${response.status})`);
    const portalJson = isPortalJson(response.headers.get('content-type'));
    if (response.status === 401 && portalJson) await setAccount(null);
    else if (isGoneAnswer(response.status)) {
      // A cancelled ticket, a record withdrawn: the copy must not show it offline later.
      await (await caches.open(API_CACHE)).delete(request.url, { ignoreVary: true });
    } else if (response.ok && portalJson && new URL(request.url).pathname === SESSION_PATH) {
      const id = accountOfSession(
        await response
          .clone()
          .json()
          .catch(() => undefined),
      );
      if (id !== undefined) {
        await setAccount(id);
        if (state) state.account = id;
      }
    }
    return response;
  },
  cacheWillUpdate: async ({ response, state }) => {
    if (!isKeptAnswer(response.status, response.headers.get('content-type'))) return null;
    const id = await storedAccount();
    if (id === null || (state && state.account !== id)) return null;
    return withHeaders(response, (headers) => {
      headers.set(STORED_AT, new Date().toISOString());
      headers.set(STORED_FOR, id);
    });
  },
  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
    if (!cachedResponse) return null;
    const id = await storedAccount();
    const storedAt = cachedResponse.headers.get(STORED_AT);
    if (id === null || cachedResponse.headers.get(STORED_FOR) !== id || !storedAt) return null;
    return withHeaders(cachedResponse, (headers) => {
      headers.set(OFFLINE_AS_OF_HEADER, storedAt);
      headers.delete(STORED_FOR);
    });
  },
};

/**
 * The API's reads through the service worker: the network first, and the last answer kept for
 * offline use when the network fails or takes over NETWORK_TIMEOUT_SECONDS (decision 0043).
 */
export function routeApiReads(): void {
  registerRoute(
    ({ url, request, sameOrigin }) =>
      sameOrigin && isKeptApiRead(url.pathname, request.headers.get('accept'), url.search),
    new NetworkFirst({
      cacheName: API_CACHE,
      networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
      // The server varies some answers on headers the page sends; the copy is for the same account either way.
      matchOptions: { ignoreVary: true },
      plugins: [accountPlugin, expiration],
    }),
    'GET',
  );
}
