import {
  parse,
  protocol,
  type PGlite,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';

/*
 * The embedded database parses and plans a query's text on every request, as a server does for an
 * unnamed statement: for the searches and lists, whose texts join several tables, that costs as
 * much as running them. As PreparingClient does on a server, each text the code sends is prepared
 * once under a name and run by that name from then on; the database keeps its plan, or plans it
 * again for the values when that is cheaper, by its own rule.
 */

/** How many texts one database keeps prepared; past it, new texts run unnamed as before. */
export const PREPARED_PER_CONNECTION = 1000;
/** The statements worth naming: those the code sends with their values as parameters. */
export const STATEMENT_KINDS = /^\s*\(?\s*(select|insert|update|delete|with)\b/i;

type Prepared = { name: string; paramTypes: number[] };

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

/**
 * A PGlite whose `query`, at the top level and inside `transaction`, runs each statement by name
 * once prepared. Everything else is PGlite's own (bound to it, as its private state requires).
 */
export function preparingPglite(client: PGlite): PGlite {
  const prepared = new Map<string, Prepared>();
  const { serialize } = protocol;
  const exchange = (message: Uint8Array, options: QueryOptions | undefined) =>
    client.execProtocolStream(message, { syncToFs: false, onNotice: options?.onNotice });

  async function statementFor(text: string, options: QueryOptions | undefined) {
    const known = prepared.get(text);
    if (known) return known;
    const name = `q${prepared.size}`;
    const described = await exchange(
      together(
        serialize.parse({ name, text }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ),
      options,
    );
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(described) };
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
  }

  const wantsName = (text: string, options: QueryOptions | undefined) =>
    nameable(text, options) && (prepared.has(text) || prepared.size < PREPARED_PER_CONNECTION);

  async function query<T>(text: string, params: unknown[] = [], options?: QueryOptions) {
    if (!wantsName(text, options)) return client.query<T>(text, params, options);
    await client._checkReady();
    return client._runExclusiveTransaction(async () => {
      const result = await client._runExclusiveQuery(() => runNamed<T>(text, params, options));
      // As PGlite's own query does outside a transaction: the change reaches the folder's files.
      await client.syncToFs();
      return result;
    });
  }

  function inTransaction(tx: Transaction): Transaction {
    const txQuery = async <T>(text: string, params: unknown[] = [], options?: QueryOptions) => {
      if (tx.closed) throw new Error('Transaction is closed');
      if (!wantsName(text, options)) return tx.query<T>(text, params, options);
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
