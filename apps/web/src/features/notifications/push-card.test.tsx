import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { NOTIFICATION_KINDS, type NotificationPreferences, type PushDevice } from '@cosa/contracts';
import { loadPages } from '../../../test/load-pages';
import { makeUser, renderApp, sentBodies, stubApi } from '../../../test/render-app';

beforeAll(loadPages, 30_000);

const firstRender = { timeout: 10_000 };
const KEY = `B${'A'.repeat(86)}`;
const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/phone-1';
const DEVICES_PATH = '/api/me/push-devices';
const CHROME_ON_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

// Every kind of notification, the input of the settings page (not what a test expects).
const kinds = NOTIFICATION_KINDS;
const preferences: NotificationPreferences = {
  deliveries: Object.fromEntries(
    kinds.map((kind) => [kind, 'app']),
  ) as NotificationPreferences['deliveries'],
  push: Object.fromEntries(kinds.map((kind) => [kind, true])) as NotificationPreferences['push'],
  digestHour: 18,
};

const thisPhone: PushDevice = {
  id: '5b1f2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  label: 'Chrome on Android',
  createdAt: '2026-11-20T06:30:00.000Z',
  lastSuccessAt: null,
  thisDevice: true,
};
const laptop: PushDevice = {
  id: '6c2a3b4c-5d6e-4f7a-8b9c-0d1e2f3a4b5c',
  label: 'Firefox on Windows',
  createdAt: '2026-10-02T10:00:00.000Z',
  lastSuccessAt: '2026-11-01T10:00:00.000Z',
  thisDevice: false,
};

type FakeOptions = {
  permission?: NotificationPermission;
  answer?: NotificationPermission;
  subscribed?: boolean;
  subscribeFails?: DOMException;
  /** No service worker of the portal is registered in this browser. */
  noWorker?: boolean;
};

/** The browser's service worker, Push API and Notification permission, as Chrome answers them. */
function fakePushBrowser(options: FakeOptions = {}) {
  let permission = options.permission ?? 'default';
  const subscription = {
    endpoint: ENDPOINT,
    options: {
      applicationServerKey: Uint8Array.from(atob(`${KEY.replace(/-/g, '+').replace(/_/g, '/')}=`), (c) =>
        c.charCodeAt(0),
      ).buffer,
    },
    toJSON: () => ({
      endpoint: ENDPOINT,
      expirationTime: null,
      keys: { p256dh: KEY, auth: 'A'.repeat(22) },
    }),
    unsubscribe: vi.fn(async () => {
      current = null;
      return true;
    }),
  };
  let current: typeof subscription | null = options.subscribed ? subscription : null;
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async () => {
      if (options.subscribeFails) throw options.subscribeFails;
      current = subscription;
      return subscription;
    }),
  };
  const registration = { pushManager };
  const requestPermission = vi.fn(async () => {
    permission = options.answer ?? 'granted';
    return permission;
  });
  vi.stubGlobal('Notification', {
    get permission() {
      return permission;
    },
    requestPermission,
  });
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      getRegistration: async () => (options.noWorker ? undefined : registration),
      ready: options.noWorker ? new Promise(() => undefined) : Promise.resolve(registration),
    },
  });
  return { requestPermission, pushManager, subscription };
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
  vi.restoreAllMocks();
});

function stubPortal(
  devices: PushDevice[] | (() => PushDevice[]),
  extra: Parameters<typeof stubApi>[0] = {},
) {
  return stubApi({
    session: { body: { user: makeUser() } },
    '/api/notification-preferences': { body: preferences },
    [DEVICES_PATH]: () => ({ body: { devices: typeof devices === 'function' ? devices() : devices } }),
    '/api/push/public-key': { body: { publicKey: KEY } },
    ...extra,
  });
}

const card = async () =>
  screen.findByRole('region', { name: 'Push notifications on this device' }, firstRender);

