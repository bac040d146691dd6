/**
 * Calls made in the same turn of the event loop taken together: the first call of a turn waits
 * for the turn's end, and then the turn's calls go as calls of `run` of at most `most` items each,
 * every caller answered at its own item's index. Calls of different turns never wait for each other.
 * When a call of several items fails, each of its items goes again alone, so that one item's
 * failure (a connection lost, a statement cancelled) is only its own caller's.
 *
 * For a read every request makes (its session): on the embedded database a statement for each of a
 * thousand requests at once holds the server's one thread a thousand times.
 */
export function takenInTurn<I, O>(options: {
  most: number;
  run: (items: readonly I[]) => Promise<readonly O[]>;
}): (item: I) => Promise<O> {
  type Waiting = { item: I; resolve: (answer: O) => void; reject: (error: unknown) => void };
  let turn: Waiting[] | null = null;

  async function call(batch: Waiting[]): Promise<void> {
    try {
      const answers = await options.run(batch.map((one) => one.item));
      if (answers.length !== batch.length)
        throw new Error(`${answers.length} answers for ${batch.length} items taken together`);
      batch.forEach((one, index) => one.resolve(answers[index]!));
    } catch (error) {
      if (batch.length === 1) batch[0]!.reject(error);
      else await Promise.all(batch.map((one) => call([one])));
    }
  }

  return (item) =>
    new Promise<O>((resolve, reject) => {
      if (turn) {
        turn.push({ item, resolve, reject });
        return;
      }
      const waiting: Waiting[] = [{ item, resolve, reject }];
      turn = waiting;
      setImmediate(() => {
        turn = null;
        for (let from = 0; from < waiting.length; from += options.most)
          void call(waiting.slice(from, from + options.most));
      });
    });
}
