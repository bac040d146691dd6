import {
  parse,
  protocol,
  type PGlite,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';
import { sqlStateOf } from '../lib/db-errors';

/*
 * The embedded database parses and plans a query's text on every request, as a server does for an
 * unnamed statement: for the searches and lists, whose texts join several tables, that costs as
 * much as running them. As PreparingClient does on a server, each text the code sends is prepared
 * once under a name and run by that name from then on; the database keeps its plan, or plans it
 * again for the values when that is cheaper, by its own rule (decision 0028).
 */

/** How many texts one database keeps prepared: past it, the least recently run is let go. */
export const PREPARED_PER_CONNECTION = 1000;
/** The statements worth naming: those the code sends with their values as parameters. */
export const STATEMENT_KINDS = /^\s*\(?\s*(select|insert|update|delete|with)\b/i;
/**
 * How long a prepared text keeps its plan. The embedded database has no autovacuum to analyse the
 * tables as they grow and so plan the kept statements again: a plan made on a new campus's nearly
 * empty tables would otherwise stay for good.
 */
const PLAN_LIFETIME_MS = 10 * 60_000;
/** The names' own prefix, apart from any other statement the session might prepare. */
const NAME_PREFIX = 'cosa_q';
/** Numbers each wrapper, so that two over one database never name two texts alike. */
let wrappers = 0;

/**
 * What a named statement may answer once the database let go of it or its plan no longer fits:
 * the cached plan's result type changed with its table (0A000), the name is unknown (26000).
 */
const STALE_STATEMENT = new Set(['0A000', '26000']);

type Prepared = { name: string; paramTypes: number[]; preparedAt: number };

/** The messages of one exchange, sent to the database at once. */
function together(...messages: Uint8Array[]): Uint8Array {
  const all = new Uint8Array(messages.reduce((length, message) => length + message.length, 0));
  let at = 0;
  for (const message of messages) {
    all.set(message, at);
    at += message.length;
  }
  return all;
}

/** Whether a query may be named: a statement of the code, without a file or types of its own. */
const nameable = (text: string, options: QueryOptions | undefined) =>
  STATEMENT_KINDS.test(text) && !options?.blob && !options?.paramTypes;

const isStale = (error: unknown) => STALE_STATEMENT.has(sqlStateOf(error) ?? '');

/**
 * A PGlite whose `query`, at the top level and inside `transaction`, runs each statement by name
 * once prepared. Everything else is PGlite's own (bound to it, as its private state requires).
 */
export function preparingPglite(client: PGlite, now: () => number = Date.now): PGlite {
  /** The texts prepared, least recently run first. */
  const prepared = new Map<string, Prepared>();
  const prefix = `${NAME_PREFIX}${wrappers++}_`;
  let named = 0;
  const { serialize } = protocol;
  const exchange = (message: Uint8Array, options: QueryOptions | undefined) =>
    client.execProtocolStream(message, { syncToFs: false, onNotice: options?.onNotice });

  /** Lets go of a name, sent ahead of the next exchange (closing an unknown name is no error). */
  const forget = (text: string): Uint8Array[] => {
    const statement = prepared.get(text);
    if (!statement) return [];
    prepared.delete(text);
    return [serialize.close({ type: 'S', name: statement.name })];
  };

  /** The text's statement, prepared now when it is new or its plan is old; the caller holds the query lock. */
  async function statementFor(text: string, options: QueryOptions | undefined) {
    const known = prepared.get(text);
    if (known && now() - known.preparedAt < PLAN_LIFETIME_MS) {
      // Run last: the least recently run text is the first let go.
      prepared.delete(text);
      prepared.set(text, known);
      return known;
    }
    const closing = forget(text);
    const oldest = prepared.keys().next();
    if (prepared.size >= PREPARED_PER_CONNECTION && !oldest.done) closing.push(...forget(oldest.value));
    const name = `${prefix}${named++}`;
    const described = await exchange(
      together(
        ...closing,
        serialize.parse({ name, text }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ),
      options,
    );
    const statement = {
      name,
      paramTypes: parse.parseDescribeStatementResults(described),
      preparedAt: now(),
    };
    prepared.set(text, statement);
    return statement;
  }

  /** One statement by its name; the caller holds PGlite's query lock. */
  async function runNamed<T>(text: string, params: unknown[], options: QueryOptions | undefined) {
    const { name, paramTypes } = await statementFor(text, options);
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const type = paramTypes[index]!;
      const serializer = options?.serializers?.[type] ?? client.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    try {
      const answer = await exchange(
        together(
          serialize.bind({ statement: name, values }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
          serialize.sync(),
        ),
        options,
      );
      return parse.parseResults(answer, client.parsers, options)[0] as Results<T>;
    } catch (error) {
      // A name the database let go of, or a plan its table outgrew: prepared again next time.
      if (isStale(error)) {
        const closing = forget(text);
        if (closing.length) await exchange(together(...closing, serialize.sync()), options);
      }
      throw error;
    }
  }

  async function query<T>(text: string, params: unknown[] = [], options?: QueryOptions) {
    if (!nameable(text, options)) return client.query<T>(text, params, options);
    await client._checkReady();
    return client._runExclusiveTransaction(async () => {
      const result = await client._runExclusiveQuery(async () => {
        try {
          return await runNamed<T>(text, params, options);
        } catch (error) {
          // Outside a transaction nothing is left aborted: prepared again, it runs once more.
          if (!isStale(error)) throw error;
          return runNamed<T>(text, params, options);
        }
      });
      // As PGlite's own query does outside a transaction: the change reaches the folder's files.
      await client.syncToFs();
      return result;
    });
  }

  function inTransaction(tx: Transaction): Transaction {
    const txQuery = async <T>(text: string, params: unknown[] = [], options?: QueryOptions) => {
      if (!nameable(text, options)) return tx.query<T>(text, params, options);
      if (tx.closed) throw new Error('Transaction is closed');
      return client._runExclusiveQuery(() => runNamed<T>(text, params, options));
    };
    return new Proxy(tx, {
      get: (target, key, receiver) =>
        key === 'query' ? txQuery : (Reflect.get(target, key, receiver) as unknown),
    });
  }

  return new Proxy(client, {
    get(target, key) {
      if (key === 'query') return query;
      if (key === 'transaction')
        return <T>(callback: (tx: Transaction) => Promise<T>) =>
          target.transaction((tx) => callback(inTransaction(tx)));
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === 'function'
        ? (value as (...args: unknown[]) => unknown).bind(target)
        : value;
    },
  });
}
