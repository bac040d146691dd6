import { PROGRAMS } from './constants';

/*
 * The limits, phases and words of council elections (decisions 0036 to 0038), which the server
 * and the pages share.
 */

export const MAX_ELECTION_TITLE = 120;
export const MAX_ELECTION_DESCRIPTION = 2_000;
export const MAX_MANIFESTO = 5_000;
export const MAX_REASON = 500;
export const MAX_POSTS = 20;
export const MAX_SEATS = 20;
export const MAX_PROPOSERS = 10;
/** The first tenure an election may fill; the last is two years from now. */
export const MIN_ELECTION_TENURE = 2016;
/** A time of the timetable typed up to this long before it is saved reads as now (the time the form takes). */
export const TIMETABLE_GRACE_MS = 60_000;

export const ELECTION_PHASES = [
  'upcoming',
  'nominations',
  'campaigning',
  'voting',
  'counting',
  'certified',
] as const;
export type ElectionPhase = (typeof ELECTION_PHASES)[number];

export const CANDIDATE_STATUSES = ['filed', 'accepted', 'rejected', 'withdrawn'] as const;
export type CandidateStatus = (typeof CANDIDATE_STATUSES)[number];

/** The id "none of the above" has in a count, a ranking and the published ballots. */
export const NONE_OF_THE_ABOVE = 'none-of-the-above';

/** The tie rule every election publishes before voting (decision 0036). */
export const TIE_RULE =
  'Of candidates with equal votes, the one with fewer votes at the earliest round at which they differed counts as lower; equal at every round, the one later in the draw counts as lower. The lower is excluded first. The draw orders the candidates by the SHA-256 of the election’s id and the candidate’s id; none of the above comes last.';

export const ELECTION_MESSAGES = {
  heading: 'Elections',
  titleRequired: 'Title is required.',
  titleInvalid: `Title must be one line of at most ${MAX_ELECTION_TITLE} characters.`,
  descriptionInvalid: `Description must be at most ${MAX_ELECTION_DESCRIPTION} characters of text.`,
  tenureInvalid: 'Tenure must be two consecutive years, such as 2026-2027.',
  tenureRange: 'Tenure must start in 2016 or later, and at most two years from now.',
  tenureFixed: 'The tenure cannot change once voting has opened.',
  stale:
    'Someone else changed this election since you opened it. Reload the page to see their changes, then make yours again.',
  dateTimeInvalid: 'Enter a valid date and time.',
  windowsOrder:
    'Nominations must open before they close, close no later than voting opens, and voting must open before it closes.',
  nominationsInPast: 'Nominations cannot open in the past.',
  postsRequired: 'Add at least one post.',
  postsTooMany: `An election has at most ${MAX_POSTS} posts.`,
  samePositionTwice: 'Each position can be a post of the election only once.',
  seatsRange: `Seats must be a whole number from 1 to ${MAX_SEATS}.`,
  proposersRange: `Proposers must be a whole number from 0 to ${MAX_PROPOSERS}.`,
  programInvalid: `Program must be one of: ${PROGRAMS.join(', ')}.`,
  batchYearInvalid: 'Batch years must be years from 2000 to 2100.',
  positionUnknown: 'Please choose a position from the list.',
  positionRetired: 'This position is retired and cannot be elected.',
  seatsOverPosition: (count: number) =>
    `The position has ${count} ${count === 1 ? 'seat' : 'seats'}: an election cannot fill more.`,
  unitUnknown: 'Please choose a club or council from the list.',
  officerUnknown: 'The officer must be an active account.',
  officerStands: 'The officer cannot stand in the election they run.',
  notFound: 'Election not found.',
  postNotFound: 'This post is not in any election.',
  notManager: 'Only the administrator or this election’s officer can do this.',
  manifestoRequired: 'Write your manifesto.',
  manifestoInvalid: `The manifesto must be at most ${MAX_MANIFESTO} characters of text.`,
  proposersNeeded: (needed: number) =>
    `This post needs ${needed} ${needed === 1 ? 'proposer' : 'proposers'}, each an eligible voter other than you.`,
  proposerIneligible: (name: string) => `${name} cannot vote for this post, so cannot propose.`,
  proposerSelf: 'You cannot propose yourself.',
  proposerTwice: 'Name each proposer once.',
  proposerUnknown: 'One of the proposers is not an active student.',
  officerProposes: 'The officer cannot propose a candidate in the election they run.',
  nominationsNotOpen: 'Nominations for this election are not open.',
  alreadyNominated: 'You have already filed a nomination for this post.',
  cannotStand: (reasons: string) => `You cannot stand for this post: ${reasons}`,
  nominationNotFound: 'Nomination not found.',
  decisionInvalid: 'Choose accept or reject.',
  reasonRequired: 'Give a reason for the rejection.',
  reasonInvalid: `The reason must be one line of at most ${MAX_REASON} characters.`,
  decidedAlready: 'This nomination has been decided already.',
  pdfChanged:
    'The nominee changed the manifesto PDF since you opened the page. Read the new one, then decide.',
  decideTooLate: 'Nominations can be decided only until voting opens.',
  withdrawnAlready: 'This nomination has been withdrawn already.',
  withdrawTooLate: 'A candidate can withdraw only before voting opens.',
  notYours: 'This is not your nomination.',
  certifyTooEarly: 'The result can be certified once the vote has closed.',
  certifiedAlready: 'This election’s result has been certified already.',
  certified: 'Result certified: the winners now hold their positions.',
  updated: 'Election updated.',
  certifiedFixed: 'A certified election cannot be changed.',
  timePassed: 'This time has passed and cannot be changed.',
  timeIntoPast: 'A time still to come can move to now or later, not into the past.',
  postsFixed:
    'The posts cannot change once nominations have opened: candidates have stood for them as they are.',
  officerByAdministrator: 'Only the administrator names the returning officer.',
  receiptTitle: 'Your receipt',
  receiptHint:
    'Keep this code. After the close, find it in the published ballots to check that your ballot was counted. It does not show how you voted to anyone else, and it cannot be shown again.',
  receiptNotFound: 'No ballot with this receipt is in the published list.',
  receiptFound: 'Your ballot is in the published list, counted as shown.',
} as const;
