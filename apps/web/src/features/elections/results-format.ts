import { NONE_OF_THE_ABOVE, type PostResults } from '@cosa/contracts';
import { sha256Hex } from './sha256';

type Round = PostResults['rounds'][number];
type Action = Round['actions'][number];

const votes = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 5 });

/** A count of votes as the rule keeps it, to five decimals at most: '12', '3.33333'. */
export const formatVotes = (value: number) => votes.format(value);

/** Each candidate's name by id, none of the above included. */
export function namesOf(results: PostResults): (id: string) => string {
  const names = new Map(results.candidates.map((person) => [person.id, person.name]));
  return (id) =>
    names.get(id) ?? (id === NONE_OF_THE_ABOVE ? 'None of the above' : 'A former candidate');
}

/** The counting method in words, and what it takes to be elected. */
export function methodOf(results: PostResults): { name: string; rule: string } {
  if (results.method === 'instant-runoff')
    return {
      name: 'Instant-runoff voting',
      rule: 'Each ballot counts for its highest-ranked continuing candidate. A candidate with more than half of the continuing votes is elected; otherwise the candidate with the fewest votes is excluded and the ballots are counted again.',
    };
  return {
    name: 'Single transferable vote, by the Weighted Inclusive Gregory Method, with a Droop quota',
    rule: 'A candidate with at least the quota of votes is elected. An elected candidate’s surplus passes on with every ballot they hold, at a reduced value; with no surplus left, the candidate with the fewest votes is excluded and their ballots pass on at their value.',
  };
}

function actionText(action: Action, name: (id: string) => string): string {
  switch (action.kind) {
    case 'elected':
      return `Elected: ${action.candidates.map(name).join(', ')}.`;
    case 'remaining-elected':
      return `Elected, as many continuing as seats left: ${action.candidates.map(name).join(', ')}.`;
    case 'surplus':
      return `Surplus of ${name(action.candidate)} transferred at value ${formatVotes(action.transferValue)}.`;
    case 'excluded':
      return `Excluded: ${name(action.candidate)}.`;
  }
}

/** What happened in a round, in sentences: who was elected or excluded, surpluses, and a tie and how it was settled. */
export function roundOutcome(round: Round, name: (id: string) => string): string[] {
  const lines = round.actions.map((action) => actionText(action, name));
  if (round.tie)
    lines.push(
      `Tie between ${round.tie.candidates.map(name).join(' and ')}, settled by ${
        round.tie.settledBy === 'draw' ? 'the draw' : 'the votes at an earlier round'
      }.`,
    );
  return lines;
}

/** A ranking in words: 'Asha Verma, then Rohan Das'. */
export const rankingText = (ranking: readonly string[], name: (id: string) => string) =>
  ranking.length === 0 ? name(NONE_OF_THE_ABOVE) : ranking.map(name).join(', then ');

/**
 * The published hash of a receipt code, as the server makes it: SHA-256 (hex) of the code upper
 * case with everything but 0-9 and A-Z left out, so dashes and spaces typed do not matter.
 */
export const receiptHashOf = (code: string): Promise<string> =>
  sha256Hex(code.toUpperCase().replace(/[^0-9A-Z]/g, ''));
