import type { CountResult, RankedBallot } from '../src/modules/elections/counting';

/** `n` ballots ranking the same way. */
export const times = (n: number, ballot: RankedBallot): RankedBallot[] => Array(n).fill(ballot);

/** A count's rounds as a table to compare with one typed by hand: votes in hundred-thousandths, then what happened. */
export const table = (result: CountResult) =>
  result.rounds.map((round) => ({
    votes: round.votes,
    exhausted: round.exhausted,
    actions: round.actions,
    tie: round.tie,
  }));
