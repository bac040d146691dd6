/**
 * Calls for one key made one at a time, and those that arrive meanwhile taken together: the first
 * call for a quiet key goes at the end of the event loop's turn, with any made in the same turn;
 * calls for the same key that arrive while one is in flight wait, and go next as one call of `run`
 * with their items in arrival order (at most `most` at once).
 * Each caller gets the answer at its own item's index. When a call of `run` fails, each of its
 * callers gets that error, and the next waiting ones go as usual.
 *
 * For writes that contend for one row (a rush of registrations for one event): each transaction
 * holds the row through its commit, so a thousand of them one after another cost a thousand
 * commits, while taken together they cost about a dozen (decision 0035).
 */
export function takenTogether<I, O>(options: {
  most: number;
  run: (key: string, items: readonly I[]) => Promise<readonly O[]>;
}): (key: string, item: I) => Promise<O> {
  type Waiting = { item: I; resolve: (answer: O) => void; reject: (error: unknown) => void };
  /** The keys with a call in flight, and who waits behind it. */
  const waitingFor = new Map<string, Waiting[]>();

  async function goFrom(key: string): Promise<void> {
    const waiting = waitingFor.get(key)!;
    while (waiting.length > 0) {
      const batch = waiting.splice(0, options.most);
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
    waitingFor.delete(key);
  }

  return (key, item) =>
    new Promise<O>((resolve, reject) => {
      const waiting = waitingFor.get(key);
      if (waiting) {
        waiting.push({ item, resolve, reject });
        return;
      }
      waitingFor.set(key, [{ item, resolve, reject }]);
      // The first waits for the event loop's turn to end, so that the calls made in the same turn
      // go with it: on the embedded database a call is answered within the turn it was made in.
      setImmediate(() => void goFrom(key));
    });
}
