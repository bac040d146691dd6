import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { PushDevice } from '@cosa/contracts';
import { ApiError } from '../../../lib/api-client';
import { pushDevicesKey, usePushDevices } from '../api/get-push-devices';
import { getPushPublicKey } from '../api/get-push-public-key';
import { sendTestPush } from '../api/send-test-push';
import { subscribePush } from '../api/subscribe-push';
import { unsubscribePush } from '../api/unsubscribe-push';
import {
  currentSubscription,
  notificationPermission,
  pushSupport,
  PushSetupError,
  subscribeBrowser,
  unsubscribeBrowser,
  watchNotificationPermission,
  type PushProblem,
} from '../push-browser';

/** What the card shows for this device. */
export type PushCardState =
  | { kind: 'checking' }
  | { kind: 'unsupported' }
  | { kind: 'needs-home-screen' }
  | { kind: 'blocked' }
  | { kind: 'off' }
  | { kind: 'on'; device: PushDevice };

type Busy = 'on' | 'off' | 'test' | null;

const PROBLEMS: Record<PushProblem, string> = {
  blocked:
    'Notifications are blocked for this site. Allow them in your browser’s site settings (the icon beside the address), then reload this page.',
  dismissed:
    'Push notifications stay off: the browser’s question was closed without an answer. Tap the button again to be asked again.',
  'no-worker':
    'The portal’s background helper is not running in this browser yet. Reload the page and try again.',
  'push-service':
    'Your browser could not reach its push service. Check your connection and try again; in Brave, first turn on “Use Google services for push messaging” in its privacy settings.',
};

/** A failure in words: the browser's, or the server's own message when it gave one. */
function wordsOf(error: unknown, fallback: string): string {
  if (error instanceof PushSetupError) return PROBLEMS[error.problem];
  if (error instanceof ApiError && error.status > 0 && error.status !== 500) return error.message;
  return fallback;
}

/**
 * The state of push on this device and the actions of the card: what the browser can do and has
 * granted, whether it holds a subscription, and whether the portal knows it for this session.
 */
export function usePushDevice() {
  const client = useQueryClient();
  const devices = usePushDevices();
  const [support] = useState(pushSupport);
  const [permission, setPermission] = useState(() =>
    support === 'supported' ? notificationPermission() : 'default',
  );
  const [subscribed, setSubscribed] = useState<boolean | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    if (support !== 'supported') return;
    let live = true;
    let stopWatching: (() => void) | null = null;
    currentSubscription()
      .then((found) => live && setSubscribed(found !== null))
      .catch(() => live && setSubscribed(false));
    // A permission changed in the site settings shows here without a reload.
    void watchNotificationPermission((next) => live && setPermission(next)).then((stop) => {
      if (live) stopWatching = stop;
      else stop?.();
    });
    return () => {
      live = false;
      stopWatching?.();
    };
  }, [support]);

  const mine = devices.data?.find((device) => device.thisDevice);
  const others = devices.data?.filter((device) => !device.thisDevice) ?? [];
  let state: PushCardState;
  if (support !== 'supported') state = { kind: support };
  else if (permission === 'denied') state = { kind: 'blocked' };
  else if (subscribed === null || devices.isPending) state = { kind: 'checking' };
  else if (subscribed && mine && permission === 'granted') state = { kind: 'on', device: mine };
  else state = { kind: 'off' };

  const run = async (which: Busy, work: () => Promise<void>, fallback: string) => {
    setBusy(which);
    setProblem(null);
    setNotice(null);
    try {
      await work();
    } catch (error) {
      setProblem(wordsOf(error, fallback));
    } finally {
      if (!navigator.permissions?.query) setPermission(notificationPermission());
      setBusy(null);
      await client.invalidateQueries({ queryKey: pushDevicesKey });
    }
  };

  const turnOn = () =>
    run(
      'on',
      async () => {
        const subscription = await subscribeBrowser(await getPushPublicKey());
        setSubscribed(true);
        await subscribePush(subscription);
        setNotice('Push notifications are on for this device.');
      },
      'Push notifications could not be turned on. Check your connection and try again.',
    );

  const turnOff = () =>
    run(
      'off',
      async () => {
        const endpoint = await unsubscribeBrowser();
        setSubscribed(false);
        if (endpoint) await unsubscribePush(endpoint).catch(ignoreNotFound);
        setNotice('Push notifications are off for this device.');
      },
      'Push notifications could not be turned off. Check your connection and try again.',
    );

  const sendTest = (device: PushDevice) =>
    run(
      'test',
      async () => {
        await sendTestPush(device.id);
        setNotice(
          'A test notification is on its way. It should appear on this device in a few seconds.',
        );
      },
      'The test notification could not be sent. Check your connection and try again.',
    );

  return { state, others, devices, busy, problem, notice, turnOn, turnOff, sendTest };
}

/** Push already off at the server (the session ended meanwhile) is what was asked for. */
function ignoreNotFound(error: unknown): void {
  if (!(error instanceof ApiError && error.status === 404)) throw error;
}
