import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerResponse } from 'node:http';
import type { DatabaseHandle } from '../../db/client';
import { SESSION_COOKIE } from '../../lib/session-cookie';
import { findSession, sessionLifetime } from '../auth/session.service';
import { normalizeRole, QUEUE_DECIDER_ROLES } from '@cosa/contracts';
import { unreadCount, unreadQueueHolders, type SettleQueueNotices } from './notifications.service';
import { announceLive, LIVE_CHANNEL } from './notify.service';

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
  /** Whether the person decides a queue: only their streams hear that a queue changed. */
  reviewer: boolean;
  response: ServerResponse;
  close: (retryMs?: number) => void;
  /** Checks the stream's session now: ended (signed out, the account deactivated), the stream closes. */
  check: () => void;
};

/** The channel the database tells on, when a statement ended sessions, whose they were (or '*'). */
const SESSIONS_ENDED_CHANNEL = 'cosa_sessions_ended';
/**
 * The channel the queues' tables tell on when a statement changed them (a trigger, whoever made
 * the change): the reviewers' open tabs count their queues again (decision 0022).
 */
const QUEUES_CHANNEL = 'cosa_queues';

/** The queues whose items each table holds (a catalogue skill declined declines its claims too). */
const QUEUES_OF_TABLE: Record<string, readonly string[]> = {
  user_skills: ['user-skills'],
  skills: ['skills', 'user-skills'],
  achievements: ['achievements'],
  position_holders: ['positions'],
  feedback: ['feedback'],
  room_bookings: ['bookings'],
  fact_corrections: ['corrections'],
  student_id_conflicts: ['student-ids'],
};
/** Changes of the queues that arrive together are settled in one pass. */
const SETTLE_COALESCE_MS = 100;

/**
 * This process's open notification streams: it listens on LIVE_CHANNEL (every process does; on
 * PostgreSQL the change may come from another process) and sends each person's tabs their
 * unread count when it changes.
 */
export class LiveUpdates {
  private readonly streams = new Map<string, Set<Stream>>();
  /** The people whose tabs are told next, with the kinds of what arrived for them. */
  private readonly due = new Map<string, Set<string>>();
  /** The queues changed since the last settling pass, and the timer of the next. */
  private readonly changedQueues = new Set<string>();
  private settleTimer: NodeJS.Timeout | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopListening: (() => Promise<void>) | undefined;
  private stopListeningForEnds: (() => Promise<void>) | undefined;
  private stopListeningForQueues: (() => Promise<void>) | undefined;

  constructor(
    private readonly app: FastifyInstance,
    private readonly settle: SettleQueueNotices,
  ) {}

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
    this.stopListeningForQueues = await listen(
      QUEUES_CHANNEL,
      (table) => this.queuesChanged(table),
      lost,
    );
  }

  /**
   * A queue's items changed (`table` says which): the notices of the queues it holds settle for
   * everyone who has one unread, tab open or not (so a digest never mails an emptied queue), and
   * every reviewer with an open tab hears it as a queue notice would. Every process does it; the
   * settling is a conditional update, so the second finds nothing left to do.
   */
  private queuesChanged(table: string): void {
    for (const queue of QUEUES_OF_TABLE[table] ?? []) this.changedQueues.add(queue);
    this.settleTimer ??= setTimeout(() => void this.settleQueues(), SETTLE_COALESCE_MS);
  }

  private async settleQueues(): Promise<void> {
    this.settleTimer = undefined;
    const queues = [...this.changedQueues];
    this.changedQueues.clear();
    try {
      const { db } = this.app.deps;
      for (const id of await unreadQueueHolders(db, queues))
        if (await this.settle(id, queues)) await announceLive(db, [id]);
    } catch (error) {
      this.app.log.warn({ err: error }, 'the notices of a changed queue could not be settled');
    }
    const ids = [...this.streams.entries()]
      .filter(([, set]) => [...set].some((stream) => stream.reviewer))
      .map(([id]) => id);
    if (ids.length > 0) this.changed(`queue|${ids.join(',')}`);
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
    const bar = payload.indexOf('|');
    const kind = bar >= 0 ? payload.slice(0, bar) : null;
    const listed = bar >= 0 ? payload.slice(bar + 1) : payload;
    const ids = listed === '*' ? [...this.streams.keys()] : listed.split(',');
    for (const id of ids) {
      if (!this.streams.has(id)) continue;
      const kinds = this.due.get(id) ?? new Set<string>();
      if (kind) kinds.add(kind);
      this.due.set(id, kinds);
    }
    if (this.due.size > 0 && !this.timer) this.timer = setTimeout(() => void this.flush(), COALESCE_MS);
  }

  private async flush(): Promise<void> {
    this.timer = undefined;
    const due = [...this.due];
    this.due.clear();
    const { db } = this.app.deps;
    for (const [id, kinds] of due) {
      const streams = this.streams.get(id);
      if (!streams) continue;
      try {
        // A queue that emptied settles its notice before the count is told (decision 0022).
        if (kinds.has('queue')) await this.settle(id);
        const unread = await unreadCount(db, id);
        for (const stream of streams) send(stream.response, unread, [...kinds]);
      } catch (error) {
        this.app.log.warn({ err: error }, 'the unread count of a live stream could not be read');
      }
    }
  }

  /** Opens a stream for the signed-in request: its current count at once, then each change. */
  async open(
    request: FastifyRequest,
    reply: FastifyReply,
    user: { id: string; role: string },
  ): Promise<void> {
    const userId = user.id;
    await this.settle(userId);
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
    send(response, unread, []);

    const token = request.cookies[SESSION_COOKIE];
    const lifetime = sessionLifetime(this.app.deps.config);
    let closed = false;
    const stream: Stream = {
      userId,
      reviewer: QUEUE_DECIDER_ROLES.includes(normalizeRole(user.role)),
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
    clearTimeout(this.settleTimer);
    for (const set of [...this.streams.values()]) for (const stream of [...set]) stream.close();
    await this.stopListening?.();
    await this.stopListeningForEnds?.();
    await this.stopListeningForQueues?.();
  }
}

/** The count, and the kinds of the notifications that arrived ('queue' also when a queue changed), for open pages to refresh. */
function send(response: ServerResponse, unread: number, kinds: string[]): void {
  const data = kinds.length > 0 ? { unread, kinds } : { unread };
  response.write(`event: unread\ndata: ${JSON.stringify(data)}\n\n`);
}
