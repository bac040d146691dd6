/**
 * Calls for one key made one at a time, and those that arrive meanwhile taken together: the first
 * call for a quiet key goes at the end of the event loop's turn, with any made in the same turn;
 * calls for the same key that arrive while one is in flight wait, and go next as one call of `run`
 * with their items in arrival order (at most `most` at once).
 * Each caller gets the answer at its own item's index. When a call of `run` fails, each of its
 * callers gets that error, and the next waiting ones go as usual; when it has not come back after
 * `patienceMs`, those waiting go on without it.
 *
 * For writes that contend for one row (a rush of registrations for one event): each transaction
 * holds the row through its commit, so a thousand of them one after another cost a thousand
 * commits, while taken together they cost a few dozen (decision 0035).
 */
export function takenTogether<I, O>(options: {
  most: number;
  /** How long the waiting wait for a call in flight before they go without it. */
  patienceMs: number;
  run: (key: string, items: readonly I[]) => Promise<readonly O[]>;
}): (key: string, item: I) => Promise<O> {
  type Waiting = { item: I; resolve: (answer: O) => void; reject: (error: unknown) => void };
  /** The keys with calls going, and who waits behind them. */
  const waitingFor = new Map<string, Waiting[]>();
  /** The keys with a call that outlasted the patience and has not come back yet. */
  const overdue = new Set<string>();

  /** One call of `run` for a batch; settles each caller, never rejects. */
  async function call(key: string, batch: Waiting[]): Promise<void> {
    try {
      const answers = await options.run(
        key,
        batch.map((one) => one.item),
      );
      if (answers.length !== batch.length)
        throw new Error(`${answers.length} answers for ${batch.length} items taken together`);
      batch.forEach((one, index) => one.resolve(answers[index]!));
    } catch (error) {
      for (const one of batch) one.reject(error);
    }
  }

  async function goFrom(key: string, waiting: Waiting[]): Promise<void> {
    while (waiting.length > 0) {
      const going = call(key, waiting.splice(0, options.most));
      let timer: NodeJS.Timeout | undefined;
      const stuck = await Promise.race([
        going.then(() => false),
        new Promise<boolean>((resolve) => {
          timer = setTimeout(() => resolve(true), options.patienceMs);
        }),
      ]);
      clearTimeout(timer);
      // One overdue call a key at most: when the cause is the database (a row held elsewhere),
      // more calls would only wait beside it, each holding a connection.
      if (stuck && overdue.has(key)) await going;
      else if (stuck) {
        overdue.add(key);
        void going.then(() => overdue.delete(key));
        // A call that does not come back (a connection lost without a word) keeps its own callers
        // only: those waiting behind it go on as a new queue, and this one ends when it does.
        const rest = waiting.splice(0);
        if (rest.length === 0) waitingFor.delete(key);
        else {
          waitingFor.set(key, rest);
          setImmediate(() => void goFrom(key, rest));
        }
        return;
      }
    }
    if (waitingFor.get(key) === waiting) waitingFor.delete(key);
  }

  return (key, item) =>
    new Promise<O>((resolve, reject) => {
      const waiting = waitingFor.get(key);
      if (waiting) {
        waiting.push({ item, resolve, reject });
        return;
      }
      const first = [{ item, resolve, reject }];
      waitingFor.set(key, first);
      // The first waits for the event loop's turn to end, so that the calls made in the same turn
      // go with it: on the embedded database a call is answered within the turn it was made in.
      setImmediate(() => void goFrom(key, first));
    });
}
