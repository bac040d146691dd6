import { describe, expect, it } from 'vitest';
import { countInstantRunoff, countStv } from './counting';
import { table, times } from '../../../test/ballots';

describe('STV for several seats (Weighted Inclusive Gregory Method, Droop quota)', () => {
  it('counts the textbook food election: Chocolate, Oranges, Strawberries for three seats', () => {
    const candidates = ['Oranges', 'Pears', 'Chocolate', 'Strawberries', 'Hamburgers'];
    const result = countStv({
      candidates,
      draw: candidates,
      seats: 3,
      ballots: [
        ...times(4, ['Oranges']),
        ...times(2, ['Pears', 'Oranges']),
        ...times(8, ['Chocolate', 'Strawberries']),
        ...times(4, ['Chocolate', 'Hamburgers']),
        ...times(1, ['Strawberries']),
        ...times(1, ['Hamburgers']),
      ],
    });
    // 20 valid ballots, 3 seats: 20 / 4 = 5, plus one.
    expect(result.quota).toBe(600_000);
    expect(result.elected).toEqual(['Chocolate', 'Oranges', 'Strawberries']);
    expect(table(result)).toEqual([
      {
        votes: {
          Oranges: 400_000,
          Pears: 200_000,
          Chocolate: 1_200_000,
          Strawberries: 100_000,
          Hamburgers: 100_000,
        },
        exhausted: 0,
        actions: [
          { kind: 'elected', candidates: ['Chocolate'] },
          // A surplus of 6 over 12 votes: each ballot passes on at a half.
          { kind: 'surplus', candidate: 'Chocolate', transferValue: 50_000 },
        ],
        tie: null,
      },
      {
        votes: {
          Oranges: 400_000,
          Pears: 200_000,
          Chocolate: 600_000,
          Strawberries: 500_000,
          Hamburgers: 300_000,
        },
        exhausted: 0,
        actions: [{ kind: 'excluded', candidate: 'Pears' }],
        tie: null,
      },
      {
        votes: {
          Oranges: 600_000,
          Pears: 0,
          Chocolate: 600_000,
          Strawberries: 500_000,
          Hamburgers: 300_000,
        },
        exhausted: 0,
        actions: [
          { kind: 'elected', candidates: ['Oranges'] },
          { kind: 'excluded', candidate: 'Hamburgers' },
        ],
        tie: null,
      },
      {
        votes: { Oranges: 600_000, Pears: 0, Chocolate: 600_000, Strawberries: 500_000, Hamburgers: 0 },
        exhausted: 300_000,
        actions: [{ kind: 'remaining-elected', candidates: ['Strawberries'] }],
        tie: null,
      },
    ]);
  });

  it('cuts each transfer value to five decimal places, any remainder ignored', () => {
    const result = countStv({
      candidates: ['Asha', 'Bala', 'Chitra'],
      draw: ['Asha', 'Bala', 'Chitra'],
      seats: 2,
      ballots: [...times(6, ['Asha', 'Bala']), ...times(2, ['Bala']), ...times(2, ['Chitra'])],
    });
    // 10 ballots, 2 seats: quota 4. Asha's surplus of 2 over 6 votes: 0.33333 a ballot, so six
    // ballots bring Bala 1.99998 and leave Bala at 3.99998, short of the quota.
    expect(result.quota).toBe(400_000);
    expect(table(result)).toEqual([
      {
        votes: { Asha: 600_000, Bala: 200_000, Chitra: 200_000 },
        exhausted: 0,
        actions: [
          { kind: 'elected', candidates: ['Asha'] },
          { kind: 'surplus', candidate: 'Asha', transferValue: 33_333 },
        ],
        tie: null,
      },
      {
        votes: { Asha: 400_000, Bala: 399_998, Chitra: 200_000 },
        exhausted: 0,
        actions: [{ kind: 'excluded', candidate: 'Chitra' }],
        tie: null,
      },
      {
        votes: { Asha: 400_000, Bala: 399_998, Chitra: 0 },
        exhausted: 200_000,
        actions: [{ kind: 'remaining-elected', candidates: ['Bala'] }],
        tie: null,
      },
    ]);
    expect(result.elected).toEqual(['Asha', 'Bala']);
  });

  it('elects those reaching the quota together most votes first, and passes the larger surplus on first', () => {
    const result = countStv({
      candidates: ['Asha', 'Bala', 'Chitra', 'Dev'],
      draw: ['Asha', 'Bala', 'Chitra', 'Dev'],
      seats: 3,
      ballots: [
        ...times(5, ['Bala', 'Chitra']),
        ...times(7, ['Asha', 'Dev']),
        ...times(2, ['Chitra']),
        ...times(1, ['Dev']),
      ],
    });
    // 15 ballots, 3 seats: quota 4. Asha (7) and Bala (5) both reach it; Asha's surplus of 3 goes
    // first (3/7 = 0.42857 a ballot: Dev gains 2.99999), then Bala's of 1 (0.2: Chitra gains 1).
    expect(result.quota).toBe(400_000);
    expect(result.rounds[0]!.actions).toEqual([
      { kind: 'elected', candidates: ['Asha', 'Bala'] },
      { kind: 'surplus', candidate: 'Asha', transferValue: 42_857 },
    ]);
    expect(result.rounds[1]!.votes).toEqual({
      Asha: 400_000,
      Bala: 500_000,
      Chitra: 200_000,
      Dev: 399_999,
    });
    expect(result.rounds[1]!.actions).toEqual([
      { kind: 'surplus', candidate: 'Bala', transferValue: 20_000 },
    ]);
    expect(result.rounds[2]!.votes).toEqual({
      Asha: 400_000,
      Bala: 400_000,
      Chitra: 300_000,
      Dev: 399_999,
    });
    // Two continue for the one seat left: Chitra, the fewer, goes; Dev is the last left.
    expect(result.rounds[2]!.actions).toEqual([{ kind: 'excluded', candidate: 'Chitra' }]);
    expect(result.elected).toEqual(['Asha', 'Bala', 'Dev']);
  });

  it('refuses ballots that rank an unknown candidate or one twice, and a draw that is not the candidates', () => {
    const candidates = ['Asha', 'Bala'];
    expect(() =>
      countStv({ candidates, draw: candidates, seats: 1, ballots: [['Asha', 'Zed']] }),
    ).toThrow('a ballot ranks someone who is not a candidate');
    expect(() =>
      countStv({ candidates, draw: candidates, seats: 1, ballots: [['Asha', 'Asha']] }),
    ).toThrow('a ballot ranks a candidate twice');
    expect(() => countInstantRunoff({ candidates, draw: ['Asha'], ballots: [] })).toThrow(
      'the draw must list each candidate once',
    );
    expect(() => countStv({ candidates, draw: candidates, seats: 0, ballots: [] })).toThrow(
      'a post has at least one seat',
    );
  });
});
