import {
  CHECK_IN_BATCH_MAX,
  CheckInScanSchema,
  type CheckInResult,
  type CheckInScan,
} from '@cosa/contracts';
import { ApiError } from '../../../lib/api-client';

/*
 * The door's scans, kept on the device until the server has answered them. Each scan gets its own
 * id before it is stored, so sending it again after a dropped connection never counts it twice:
 * the server answers a known id as it did the first time. A scan leaves the device only once the
 * server answered it; a failed sync is tried again after a pause and as soon as the browser is
 * back online.
 */

/** A scan as the device keeps it: what the door sees of it until the answer comes (`label`). */
export type QueuedScan = CheckInScan & { scanId: string; scannedAt: string; label: string };
export type ScanAnswer = CheckInResult['results'][number] & { label: string };

/** What the door shows: the newest scan (answered, waiting, or refused on the device), and the sync. */
export type Latest =
  | { kind: 'answer'; answer: ScanAnswer }
  | { kind: 'waiting'; scan: QueuedScan }
  | { kind: 'unreadable'; label: string };

export type QueueState = {
  pending: readonly QueuedScan[];
  /** Answers, newest first (the last RECENT_ANSWERS). */
  answers: readonly ScanAnswer[];
  latest: Latest | null;
  counts: { checkedIn: number; confirmed: number } | null;
  syncing: boolean;
  /** The last sync could not reach the server: it is tried again by itself. */
  offline: boolean;
  /** The server refused the scans (the event was cancelled, the person is no longer an organiser): tried again only when asked. */
  refusal: string | null;
};

type Send = (scans: CheckInScan[]) => Promise<CheckInResult>;

const RECENT_ANSWERS = 20;
/** Pauses before the next try after failed syncs in a row; the last repeats. */
const RETRY_DELAYS_MS = [1_000, 3_000, 10_000, 30_000];

/** The browser's storage, or null where it is refused (private modes, a full quota). */
function deviceStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

const isStored = (value: unknown): value is QueuedScan =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as QueuedScan).label === 'string' &&
  CheckInScanSchema.safeParse(sendable(value as QueuedScan)).success;

const sendable = ({ label: _label, ...scan }: QueuedScan): CheckInScan => scan;

/** The scans of one event's door on this device, for one signed-in person. */
export class CheckInQueue {
  private state: QueueState;
  private readonly listeners = new Set<() => void>();
  private failures = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  /** False once the device refused to store a scan: from then on they are kept in memory only. */
  private storing: boolean;

  constructor(
    private readonly storageKey: string,
    private readonly send: Send,
    private readonly storage: Storage | null = deviceStorage(),
    /** Scans kept only in memory, where the device refuses to store them. */
    private memory: QueuedScan[] = [],
  ) {
    this.storing = storage !== null;
    this.state = {
      pending: this.read(),
      answers: [],
      latest: null,
      counts: null,
      syncing: false,
      offline: false,
      refusal: null,
    };
  }

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  readonly getState = () => this.state;

  /** Listens for the connection coming back and sends what an earlier visit left. */
  start(): () => void {
    this.stopped = false;
    const online = () => this.retry();
    window.addEventListener('online', online);
    void this.sync();
    return () => {
      this.stopped = true;
      window.removeEventListener('online', online);
      if (this.timer) clearTimeout(this.timer);
      this.timer = null;
    };
  }

  /** Stores a scan on the device, then sends it; one the server could not take is refused here. */
  add(scan: Omit<CheckInScan, 'scanId' | 'scannedAt'>, label: string): void {
    const queued: QueuedScan = {
      ...scan,
      scanId: crypto.randomUUID(),
      scannedAt: new Date().toISOString(),
      label,
    };
    if (!CheckInScanSchema.safeParse(sendable(queued)).success) {
      this.set({ latest: { kind: 'unreadable', label } });
      return;
    }
    this.set({
      pending: this.update((stored) => [...stored, queued]),
      latest: { kind: 'waiting', scan: queued },
    });
    void this.sync();
  }

