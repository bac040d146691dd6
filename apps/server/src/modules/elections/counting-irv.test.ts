import { describe, expect, it } from 'vitest';
import { countInstantRunoff } from './counting';
import { table, times } from '../../../test/ballots';

describe('instant-runoff for one seat', () => {
  it('counts the textbook Tennessee capital example: Knoxville wins after Chattanooga and Nashville go', () => {
    const result = countInstantRunoff({
      candidates: ['Memphis', 'Nashville', 'Chattanooga', 'Knoxville'],
      draw: ['Memphis', 'Nashville', 'Chattanooga', 'Knoxville'],
      ballots: [
        ...times(42, ['Memphis', 'Nashville', 'Chattanooga', 'Knoxville']),
        ...times(26, ['Nashville', 'Chattanooga', 'Knoxville', 'Memphis']),
        ...times(15, ['Chattanooga', 'Knoxville', 'Nashville', 'Memphis']),
        ...times(17, ['Knoxville', 'Chattanooga', 'Nashville', 'Memphis']),
      ],
    });
    expect(result.elected).toEqual(['Knoxville']);
    expect(result.validBallots).toBe(100);
    expect(table(result)).toEqual([
      {
        votes: {
          Memphis: 4_200_000,
          Nashville: 2_600_000,
          Chattanooga: 1_500_000,
          Knoxville: 1_700_000,
        },
        exhausted: 0,
        actions: [{ kind: 'excluded', candidate: 'Chattanooga' }],
        tie: null,
      },
      {
        votes: { Memphis: 4_200_000, Nashville: 2_600_000, Chattanooga: 0, Knoxville: 3_200_000 },
        exhausted: 0,
        actions: [{ kind: 'excluded', candidate: 'Nashville' }],
        tie: null,
      },
      {
        votes: { Memphis: 4_200_000, Nashville: 0, Chattanooga: 0, Knoxville: 5_800_000 },
        exhausted: 0,
        actions: [{ kind: 'elected', candidates: ['Knoxville'] }],
        tie: null,
      },
    ]);
  });

  it('needs a majority of the continuing votes only: exhausted ballots leave the count', () => {
    const result = countInstantRunoff({
      candidates: ['Asha', 'Bala', 'Chitra'],
      draw: ['Asha', 'Bala', 'Chitra'],
      ballots: [...times(4, ['Asha']), ...times(3, ['Bala']), ...times(2, ['Chitra']), []],
    });
    expect(result.validBallots).toBe(9);
    expect(table(result)).toEqual([
      {
        votes: { Asha: 400_000, Bala: 300_000, Chitra: 200_000 },
        exhausted: 0,
        actions: [{ kind: 'excluded', candidate: 'Chitra' }],
        tie: null,
      },
      {
        votes: { Asha: 400_000, Bala: 300_000, Chitra: 0 },
        exhausted: 200_000,
        actions: [{ kind: 'elected', candidates: ['Asha'] }],
        tie: null,
      },
    ]);
  });

  it('settles a tie for the fewest by the earliest round at which the tied differed', () => {
    const result = countInstantRunoff({
      candidates: ['A', 'B', 'C', 'D'],
      draw: ['B', 'C', 'A', 'D'],
      ballots: [
        ...times(7, ['A']),
        ...times(3, ['B', 'C']),
        ...times(5, ['C']),
        ...times(2, ['D', 'B', 'C']),
      ],
    });
    expect(result.elected).toEqual(['C']);
    expect(table(result)).toEqual([
      {
        votes: { A: 700_000, B: 300_000, C: 500_000, D: 200_000 },
        exhausted: 0,
        actions: [{ kind: 'excluded', candidate: 'D' }],
        tie: null,
      },
      {
        // B and C tie at 5; at round 1 B had 3 and C 5: B goes, whatever the draw says.
        votes: { A: 700_000, B: 500_000, C: 500_000, D: 0 },
        exhausted: 0,
        actions: [{ kind: 'excluded', candidate: 'B' }],
        tie: { candidates: ['B', 'C'], settledBy: 'earlier-round' },
      },
      {
        votes: { A: 700_000, B: 0, C: 1_000_000, D: 0 },
        exhausted: 0,
        actions: [{ kind: 'elected', candidates: ['C'] }],
        tie: null,
      },
    ]);
  });

  it('looks at the earliest round at which the tied differed, not the latest', () => {
    const result = countInstantRunoff({
      candidates: ['A', 'B', 'C', 'D', 'E'],
      draw: ['A', 'B', 'C', 'D', 'E'],
      ballots: [
        ...times(10, ['A']),
        ...times(3, ['B']),
        ...times(4, ['C']),
        ...times(1, ['D', 'C']),
        ...times(2, ['D']),
        ...times(2, ['E', 'B']),
      ],
    });
    // B and C tie at round 3. At round 1 B had fewer (3 to 4), at round 2 more (5 to 4), and the
    // draw puts C later: the earliest round decides, and B goes.
    expect(table(result)).toEqual([
      {
        votes: { A: 1_000_000, B: 300_000, C: 400_000, D: 300_000, E: 200_000 },
        exhausted: 0,
        actions: [{ kind: 'excluded', candidate: 'E' }],
        tie: null,
      },
      {
        votes: { A: 1_000_000, B: 500_000, C: 400_000, D: 300_000, E: 0 },
        exhausted: 0,
        actions: [{ kind: 'excluded', candidate: 'D' }],
        tie: null,
      },
      {
        votes: { A: 1_000_000, B: 500_000, C: 500_000, D: 0, E: 0 },
        exhausted: 200_000,
        actions: [{ kind: 'excluded', candidate: 'B' }],
        tie: { candidates: ['B', 'C'], settledBy: 'earlier-round' },
      },
      {
        votes: { A: 1_000_000, B: 0, C: 500_000, D: 0, E: 0 },
        exhausted: 700_000,
        actions: [{ kind: 'elected', candidates: ['A'] }],
        tie: null,
      },
    ]);
  });

  it('settles a tie equal at every round by the draw: the later in the draw goes', () => {
    const ballots = [
      ...times(3, ['Asha']),
      ...times(2, ['Bala', 'Asha']),
      ...times(2, ['Chitra', 'Bala']),
    ];
    const one = countInstantRunoff({
      candidates: ['Asha', 'Bala', 'Chitra'],
      draw: ['Asha', 'Bala', 'Chitra'],
      ballots,
    });
    expect(one.rounds[0]!.actions).toEqual([{ kind: 'excluded', candidate: 'Chitra' }]);
    expect(one.rounds[0]!.tie).toEqual({ candidates: ['Bala', 'Chitra'], settledBy: 'draw' });
    expect(one.elected).toEqual(['Bala']);
    const other = countInstantRunoff({
      candidates: ['Asha', 'Bala', 'Chitra'],
      draw: ['Asha', 'Chitra', 'Bala'],
      ballots,
    });
    expect(other.rounds[0]!.actions).toEqual([{ kind: 'excluded', candidate: 'Bala' }]);
    expect(other.elected).toEqual(['Asha']);
  });
});
