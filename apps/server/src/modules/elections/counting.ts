/*
 * Counting ranked ballots: instant-runoff for one seat, the single transferable vote for several.
 *
 * STV is counted by the Weighted Inclusive Gregory Method with a Droop quota, as in the Scottish
 * local government election rules of 2007: the quota is the valid ballots divided by one more than
 * the seats, fractions dropped, plus one; a candidate with the quota or more is elected; an
 * elected candidate's surplus passes on with every ballot they hold, each at the value
 * (surplus × the ballot's value) / (the candidate's votes), cut to five decimal places; surpluses
 * go before any exclusion, the largest first; with no surplus left, the candidate with the fewest
 * votes is excluded and each of their ballots passes on at its value. When as many candidates
 * continue as seats remain, they are all elected.
 *
 * Instant-runoff counts each ballot for its highest-ranked continuing candidate; a candidate with
 * more than half the continuing votes wins, else the fewest is excluded and the count goes again.
 *
 * Ties, the rule published with the election before voting opens: between candidates with equal
 * votes, the one with fewer votes at the earliest round at which the tied candidates had unequal
 * votes counts as lower; equal at every round, the one later in the election's draw (an order of
 * the candidates fixed before voting) counts as lower. The lower is excluded first; of equal
 * surpluses, the higher's goes first.
 *
 * Votes are whole numbers of hundred-thousandths, so every figure is exact and a recount by anyone
 * gives the same table.
 */

/** One vote, in the count's units: five decimal places. */
const ONE_VOTE = 100_000;

/** A ballot: candidate ids, most preferred first; a ballot with no ranking is not valid. */
export type RankedBallot = readonly string[];

export type CountMethod = 'instant-runoff' | 'stv-wigm';

/** What happened at the end of a round. */
export type RoundAction =
  | { kind: 'elected'; candidates: string[] }
  | { kind: 'surplus'; candidate: string; transferValue: number }
  | { kind: 'excluded'; candidate: string }
  | { kind: 'remaining-elected'; candidates: string[] };

export type CountRound = {
  number: number;
  /** Each candidate's votes at this round, in units (elected candidates keep the quota after their surplus passed on; excluded, 0). */
  votes: Record<string, number>;
  /** Votes of ballots with no continuing candidate left, in units. */
  exhausted: number;
  actions: RoundAction[];
  /** How a tie in this round was settled, when one was. */
  tie: { candidates: string[]; settledBy: 'earlier-round' | 'draw' } | null;
};

export type CountResult = {
  method: CountMethod;
  seats: number;
  validBallots: number;
  /** The quota in units (STV); for instant-runoff, null (a majority of the continuing votes). */
  quota: number | null;
  /** Elected, in the order they were elected. */
  elected: string[];
  rounds: CountRound[];
};

type Paper = { ranking: readonly string[]; at: number; value: number };

/** The candidate who counts lower among `tied`, by the published rule; with how it was settled. */
function lowerOf(
  tied: readonly string[],
  rounds: readonly { votes: Record<string, number> }[],
  draw: readonly string[],
): { candidate: string; settledBy: 'earlier-round' | 'draw' } {
  let left = [...tied];
  for (const round of rounds) {
    const least = Math.min(...left.map((candidate) => round.votes[candidate] ?? 0));
    const lowest = left.filter((candidate) => (round.votes[candidate] ?? 0) === least);
    if (lowest.length < left.length) left = lowest;
    if (left.length === 1) return { candidate: left[0]!, settledBy: 'earlier-round' };
  }
  const place = (candidate: string) => {
    const index = draw.indexOf(candidate);
    if (index < 0) throw new Error(`candidate ${candidate} is not in the draw`);
    return index;
  };
  left.sort((a, b) => place(b) - place(a));
  return { candidate: left[0]!, settledBy: 'draw' };
}

