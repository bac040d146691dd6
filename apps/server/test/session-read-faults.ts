import type { Database } from '../src/db/client';

/** What to do with one query the app sends: run it, fail it as a lost connection would, or never answer. */
export type Fault = 'pass' | 'fail' | 'hang';

/** The text of a query as the drivers get it (PGlite: a string; node-postgres: a config object). */
function textOf(args: unknown[]): string {
  const [first] = args;
  if (typeof first === 'string') return first;
  const text = (first as { text?: unknown } | null)?.text;
  return typeof text === 'string' ? text : '';
}

/** Whether a query is the session look-up of a cookie (one token's or many tokens' at once). */
export const isSessionRead = (text: string) =>
  /from "sessions" inner join "users"/.test(text) && /"sessions"\."token_hash" = /.test(text);

/**
 * Puts `decide` between the app's queries and the database: must run before the session statement
 * is first prepared (before the first signed-in request of the file).
 */
export function injectFaults(db: Database, decide: (text: string) => Fault): void {
  const session = (db as unknown as { session: { client: object } }).session;
  const client = session.client;
  session.client = new Proxy(client, {
    get(target, key) {
      const value = Reflect.get(target, key, target) as unknown;
      if (key !== 'query' || typeof value !== 'function') {
        return typeof value === 'function'
          ? (value as (...args: unknown[]) => unknown).bind(target)
          : value;
      }
      return (...args: unknown[]) => {
        const fault = decide(textOf(args));
        if (fault === 'hang') return new Promise(() => undefined);
        if (fault === 'fail')
          return Promise.reject(
            Object.assign(new Error('terminating connection due to administrator command'), {
              code: '57P01',
            }),
          );
        return (value as (...params: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}