  /** Tries again now (after a refusal, or without waiting for the pause). */
  retry(): void {
    this.failures = 0;
    this.set({ refusal: null });
    void this.sync();
  }

  /** Sends the waiting scans, a batch at a time, until none is left or a batch fails. */
  async sync(): Promise<void> {
    if (this.state.syncing || this.stopped || this.state.refusal) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.state.pending.slice(0, CHECK_IN_BATCH_MAX);
    if (batch.length === 0) return;
    this.set({ syncing: true });
    try {
      const result = await this.send(batch.map(sendable));
      this.failures = 0;
      // An answer that names none of the scans sent would have the loop send them for ever.
      if (!this.answered(batch, result)) {
        this.set({ refusal: 'The server did not answer these scans.' });
        return;
      }
    } catch (error) {
      this.failed(error);
      return;
    } finally {
      this.set({ syncing: false });
    }
    void this.sync();
  }

  /** Records the answers; false when none was for a scan of the batch. */
  private answered(batch: QueuedScan[], result: CheckInResult): boolean {
    const labels = new Map(batch.map((scan) => [scan.scanId, scan.label]));
    const answers = result.results.map((each) => ({ ...each, label: labels.get(each.scanId) ?? '' }));
    const done = new Set(answers.map((answer) => answer.scanId));
    if (!batch.some((scan) => done.has(scan.scanId))) return false;
    const pending = this.update((stored) => stored.filter((scan) => !done.has(scan.scanId)));
    const newest = answers.at(-1);
    const latest = this.state.latest;
    // The newest answer shows, unless a newer scan is already waiting for its own.
    const stillWaiting = latest?.kind === 'waiting' && !done.has(latest.scan.scanId);
    this.set({
      pending,
      answers: [...answers.reverse(), ...this.state.answers].slice(0, RECENT_ANSWERS),
      counts: { checkedIn: result.checkedIn, confirmed: result.confirmed },
      offline: false,
      ...(newest && !stillWaiting ? { latest: { kind: 'answer' as const, answer: newest } } : {}),
    });
    return true;
  }

  private failed(error: unknown): void {
    const transient =
      !(error instanceof ApiError) || error.status === 0 || error.status === 429 || error.status >= 500;
    if (!transient) {
      this.set({ refusal: error.message, offline: false });
      return;
    }
    this.set({ offline: true });
    const delay = RETRY_DELAYS_MS[Math.min(this.failures, RETRY_DELAYS_MS.length - 1)]!;
    this.failures += 1;
    if (!this.stopped) this.timer = setTimeout(() => void this.sync(), delay);
  }

  private set(change: Partial<QueueState>): void {
    this.state = { ...this.state, ...change };
    for (const listener of this.listeners) listener();
  }

  /** The stored scans, read again each time: another tab of the same door may have changed them. */
  private read(): QueuedScan[] {
    if (!this.storing || !this.storage) return this.memory;
    try {
      const parsed: unknown = JSON.parse(this.storage.getItem(this.storageKey) ?? '[]');
      return Array.isArray(parsed) ? parsed.filter(isStored) : [];
    } catch {
      return this.memory;
    }
  }

  private update(change: (stored: QueuedScan[]) => QueuedScan[]): QueuedScan[] {
    const next = change(this.read());
    this.memory = next;
    if (!this.storing || !this.storage) return next;
    try {
      if (next.length === 0) this.storage.removeItem(this.storageKey);
      else this.storage.setItem(this.storageKey, JSON.stringify(next));
    } catch {
      // The device refused to store it (a full quota): the scans stay in memory while the page is open.
      this.storing = false;
    }
    return next;
  }
}

/** Where one person's scans for one event are kept on the device. */
export const queueKeyOf = (userId: string, eventId: string) => `cosa.check-in.v1.${userId}.${eventId}`;