/** Checks the count's input and returns the valid ballots as papers of value one. */
function papersOf(
  candidates: readonly string[],
  ballots: readonly RankedBallot[],
  draw: readonly string[],
): Paper[] {
  const known = new Set(candidates);
  if (known.size !== candidates.length) throw new Error('a candidate is listed twice');
  if (draw.length !== candidates.length || draw.some((candidate) => !known.has(candidate)))
    throw new Error('the draw must list each candidate once');
  const papers: Paper[] = [];
  for (const ballot of ballots) {
    if (ballot.length === 0) continue;
    if (new Set(ballot).size !== ballot.length) throw new Error('a ballot ranks a candidate twice');
    if (ballot.some((candidate) => !known.has(candidate)))
      throw new Error('a ballot ranks someone who is not a candidate');
    papers.push({ ranking: ballot, at: 0, value: ONE_VOTE });
  }
  return papers;
}

/** Moves a paper to its next continuing candidate; false when none is left. */
function advance(paper: Paper, continuing: ReadonlySet<string>): boolean {
  while (paper.at < paper.ranking.length && !continuing.has(paper.ranking[paper.at]!)) paper.at += 1;
  return paper.at < paper.ranking.length;
}

/** Counts a one-seat post by instant-runoff. */
export function countInstantRunoff(input: {
  candidates: readonly string[];
  ballots: readonly RankedBallot[];
  draw: readonly string[];
}): CountResult {
  const papers = papersOf(input.candidates, input.ballots, input.draw);
  const continuing = new Set(input.candidates);
  const rounds: CountRound[] = [];
  const elected: string[] = [];
  while (elected.length === 0 && continuing.size > 0) {
    const votes: Record<string, number> = Object.fromEntries(input.candidates.map((c) => [c, 0]));
    let exhausted = 0;
    for (const paper of papers) {
      if (advance(paper, continuing)) votes[paper.ranking[paper.at]!]! += paper.value;
      else exhausted += paper.value;
    }
    const round: CountRound = { number: rounds.length + 1, votes, exhausted, actions: [], tie: null };
    rounds.push(round);
    const live = [...continuing];
    const total = live.reduce((sum, candidate) => sum + votes[candidate]!, 0);
    const top = live.find((candidate) => 2 * votes[candidate]! > total);
    if (top !== undefined || live.length === 1) {
      const winner = top ?? live[0]!;
      elected.push(winner);
      round.actions.push({ kind: 'elected', candidates: [winner] });
      break;
    }
    const least = Math.min(...live.map((candidate) => votes[candidate]!));
    const lowest = live.filter((candidate) => votes[candidate] === least);
    let out = lowest[0]!;
    if (lowest.length > 1) {
      const settled = lowerOf(lowest, rounds, input.draw);
      out = settled.candidate;
      round.tie = { candidates: lowest, settledBy: settled.settledBy };
    }
    continuing.delete(out);
    round.actions.push({ kind: 'excluded', candidate: out });
  }
  return {
    method: 'instant-runoff',
    seats: 1,
    validBallots: papers.length,
    quota: null,
    elected,
    rounds,
  };
}

/** The Droop quota of a count, in units. */
const droopQuota = (validBallots: number, seats: number) =>
  (Math.floor(validBallots / (seats + 1)) + 1) * ONE_VOTE;

