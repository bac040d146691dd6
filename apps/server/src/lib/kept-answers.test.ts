import { describe, expect, it } from 'vitest';
import { answerKeeper, keyOfQuery } from './kept-answers';

describe('answers kept a short while', () => {
  it('serves an answer while its version holds and its time has not run out', () => {
    const keeper = answerKeeper<{ names: string[] }>({ forMs: 30_000, characters: 1_000 });
    const kept = keeper({});
    kept.keep('clubs', '7', { names: ['Chess Club'] }, 1_000);
    expect(kept.find('clubs', '7', 2_000)).toEqual({ names: ['Chess Club'] });
    expect(kept.find('clubs', '8', 2_000)).toBeNull();
    // Once outdated it is gone, even for its own version.
    expect(kept.find('clubs', '7', 2_000)).toBeNull();
    kept.keep('clubs', '7', { names: ['Chess Club'] }, 1_000);
    expect(kept.find('clubs', '7', 30_999)).not.toBeNull();
    expect(kept.find('clubs', '7', 31_000)).toBeNull();
  });

  it('keeps each database its own answers, frozen for every reader', () => {
    const keeper = answerKeeper<{ names: string[] }>({ forMs: 30_000, characters: 1_000 });
    const first = keeper({});
    const second = keeper({});
    first.keep('clubs', '1', { names: ['Chess Club'] });
    expect(second.find('clubs', '1')).toBeNull();
    const answer = first.find('clubs', '1')!;
    expect(() => answer.names.push('Go Club')).toThrow(TypeError);
  });

  it('lets the least recently read go first past its characters, and never keeps one too large', () => {
    // Each answer below is 21 characters of JSON and 1 of key: four fit in 100, one in a quarter.
    const keeper = answerKeeper<{ text: string }>({ forMs: 30_000, characters: 100 });
    const kept = keeper({});
    const answer = (letter: string) => ({ text: letter.repeat(10) });
    for (const key of ['a', 'b', 'c', 'd']) kept.keep(key, '1', answer(key));
    expect(kept.find('a', '1')).toEqual(answer('a'));
    kept.keep('e', '1', answer('e'));
    // 'b' was read least recently.
    expect(['a', 'b', 'c', 'd', 'e'].map((key) => kept.find(key, '1') !== null)).toEqual([
      true,
      false,
      true,
      true,
      true,
    ]);
    kept.keep('f', '1', { text: 'x'.repeat(20) });
    expect(kept.find('f', '1')).toBeNull();
    expect(kept.latest('a')).toEqual(answer('a'));
  });

  it('lets one answer take the whole store when told', () => {
    const keeper = answerKeeper<{ text: string }>({ forMs: 30_000, characters: 100, largestShare: 1 });
    const kept = keeper({});
    kept.keep('every card', '1', { text: 'x'.repeat(70) });
    expect(kept.find('every card', '1')).toEqual({ text: 'x'.repeat(70) });
  });

  it('keys a query by its fields, whatever their order', () => {
    expect(keyOfQuery('directory', { q: 'chess', page: 1 })).toBe(
      keyOfQuery('directory', { page: 1, q: 'chess' }),
    );
    expect(keyOfQuery('directory', { page: 1 })).not.toBe(keyOfQuery('directory', { page: 2 }));
  });
});
