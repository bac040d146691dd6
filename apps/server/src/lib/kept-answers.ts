/*
 * Answers everyone of a kind shares, kept a short while in the server's memory (decisions 0030 and
 * 0034). An answer is served while the version it was computed from still holds (a tally the
 * database's triggers raise on every change of what it shows, read before computing) and for a
 * bounded time at most, for what changes with the clock alone. The kept answers of one database
 * hold a bounded number of characters of JSON; past it, the least recently read go first.
 */

type Kept<T> = { version: string; until: number; answer: T; size: number };
type Store<T> = { entries: Map<string, Kept<T>>; characters: number };

/** Answers of one kind kept for one database. */
export type KeptAnswers<T> = {
  /** The kept answer to `key`, when it was computed from `version` and has not run out. */
  find(key: string, version: string, now?: number): T | null;
  /** The answer last kept for `key`, whatever it was computed from: what a request may check. */
  latest(key: string): T | null;
  /**
   * Keeps the answer to `key`, computed after `version` was read. It is frozen: every reader
   * shares the same objects.
   */
  keep(key: string, version: string, answer: T, now?: number): void;
};

/** Freezes an answer and everything in it, so that no reader may change what others are served. */
function frozen<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  for (const inner of Object.values(value)) frozen(inner);
  return Object.freeze(value);
}

/**
 * A keeper of answers: for each database (a test's, a server's), its own store, served for `forMs`
 * at most and holding `characters` of JSON at most; one answer may take `largestShare` of them (a
 * quarter unless told: a store of one answer may let it take all).
 */
export function answerKeeper<T>({
  forMs,
  characters,
  largestShare = 1 / 4,
}: {
  forMs: number;
  characters: number;
  largestShare?: number;
}) {
  const stores = new WeakMap<object, Store<T>>();

  const drop = (store: Store<T>, key: string) => {
    const found = store.entries.get(key);
    if (!found) return;
    store.entries.delete(key);
    store.characters -= found.size;
  };

  return (db: object): KeptAnswers<T> => {
    let store = stores.get(db);
    if (!store) stores.set(db, (store = { entries: new Map(), characters: 0 }));
    const own = store;
    return {
      find(key, version, now = Date.now()) {
        const found = own.entries.get(key);
        if (!found) return null;
        drop(own, key);
        if (found.version !== version || found.until <= now) return null;
        // Read last: the least recently read answer is the first to go.
        own.entries.set(key, found);
        own.characters += found.size;
        return found.answer;
      },
      latest: (key) => own.entries.get(key)?.answer ?? null,
      keep(key, version, answer, now = Date.now()) {
        drop(own, key);
        const size = JSON.stringify(answer).length + key.length;
        if (size > characters * largestShare) return;
        // Answers that ran out or were outdated go first, then the least recently read.
        for (const [other, entry] of own.entries)
          if (entry.version !== version || entry.until <= now) drop(own, other);
        for (const other of own.entries.keys()) {
          if (own.characters + size <= characters) break;
          drop(own, other);
        }
        own.entries.set(key, { version, until: now + forMs, answer: frozen(answer), size });
        own.characters += size;
      },
    };
  };
}

/** A query's own key: its kind and every field it holds, in a fixed order. */
export const keyOfQuery = (kind: string, ...parts: unknown[]) =>
  JSON.stringify([
    kind,
    ...parts.map((part) =>
      part !== null && typeof part === 'object'
        ? Object.entries(part).sort(([a], [b]) => a.localeCompare(b))
        : part,
    ),
  ]);
