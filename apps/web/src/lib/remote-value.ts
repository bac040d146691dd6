import { useEffect, useSyncExternalStore } from 'react';
import { ApiError } from './api-client';

/** One answer of the API as a component sees it, shaped as a TanStack Query result is. */
export type RemoteState<T> = {
  data: T | undefined;
  error: unknown;
  /** Nothing loaded yet, and no failure either. */
  isPending: boolean;
  /** The last load failed (`data` keeps what an earlier one brought). */
  isError: boolean;
  /** A load is on its way. */
  isFetching: boolean;
};

/** How a value loads again after a failure: how many more tries, and the wait before each. */
export type RetryPolicy = { retries: number; delayMs: (attempt: number) => number };

/** Two more tries after 1 and 2 seconds, for a network failure or a 5xx; never for a 4xx. */
export const RETRY_TWICE: RetryPolicy = { retries: 2, delayMs: (attempt) => 1000 * 2 ** attempt };
export const NO_RETRY: RetryPolicy = { retries: 0, delayMs: () => 0 };

const retryable = (error: unknown) =>
  !(error instanceof ApiError && error.status < 500 && error.status >= 400);

/**
 * A value the shell reads from the API (the session, the public settings): loaded once and shared
 * by every component that reads it, loaded again on request, and set directly when an answer
 * elsewhere says what it is now. The shell keeps these without a query library, which only the
 * pages that need it load.
 */
export class RemoteValue<T> {
  private state: RemoteState<T> = {
    data: undefined,
    error: null,
    isPending: true,
    isError: false,
    isFetching: false,
  };
  private readonly listeners = new Set<() => void>();
  private loading: Promise<void> | null = null;
  private loadedAt = 0;
  /** Counts the values set directly: a load that began before one brings older news, and is dropped. */
  private sets = 0;

  constructor(
    private readonly load: () => Promise<T>,
    private readonly retry: RetryPolicy,
  ) {}

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly get = (): RemoteState<T> => this.state;

  private update(next: Partial<RemoteState<T>>) {
    this.state = { ...this.state, ...next };
    for (const listener of this.listeners) listener();
  }

  /** Sets the value from another answer (a sign-in, a sign-out), ending any failure. */
  set(data: T): void {
    this.sets += 1;
    this.loadedAt = Date.now();
    this.update({ data, error: null, isPending: false, isError: false });
  }

  /** Loads the value again; a load already on its way is shared, not repeated. */
  refresh(): Promise<void> {
    this.loading ??= this.fetchWithRetries();
    return this.loading;
  }

  /**
   * Loads the value if nothing is loaded yet, or if what is loaded is older than `staleMs`. A
   * failure is not retried here: the reader offers to try again (refresh).
   */
  ensure(staleMs: number): void {
    if (this.loading || this.state.isError) return;
    if (this.state.isPending || Date.now() - this.loadedAt > staleMs) void this.refresh();
  }

  /** Ends a load: a reader that the news sets going may load again at once. */
  private finish(next: Partial<RemoteState<T>>) {
    this.loading = null;
    this.update({ ...next, isFetching: false });
  }

  private async fetchWithRetries(): Promise<void> {
    this.update({ isFetching: true });
    const setsBefore = this.sets;
    for (let attempt = 0; ; attempt += 1) {
      try {
        const data = await this.load();
        if (this.sets !== setsBefore) return this.finish({});
        this.loadedAt = Date.now();
        return this.finish({ data, error: null, isPending: false, isError: false });
      } catch (error) {
        if (this.sets !== setsBefore) return this.finish({});
        if (attempt >= this.retry.retries || !retryable(error))
          return this.finish({ error, isPending: false, isError: true });
        await new Promise((resolve) => setTimeout(resolve, this.retry.delayMs(attempt)));
      }
    }
  }
}

/** Reads a remote value in a component, loading it when it is missing or older than `staleMs`. */
export function useRemoteValue<T>(value: RemoteValue<T>, staleMs: number) {
  const state = useSyncExternalStore(value.subscribe, value.get);
  useEffect(() => value.ensure(staleMs), [value, staleMs]);
  return { ...state, refetch: () => value.refresh() };
}
