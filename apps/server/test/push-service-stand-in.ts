import {
  createDecipheriv,
  createECDH,
  createHmac,
  createPublicKey,
  randomBytes,
  verify,
} from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A push service on loopback that speaks the Web Push protocol as a browser's would (RFC 8030,
 * 8291, 8292): it takes a POST to a device's push address, checks its VAPID signature (ES256 JWT
 * whose audience is this service's origin, signed by the key in `k`, the key the device subscribed
 * with), decrypts the aes128gcm payload with the device's own private key and auth secret, and
 * records what arrived. It can be told to answer a device 404, 410, 429 or 500 instead.
 */

/** A browser's subscription to this service, with the secrets only the device holds. */
export type StandInDevice = {
  /** What the browser's PushSubscription.toJSON() gives: the body of POST /api/me/push-devices. */
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  id: string;
  privateKey: Buffer;
  publicKey: Buffer;
  authSecret: Buffer;
  /** The applicationServerKey it subscribed with: a push signed by another key is refused (403). */
  serverKey: string;
};

/** One request that reached the service: its headers, and the decrypted message when it was valid. */
export type ReceivedPush = {
  deviceId: string;
  status: number;
  ttl: string | undefined;
  topic: string | undefined;
  urgency: string | undefined;
  /** The payload as the device decrypted it, parsed as JSON; undefined when refused. */
  message: unknown;
  /** Why it was refused, when the request itself was wrong. */
  problem?: string;
  vapid?: { aud: unknown; sub: unknown; exp: unknown; k: string };
};

/** An answer the service is told to give: its status, a Retry-After, and how long it keeps the sender waiting first. */
type Answer = { status: number; retryAfter?: string; hangMs?: number };

export type PushServiceStandIn = {
  origin: string;
  /** host:port, as PUSH_SERVICE_HOSTS lists it. */
  host: string;
  received: ReceivedPush[];
  device(serverKey: string): StandInDevice;
  /** The next requests to this device are answered these, in turn; then 201 again (or the last, with `always`). */
  answer(device: StandInDevice, answers: (number | Answer)[], options?: { always?: boolean }): void;
  receivedBy(device: StandInDevice): ReceivedPush[];
  /**
   * What waits at the service for a device that is off (RFC 8030 section 5.4): each message it
   * took, a newer one of the same Topic replacing the older.
   */
  waiting(device: StandInDevice): ReceivedPush[];
  waitFor(device: StandInDevice, count: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
};

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 section 3.4 and RFC 8188 section 2: the device's decryption of one aes128gcm message. */
function decryptPush(
  body: Buffer,
  device: Pick<StandInDevice, 'privateKey' | 'publicKey' | 'authSecret'>,
): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const senderKey = body.subarray(21, 21 + idLength);
  const records = body.subarray(21 + idLength);
  if (idLength !== 65 || senderKey[0] !== 0x04) throw new Error('the key id is no P-256 public key');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(device.privateKey);
  const sharedSecret = ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), device.publicKey, senderKey]);
  const ikm = hmac(hmac(device.authSecret, sharedSecret), Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'binary')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'binary')).subarray(0, 12);
  const plain: Buffer[] = [];
  for (let offset = 0, sequence = 0; offset < records.length; offset += recordSize, sequence += 1) {
    const record = records.subarray(offset, Math.min(offset + recordSize, records.length));
    const iv = Buffer.from(nonce);
    // The record's sequence number XORed into the nonce's end (96 bits; a count this small fits its last 32).
    iv.writeUInt32BE((iv.readUInt32BE(8) ^ sequence) >>> 0, 8);
    const decipher = createDecipheriv('aes-128-gcm', cek, iv);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const data = Buffer.concat([
      decipher.update(record.subarray(0, record.length - 16)),
      decipher.final(),
    ]);
    // Padding: a delimiter (2 in the last record, 1 before) then zeros.
    let end = data.length - 1;
    while (end >= 0 && data[end] === 0) end -= 1;
    const last = offset + recordSize >= records.length;
    if (data[end] !== (last ? 2 : 1)) throw new Error('the record has no padding delimiter');
    plain.push(data.subarray(0, end));
  }
  return Buffer.concat(plain);
}

