import webPush from 'web-push';
import type { PushMessage } from '@cosa/contracts';
import type { PushServiceHost } from '../../config';
import { pushEndpointRefusal } from './push-endpoint.policy';
import type { VapidDetails } from './push-keys.service';

/** A device as the push is addressed and encrypted to it. */
export type PushTarget = { endpoint: string; p256dh: string; auth: string };

/** The headers of one push (RFC 8030): seconds the push service keeps it, the topic it replaces, its urgency. */
export type PushHeaders = {
  ttlSeconds: number;
  topic: string;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
};

/**
 * What the push service answered: it took the message; the device is gone (404, 410: the only
 * answers that end a subscription); a passing failure (429, 5xx, no answer) worth a later try,
 * with the wait the service asked for; or a refusal that another try would meet again.
 */
export type PushOutcome =
  | { kind: 'sent'; status: number }
  | { kind: 'gone'; status: number }
  | { kind: 'retry'; status: number | null; retryAfterMs: number | null; reason: string }
  | { kind: 'refused'; status: number | null; reason: string };

/** A push service that has not answered in this long is tried again later. */
const SEND_TIMEOUT_MS = 10_000;

/** The wait a Retry-After header asks for: seconds, or an HTTP date. */
function retryAfterMs(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\s*[0-9]+\s*$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * Sends one encrypted push (aes128gcm, RFC 8291) signed with the portal's VAPID key: the web-push
 * library writes the request, and it is posted here so that only an address PUSH_SERVICE_HOSTS
 * allows is ever called, without following a redirect, within SEND_TIMEOUT_MS.
 */
export async function sendPush(
  target: PushTarget,
  message: PushMessage,
  headers: PushHeaders,
  vapid: VapidDetails,
  hosts: readonly PushServiceHost[],
): Promise<PushOutcome> {
  const refusal = pushEndpointRefusal(target.endpoint, hosts);
  if (refusal) return { kind: 'refused', status: null, reason: refusal };
  let request: ReturnType<typeof webPush.generateRequestDetails>;
  try {
    request = webPush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      JSON.stringify(message),
      {
        vapidDetails: vapid,
        TTL: headers.ttlSeconds,
        topic: headers.topic,
        urgency: headers.urgency,
        contentEncoding: 'aes128gcm',
      },
    );
  } catch (error) {
    // Keys the library cannot encrypt for: no later try would do better.
    return { kind: 'refused', status: null, reason: (error as Error).message };
  }
  const requestHeaders = Object.fromEntries(
    Object.entries(request.headers)
      // The body's length is fetch's to write.
      .filter(([name]) => name.toLowerCase() !== 'content-length')
      .map(([name, value]) => [name, String(value)]),
  );
  let response: Response;
  try {
    response = await fetch(request.endpoint, {
      method: 'POST',
      headers: requestHeaders,
      body: request.body ? new Uint8Array(request.body) : null,
      redirect: 'manual',
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return { kind: 'retry', status: null, retryAfterMs: null, reason: cause ?? (error as Error).name };
  }
  // The answer's text is of no use: the connection is let go without reading it.
  await response.body?.cancel().catch(() => undefined);
  const status = response.status;
  if (status >= 200 && status < 300) return { kind: 'sent', status };
  if (status === 404 || status === 410) return { kind: 'gone', status };
  if (status === 429 || status === 408 || status >= 500)
    return {
      kind: 'retry',
      status,
      retryAfterMs: retryAfterMs(response.headers.get('retry-after')),
      reason: `the push service answered ${status}`,
    };
  return { kind: 'refused', status, reason: `the push service answered ${status}` };
}
