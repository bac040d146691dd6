/** The 'unread' counts a server-sent event stream delivers, as they arrive. */
export type UnreadStream = {
  status: number;
  contentType: string | null;
  counts: number[];
  /** The kinds each event named (what arrived), in step with counts; empty for a bare count. */
  kinds: string[][];
  /**
   * Resolves once a count satisfying `wanted` is among the counts from index `from` on (all by
   * default; counts.length for the next ones only), rejecting after timeoutMs.
   */
  waitFor(
    wanted: (count: number) => boolean,
    options?: { timeoutMs?: number; from?: number },
  ): Promise<number>;
  close(): void;
};

/** Opens GET {url}/api/notifications/stream with the cookie over real HTTP and reads its events. */
export async function openUnreadStream(url: string, cookie: string): Promise<UnreadStream> {
  const controller = new AbortController();
  const response = await fetch(`${url}/api/notifications/stream`, {
    headers: { cookie, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  const counts: number[] = [];
  const kinds: string[][] = [];
  const waiters = new Set<() => void>();
  if (response.ok && response.body) {
    void (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const lines = block.split('\n');
            if (!lines.includes('event: unread')) continue;
            const data = lines.find((line) => line.startsWith('data: '));
            if (data) {
              const event = JSON.parse(data.slice(6)) as { unread: number; kinds?: string[] };
              kinds.push(event.kinds ?? []);
              counts.push(event.unread);
            }
            for (const wake of waiters) wake();
          }
        }
      } catch {
        // closed
      }
    })();
  }
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    counts,
    kinds,
    waitFor(wanted, { timeoutMs = 2000, from = 0 } = {}) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = counts.slice(from).find(wanted);
          if (found === undefined) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `no wanted count within ${timeoutMs} ms; counts so far: ${JSON.stringify(counts)}`,
            ),
          );
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close: () => controller.abort(),
  };
}