/** RFC 8292: `vapid t=<JWT>, k=<key>`, the JWT signed ES256 by the key; its claims. */
function checkVapid(header: string | undefined, origin: string, serverKey: string) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${header}`);
  const [, token, k] = match as unknown as [string, string, string];
  const [head, claims, signature] = token.split('.') as [string, string, string];
  const point = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('the VAPID signature does not verify');
  const header_ = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: string };
  const payload = JSON.parse(Buffer.from(claims, 'base64url').toString()) as Record<string, unknown>;
  if (header_.alg !== 'ES256') throw new Error('the VAPID token is not ES256');
  if (payload.aud !== origin) throw new Error(`the VAPID audience is ${String(payload.aud)}`);
  const now = Date.now() / 1000;
  if (typeof payload.exp !== 'number' || payload.exp < now || payload.exp > now + 24 * 3600)
    throw new Error('the VAPID token expires outside the next 24 hours');
  if (typeof payload.sub !== 'string' || !/^(mailto:|https:)/.test(payload.sub))
    throw new Error('the VAPID subject is no mailto: or https: address');
  return { aud: payload.aud, sub: payload.sub, exp: payload.exp, k, mismatched: k !== serverKey };
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Starts the stand-in on 127.0.0.1 at `port`, by default a free one. */
export async function startPushServiceStandIn(port = 0): Promise<PushServiceStandIn> {
  const devices = new Map<string, StandInDevice>();
  const answers = new Map<string, { queue: Answer[]; always: boolean }>();
  const received: ReceivedPush[] = [];
  const held = new Map<string, ReceivedPush[]>();
  let origin = '';

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const id = /^\/push\/([A-Za-z0-9_-]+)$/.exec(request.url ?? '')?.[1] ?? '';
    const device = devices.get(id);
    const body = await bodyOf(request);
    const header = (name: string) => request.headers[name] as string | undefined;
    const entry: ReceivedPush = {
      deviceId: id,
      status: 201,
      ttl: header('ttl'),
      topic: header('topic'),
      urgency: header('urgency'),
      message: undefined,
    };
    const refuse = (status: number, problem: string) => {
      entry.status = status;
      entry.problem = problem;
    };
    if (request.method !== 'POST') refuse(405, `method ${request.method}`);
    else if (!device) refuse(404, 'no such device');
    else if (!/^[0-9]+$/.test(entry.ttl ?? '')) refuse(400, 'no TTL header');
    else if (header('content-encoding') !== 'aes128gcm') refuse(415, 'not aes128gcm');
    else if (entry.urgency && !['very-low', 'low', 'normal', 'high'].includes(entry.urgency))
      refuse(400, `urgency ${entry.urgency}`);
    else if (entry.topic && !/^[A-Za-z0-9_-]{1,32}$/.test(entry.topic))
      refuse(400, `topic ${entry.topic}`);
    else {
      try {
        const vapid = checkVapid(header('authorization'), origin, device.serverKey);
        entry.vapid = { aud: vapid.aud, sub: vapid.sub, exp: vapid.exp, k: vapid.k };
        if (vapid.mismatched) refuse(403, 'signed by another key than the device subscribed with');
        else entry.message = JSON.parse(decryptPush(body, device).toString('utf8'));
      } catch (error) {
        refuse(400, (error as Error).message);
      }
    }
    const planned = answers.get(id);
    const next = planned ? (planned.always ? planned.queue[0] : planned.queue.shift()) : undefined;
    if (entry.status === 201 && next) entry.status = next.status;
    received.push(entry);
    if (entry.status === 201) {
      const kept = (held.get(id) ?? []).filter((push) => !entry.topic || push.topic !== entry.topic);
      held.set(id, [...kept, entry]);
    }
    // Taken, then answered late: the sender's wait is what is tried.
    if (next?.hangMs) await new Promise((resolve) => setTimeout(resolve, next.hangMs));
    if (next?.retryAfter && entry.status === next.status)
      response.setHeader('retry-after', next.retryAfter);
    if (entry.status === 201) response.setHeader('location', `${origin}/message/${received.length}`);
    response.writeHead(entry.status).end(entry.problem ?? '');
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const listening = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${listening}`;

  const receivedBy = (device: StandInDevice) => received.filter((push) => push.deviceId === device.id);
  return {
    origin,
    host: `127.0.0.1:${listening}`,
    received,
    device(serverKey) {
      const ecdh = createECDH('prime256v1');
      const publicKey = ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const id = randomBytes(12).toString('base64url');
      const device: StandInDevice = {
        id,
        privateKey: ecdh.getPrivateKey(),
        publicKey,
        authSecret,
        serverKey,
        subscription: {
          endpoint: `${origin}/push/${id}`,
          expirationTime: null,
          keys: { p256dh: publicKey.toString('base64url'), auth: authSecret.toString('base64url') },
        },
      };
      devices.set(id, device);
      return device;
    },
    answer(device, planned, options = {}) {
      answers.set(device.id, {
        queue: planned.map((answer) => (typeof answer === 'number' ? { status: answer } : answer)),
        always: options.always ?? false,
      });
    },
    receivedBy,
    waiting: (device) => held.get(device.id) ?? [],
    async waitFor(device, count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (receivedBy(device).length < count && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      return receivedBy(device);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
