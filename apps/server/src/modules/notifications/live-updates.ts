import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerResponse } from 'node:http';
import type { DatabaseHandle } from '../../db/client';
import { SESSION_COOKIE } from '../../lib/session-cookie';
import { findSession, sessionLifetime } from '../auth/session.service';
import { unreadCount } from './notifications.service';
import { LIVE_CHANNEL } from './notify.service';

/** A comment line every so often keeps proxies from closing a quiet stream, and checks the session is still valid. */
const HEARTBEAT_MS = 25_000;
/** A stream ends after this long; the browser opens a new one at once, which passes the access checks again. */
const STREAM_LIFETIME_MS = 30 * 60_000;
/** Changes that arrive together reach a tab as one count. */
const COALESCE_MS = 50;
/** More open streams than this for one person (a browser shares one among its tabs): the oldest is closed. */
const STREAMS_PER_USER = 12;
/** How long a stream closed for a newer one waits before its browser asks again (a reload asks at once). */
const REPLACED_RETRY_MS = 60 * 60_000;

type Stream = {
  userId: string;
  response: ServerResponse;
  close: (retryMs?: number) => void;
  /** Checks the stream's session now: ended (signed out, the account deactivated), the stream closes. */
  check: () => void;
};

/** The channel the database tells on, when a statement ended sessions, whose they were (or '*'). */
const SESSIONS_ENDED_CHANNEL = 'cosa_sessions_ended';

/**
 * This process's open notification streams: it listens on LIVE_CHANNEL (every process does; on
 * PostgreSQL the change may come from another process) and sends each person's tabs their
 * unread count when it changes.
 */
export class LiveUpdates {
  private readonly streams = new Map<string, Set<Stream>>();
  private readonly due = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private stopListening: (() => Promise<void>) | undefined;
  private stopListeningForEnds: (() => Promise<void>) | undefined;

  constructor(private readonly app: FastifyInstance) {}

  async start(listen: DatabaseHandle['listen']): Promise<void> {
    const lost = (error: unknown) =>
      this.app.log.warn(
        { err: error },
        'the live-update connection to the database was lost; connecting again',
      );
    this.stopListening = await listen(LIVE_CHANNEL, (payload) => this.changed(payload), lost);
    this.stopListeningForEnds = await listen(
      SESSIONS_ENDED_CHANNEL,
      (payload) => this.sessionsEnded(payload),
      lost,
    );
  }

  /** Sessions of these people ended: each of their streams checks its own at once. */
  private sessionsEnded(payload: string): void {
    const ids = payload === '*' ? [...this.streams.keys()] : payload.split(',');
    for (const id of ids) for (const stream of this.streams.get(id) ?? []) stream.check();
  }

  /** The number of open streams, for the health of the process. */
  get size(): number {
    let n = 0;
    for (const set of this.streams.values()) n += set.size;
    return n;
  }

  private changed(payload: string): void {
    const ids = payload === '*' ? [...this.streams.keys()] : payload.split(',');
    for (const id of ids) if (this.streams.has(id)) this.due.add(id);
    if (this.due.size > 0 && !this.timer) this.timer = setTimeout(() => void this.flush(), COALESCE_MS);
  }

  private async flush(): Promise<void> {
    this.timer = undefined;
    const ids = [...this.due];
    this.due.clear();
    for (const id of ids) {
      const streams = this.streams.get(id);
      if (!streams) continue;
      try {
        const unread = await unreadCount(this.app.deps.db, id);
        for (const stream of streams) send(stream.response, unread);
      } catch (error) {
        this.app.log.warn({ err: error }, 'the unread count of a live stream could not be read');
      }
    }
  }

  /** Opens a stream for the signed-in request: its current count at once, then each change. */
  async open(request: FastifyRequest, reply: FastifyReply, userId: string): Promise<void> {
    const unread = await unreadCount(this.app.deps.db, userId);
    reply.hijack();
    const response = reply.raw;
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      // nginx and similar proxies would otherwise hold the events back in their buffer.
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
      'x-request-id': request.id,
    });
    response.write('retry: 3000\n\n');
    send(response, unread);

    const token = request.cookies[SESSION_COOKIE];
    const lifetime = sessionLifetime(this.app.deps.config);
    let closed = false;
    const stream: Stream = {
      userId,
      response,
      check: () => checkSession(),
      close: (retryMs) => {
        if (closed) return;
        closed = true;
        // The browser reconnects after `retry`: a stream pushed out by newer ones waits long, instead of pushing another out at once.
        if (retryMs) response.write(`retry: ${retryMs}\n\n`);
        clearInterval(heartbeat);
        clearTimeout(expiry);
        const set = this.streams.get(userId);
        set?.delete(stream);
        if (set && set.size === 0) this.streams.delete(userId);
        response.end();
      },
    };
    // A session that ended (signed out, expired, the account deactivated) ends its streams: at
    // once when the database tells of it, and at each heartbeat otherwise. An open tab is not
    // someone using the portal: the check does not keep an idle session alive.
    const checkSession = (ping = false) => {
      void (
        token ? findSession(this.app.deps.db, token, lifetime, new Date(), false) : Promise.resolve(null)
      )
        .then((found) => {
          if (!found || found.user.id !== userId) stream.close();
          else if (ping && !closed) response.write(': ping\n\n');
        })
        .catch(() => undefined);
    };
    const heartbeat = setInterval(() => checkSession(true), HEARTBEAT_MS);
    const expiry = setTimeout(() => stream.close(), STREAM_LIFETIME_MS);
    response.on('close', () => stream.close());

    const set = this.streams.get(userId) ?? new Set<Stream>();
    this.streams.set(userId, set);
    set.add(stream);
    if (set.size > STREAMS_PER_USER) set.values().next().value?.close(REPLACED_RETRY_MS);
  }

  /** Ends every stream and stops listening: the process is stopping. */
  async stop(): Promise<void> {
    clearTimeout(this.timer);
    for (const set of [...this.streams.values()]) for (const stream of [...set]) stream.close();
    await this.stopListening?.();
    await this.stopListeningForEnds?.();
  }
}

function send(response: ServerResponse, unread: number): void {
  response.write(`event: unread\ndata: ${JSON.stringify({ unread })}\n\n`);
}