/** Counts a post of several seats by STV (Weighted Inclusive Gregory Method, Droop quota). */
export function countStv(input: {
  candidates: readonly string[];
  seats: number;
  ballots: readonly RankedBallot[];
  draw: readonly string[];
}): CountResult {
  const { candidates, seats, draw } = input;
  if (!Number.isInteger(seats) || seats < 1) throw new Error('a post has at least one seat');
  const papers = papersOf(candidates, input.ballots, draw);
  const quota = droopQuota(papers.length, seats);
  const continuing = new Set(candidates);
  const elected: string[] = [];
  /** Each candidate's papers; an elected candidate's until their surplus passes on. */
  const piles = new Map<string, Paper[]>(candidates.map((candidate) => [candidate, []]));
  const votes: Record<string, number> = Object.fromEntries(candidates.map((c) => [c, 0]));
  let exhausted = 0;
  /** Elected candidates whose surplus has not passed on yet, in the order they were elected. */
  const surpluses: string[] = [];
  const rounds: CountRound[] = [];

  const place = (paper: Paper) => {
    if (advance(paper, continuing)) {
      const candidate = paper.ranking[paper.at]!;
      piles.get(candidate)!.push(paper);
      votes[candidate]! += paper.value;
    } else exhausted += paper.value;
  };
  for (const paper of papers) place(paper);

  while (elected.length < seats) {
    const round: CountRound = {
      number: rounds.length + 1,
      votes: { ...votes },
      exhausted,
      actions: [],
      tie: null,
    };
    rounds.push(round);
    // Those at or over the quota are elected, the most votes first.
    const reached = [...continuing].filter((candidate) => votes[candidate]! >= quota);
    if (reached.length > 0) {
      const ordered = orderHighestFirst(reached, votes, rounds, draw, round);
      const now = ordered.slice(0, seats - elected.length);
      for (const candidate of now) {
        continuing.delete(candidate);
        elected.push(candidate);
        if (votes[candidate]! > quota) surpluses.push(candidate);
      }
      round.actions.push({ kind: 'elected', candidates: now });
      if (elected.length === seats) break;
    }
    if (continuing.size <= seats - elected.length) {
      const rest = orderHighestFirst([...continuing], votes, rounds, draw, round);
      elected.push(...rest);
      round.actions.push({ kind: 'remaining-elected', candidates: rest });
      break;
    }
    if (surpluses.length > 0) {
      // The largest surplus first; equal ones by the tie rule.
      const largest = Math.max(...surpluses.map((candidate) => votes[candidate]!));
      const tied = surpluses.filter((candidate) => votes[candidate] === largest);
      const from = orderHighestFirst(tied, votes, rounds, draw, round)[0]!;
      surpluses.splice(surpluses.indexOf(from), 1);
      const total = votes[from]!;
      const surplus = total - quota;
      for (const paper of piles.get(from)!) {
        paper.value = Math.floor((surplus * paper.value) / total);
        paper.at += 1;
        place(paper);
      }
      const transferValue = Math.floor((surplus * ONE_VOTE) / total);
      piles.set(from, []);
      votes[from] = quota;
      round.actions.push({ kind: 'surplus', candidate: from, transferValue });
      continue;
    }
    const live = [...continuing];
    const least = Math.min(...live.map((candidate) => votes[candidate]!));
    const lowest = live.filter((candidate) => votes[candidate] === least);
    let out = lowest[0]!;
    if (lowest.length > 1) {
      const settled = lowerOf(lowest, rounds, draw);
      out = settled.candidate;
      round.tie = { candidates: lowest, settledBy: settled.settledBy };
    }
    continuing.delete(out);
    const pile = piles.get(out)!;
    piles.set(out, []);
    votes[out] = 0;
    for (const paper of pile) place(paper);
    round.actions.push({ kind: 'excluded', candidate: out });
  }
  return {
    method: 'stv-wigm',
    seats,
    validBallots: papers.length,
    quota,
    elected,
    rounds,
  };
}

/** Candidates by votes, highest first, equal votes by the tie rule (noted on the round). */
function orderHighestFirst(
  group: readonly string[],
  votes: Record<string, number>,
  rounds: readonly CountRound[],
  draw: readonly string[],
  round: CountRound,
): string[] {
  const byVotes = [...group].sort((a, b) => votes[b]! - votes[a]!);
  const ordered: string[] = [];
  while (ordered.length < byVotes.length) {
    const these = votes[byVotes[ordered.length]!]!;
    const tied = byVotes.filter((candidate) => votes[candidate] === these);
    ordered.push(...highestFirst(tied, rounds, draw, round));
  }
  return ordered;
}

/** Candidates with equal votes, highest first by the tie rule (noted on the round). */
function highestFirst(
  tied: readonly string[],
  rounds: readonly CountRound[],
  draw: readonly string[],
  round: CountRound,
): string[] {
  if (tied.length === 1) return [...tied];
  const rest = [...tied];
  const lowestFirst: string[] = [];
  let settledBy: 'earlier-round' | 'draw' = 'earlier-round';
  while (rest.length > 1) {
    const lower = lowerOf(rest, rounds, draw);
    if (lower.settledBy === 'draw') settledBy = 'draw';
    lowestFirst.push(lower.candidate);
    rest.splice(rest.indexOf(lower.candidate), 1);
  }
  round.tie ??= { candidates: [...tied], settledBy };
  return [...rest, ...lowestFirst.reverse()];
}