describe('push notifications on this device', { timeout: 20_000 }, () => {
  it('says so when the browser cannot receive push, and still lists the other devices', async () => {
    stubPortal([laptop]);
    renderApp('/notifications/settings');
    const region = await card();
    expect(
      await within(region).findByText(
        'This browser cannot receive push notifications. Your notifications still appear in the portal, and by e-mail as you choose below.',
      ),
    ).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'Turn on push notifications' })).toBeNull();
    expect(await within(region).findByText('Firefox on Windows')).toBeInTheDocument();
  });

  it('tells an iPhone to add the portal to the Home Screen first', async () => {
    fakePushBrowser();
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE);
    stubPortal([]);
    renderApp('/notifications/settings');
    const region = await card();
    expect(
      await within(region).findByText(
        'On iPhone and iPad, push notifications work once the portal is added to the Home Screen: tap Share, then Add to Home Screen, then open the portal from there and turn them on on this page.',
      ),
    ).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'Turn on push notifications' })).toBeNull();
  });

  it('says how to unblock notifications the browser blocks for the site', async () => {
    fakePushBrowser({ permission: 'denied' });
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(CHROME_ON_LINUX);
    stubPortal([]);
    renderApp('/notifications/settings');
    const region = await card();
    expect(
      await within(region).findByText(
        'Notifications are blocked for this site in this browser. To unblock them, open the site settings (the icon beside the address), allow Notifications, then reload this page.',
      ),
    ).toBeInTheDocument();
  });

  it('asks for permission only on the tap, subscribes with the portal key and tells the server; then it is on', async () => {
    const browser = fakePushBrowser();
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(CHROME_ON_LINUX);
    let devices: PushDevice[] = [];
    const fetchMock = stubPortal(() => devices, {
      [`POST ${DEVICES_PATH}`]: () => {
        devices = [thisPhone];
        return { body: thisPhone };
      },
    });
    renderApp('/notifications/settings');
    const region = await card();
    const button = await within(region).findByRole('button', { name: 'Turn on push notifications' });
    expect(browser.requestPermission).not.toHaveBeenCalled();

    await userEvent.click(button);
    expect(
      await within(region).findByText('Push notifications are on for this device.'),
    ).toBeInTheDocument();
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    const [subscribeOptions] = browser.pushManager.subscribe.mock.calls[0] as unknown as [
      { userVisibleOnly: boolean; applicationServerKey: Uint8Array },
    ];
    expect(subscribeOptions.userVisibleOnly).toBe(true);
    expect(subscribeOptions.applicationServerKey).toHaveLength(65);
    expect(subscribeOptions.applicationServerKey[0]).toBe(4);
    expect(sentBodies(fetchMock, 'POST', DEVICES_PATH)).toEqual([
      { endpoint: ENDPOINT, expirationTime: null, keys: { p256dh: KEY, auth: 'A'.repeat(22) } },
    ]);
    expect(
      await within(region).findByText('Push notifications are on for this device (Chrome on Android).'),
    ).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Send a test notification' })).toBeInTheDocument();
  });

  it('asks nothing when the portal’s service worker is not running, and says so', async () => {
    const browser = fakePushBrowser({ noWorker: true });
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(CHROME_ON_LINUX);
    stubPortal([]);
    renderApp('/notifications/settings');
    const region = await card();
    await userEvent.click(
      await within(region).findByRole('button', { name: 'Turn on push notifications' }),
    );
    expect(await within(region).findByRole('alert')).toHaveTextContent(
      'The portal’s background helper is not running in this browser yet. Reload the page and try again.',
    );
    expect(browser.requestPermission).not.toHaveBeenCalled();
  });

  it('turning on again ends the subscription the browser held and makes a fresh one', async () => {
    const browser = fakePushBrowser({ permission: 'granted', subscribed: true });
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(CHROME_ON_LINUX);
    stubPortal([], { [`POST ${DEVICES_PATH}`]: { body: thisPhone } });
    renderApp('/notifications/settings');
    const region = await card();
    await userEvent.click(
      await within(region).findByRole('button', { name: 'Turn on push notifications' }),
    );
    await waitFor(() => expect(browser.pushManager.subscribe).toHaveBeenCalledTimes(1));
    expect(browser.subscription.unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('sends a test notification and turns push off on this device', async () => {
    const browser = fakePushBrowser({ permission: 'granted', subscribed: true });
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(CHROME_ON_LINUX);
    let devices = [thisPhone, laptop];
    const fetchMock = stubPortal(() => devices, {
      [`POST ${DEVICES_PATH}/${thisPhone.id}/test`]: { body: { sent: true } },
      [`POST ${DEVICES_PATH}/removal`]: () => {
        devices = [laptop];
        return { status: 204 };
      },
    });
    renderApp('/notifications/settings');
    const region = await card();
    await userEvent.click(
      await within(region).findByRole('button', { name: 'Send a test notification' }),
    );
    expect(
      await within(region).findByText(
        'A test notification is on its way. It should appear on this device in a few seconds.',
      ),
    ).toBeInTheDocument();

    await userEvent.click(within(region).getByRole('button', { name: 'Turn off on this device' }));
    expect(
      await within(region).findByText('Push notifications are off for this device.'),
    ).toBeInTheDocument();
    expect(browser.subscription.unsubscribe).toHaveBeenCalledTimes(1);
    expect(sentBodies(fetchMock, 'POST', `${DEVICES_PATH}/removal`)).toEqual([{ endpoint: ENDPOINT }]);
    expect(
      await within(region).findByRole('button', { name: 'Turn on push notifications' }),
    ).toBeInTheDocument();
    expect(within(region).getByText('Firefox on Windows')).toBeInTheDocument();
  });

  it('says in words when the browser cannot reach its push service, or the question was closed', async () => {
    fakePushBrowser({
      subscribeFails: new DOMException('Registration failed - push service error', 'AbortError'),
    });
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(CHROME_ON_LINUX);
    stubPortal([]);
    renderApp('/notifications/settings');
    const region = await card();
    await userEvent.click(
      await within(region).findByRole('button', { name: 'Turn on push notifications' }),
    );
    expect(await within(region).findByRole('alert')).toHaveTextContent(
      'Your browser could not reach its push service. Check your connection and try again; in Brave, first turn on “Use Google services for push messaging” in its privacy settings.',
    );
  });

  it('says the question was closed without an answer, and asks again on the next tap', async () => {
    const browser = fakePushBrowser({ answer: 'default' });
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(CHROME_ON_LINUX);
    stubPortal([]);
    renderApp('/notifications/settings');
    const region = await card();
    await userEvent.click(
      await within(region).findByRole('button', { name: 'Turn on push notifications' }),
    );
    expect(await within(region).findByRole('alert')).toHaveTextContent(
      'Push notifications stay off: the browser’s question was closed without an answer. Tap the button again to be asked again.',
    );
    await userEvent.click(within(region).getByRole('button', { name: 'Turn on push notifications' }));
    await waitFor(() => expect(browser.requestPermission).toHaveBeenCalledTimes(2));
  });

  it('removes another device after asking', async () => {
    fakePushBrowser({ permission: 'granted', subscribed: true });
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(CHROME_ON_LINUX);
    const fetchMock = stubPortal([thisPhone, laptop], {
      [`DELETE ${DEVICES_PATH}/${laptop.id}`]: { status: 204 },
    });
    renderApp('/notifications/settings');
    const region = await card();
    const list = await within(region).findByRole('list', { name: 'Your other devices with push on' });
    await userEvent.click(within(list).getByRole('button', { name: /^Remove Firefox on Windows/ }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Stop push notifications to Firefox on Windows?',
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove device' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.filter(
          ([url, init]) => String(url) === `${DEVICES_PATH}/${laptop.id}` && init?.method === 'DELETE',
        ),
      ).toHaveLength(1),
    );
    await waitFor(() => expect(within(region).queryByText('Firefox on Windows')).toBeNull());
  });
});
