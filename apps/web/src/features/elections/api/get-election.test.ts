import { describe, expect, it } from 'vitest';
import { election } from '../election-fixtures';
import { untilNextPhase } from './get-election';

// The fixture's windows: nominations 04:30 on 10 Jan to 12:30 on 15 Jan, voting 03:30 to 12:30 on 20 Jan 2099 (UTC).
const at = (iso: string) => Date.parse(iso);

describe('when the election page asks again for the phase', () => {
  it('a second after the next window opens or closes', () => {
    expect(untilNextPhase(election(), at('2099-01-10T04:29:00Z'))).toBe(61_000);
    expect(untilNextPhase(election(), at('2099-01-15T12:00:00Z'))).toBe(30 * 60_000 + 1_000);
    expect(untilNextPhase(election(), at('2099-01-20T12:29:59Z'))).toBe(2_000);
  });

  it('at least once an hour while the next boundary is far off, and never after the close', () => {
    expect(untilNextPhase(election(), at('2099-01-01T00:00:00Z'))).toBe(60 * 60_000);
    expect(untilNextPhase(election(), at('2099-01-20T12:30:00Z'))).toBe(false);
  });
});
