import { describe, expect, it } from 'vitest';
import { takenTogether } from './taken-together';

/** A run that records each call and answers when the test lets it go. */
function heldRuns() {
  const calls: { key: string; items: readonly string[]; answer: (failure?: Error) => void }[] = [];
  const run = (key: string, items: readonly string[]) =>
    new Promise<string[]>((resolve, reject) => {
      calls.push({
        key,
        items,
        answer: (failure) =>
          failure ? reject(failure) : resolve(items.map((item) => `${key}:${item}`)),
      });
    });
  return { calls, run };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('calls taken together', () => {
  it('sends the calls of one turn together, and those arriving while they are in flight next, in arrival order', async () => {
    const { calls, run } = heldRuns();
    const take = takenTogether({ most: 10, patienceMs: 60_000, run });
    const first = [take('event', 'ana'), take('event', 'ben')];
    expect(calls).toHaveLength(0);
    await settled();
    expect(calls.map((call) => call.items)).toEqual([['ana', 'ben']]);
    const later = ['chitra', 'dev', 'esha'].map((item) => take('event', item));
    // Nothing else goes while the first is in flight.
    await settled();
    expect(calls).toHaveLength(1);
    calls[0]!.answer();
    expect(await Promise.all(first)).toEqual(['event:ana', 'event:ben']);
    await settled();
    expect(calls.map((call) => call.items)).toEqual([
      ['ana', 'ben'],
      ['chitra', 'dev', 'esha'],
    ]);
    calls[1]!.answer();
    expect(await Promise.all(later)).toEqual(['event:chitra', 'event:dev', 'event:esha']);
    // Quiet again: the next call goes at the end of its turn, alone.
    void take('event', 'farid');
    await settled();
    expect(calls.map((call) => call.items).at(-1)).toEqual(['farid']);
  });

  it('takes at most `most` at once, the rest in the following calls', async () => {
    const { calls, run } = heldRuns();
    const take = takenTogether({ most: 2, patienceMs: 60_000, run });
    const all = ['a', 'b', 'c', 'd', 'e'].map((item) => take('k', item));
    for (let i = 0; i < 3; i += 1) {
      await settled();
      calls[i]!.answer();
    }
    expect(await Promise.all(all)).toEqual(['k:a', 'k:b', 'k:c', 'k:d', 'k:e']);
    expect(calls.map((call) => call.items)).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
  });

  it('runs different keys side by side', async () => {
    const { calls, run } = heldRuns();
    const take = takenTogether({ most: 10, patienceMs: 60_000, run });
    void take('one', 'x');
    void take('two', 'y');
    await settled();
    expect(calls.map((call) => [call.key, call.items])).toEqual([
      ['one', ['x']],
      ['two', ['y']],
    ]);
  });

  it("gives a failed call's error to its own callers only; the next waiting go on", async () => {
    const { calls, run } = heldRuns();
    const take = takenTogether({ most: 10, patienceMs: 60_000, run });
    const first = take('k', 'a');
    await settled();
    const second = take('k', 'b');
    calls[0]!.answer(new Error('the database went away'));
    await expect(first).rejects.toThrow('the database went away');
    await settled();
    calls[1]!.answer();
    expect(await second).toBe('k:b');
  });

  it('refuses a run that answers for fewer items than it was given', async () => {
    const take = takenTogether<string, string>({ most: 10, patienceMs: 60_000, run: async () => [] });
    await expect(take('k', 'a')).rejects.toThrow('0 answers for 1 items taken together');
  });

  it('lets those waiting go on without a call that does not come back; its own callers wait for it alone', async () => {
    const { calls, run } = heldRuns();
    const take = takenTogether({ most: 10, patienceMs: 50, run });
    const stuck = take('k', 'a');
    await settled();
    const behind = [take('k', 'b'), take('k', 'c')];
    await new Promise((resolve) => setTimeout(resolve, 80));
    await settled();
    expect(calls.map((call) => call.items)).toEqual([['a'], ['b', 'c']]);
    calls[1]!.answer();
    expect(await Promise.all(behind)).toEqual(['k:b', 'k:c']);
    // The queue behind is done: the next call goes at the end of its turn, not behind the stuck one.
    const next = take('k', 'd');
    await settled();
    expect(calls.map((call) => call.items).at(-1)).toEqual(['d']);
    calls[2]!.answer();
    expect(await next).toBe('k:d');
    calls[0]!.answer();
    expect(await stuck).toBe('k:a');
  });

  it('sends at most one more call beside one that has not come back', async () => {
    const { calls, run } = heldRuns();
    const take = takenTogether({ most: 10, patienceMs: 50, run });
    const all = [take('k', 'a')];
    await settled();
    all.push(take('k', 'b'));
    await new Promise((resolve) => setTimeout(resolve, 80));
    await settled();
    all.push(take('k', 'c'), take('k', 'd'));
    await new Promise((resolve) => setTimeout(resolve, 150));
    await settled();
    // 'b' went beside the overdue 'a'; 'c' and 'd' wait, however long both take.
    expect(calls.map((call) => call.items)).toEqual([['a'], ['b']]);
    calls[1]!.answer();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(calls.map((call) => call.items)).toEqual([['a'], ['b'], ['c', 'd']]);
    calls[2]!.answer();
    calls[0]!.answer();
    expect(await Promise.all(all)).toEqual(['k:a', 'k:b', 'k:c', 'k:d']);
  });
});
