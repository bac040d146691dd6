import { z } from 'zod';
import { isPlainLine, isPlainText } from './plain-text';
import { PROGRAMS } from './constants';
import { UuidSchema, uuidInput } from './common';

/*
 * Council elections (decisions 0036 to 0038): set-up by the administrator, nominations, the secret
 * ballot and its receipt, the count round by round, and certification into position holders.
 */

export const MAX_ELECTION_TITLE = 120;
export const MAX_ELECTION_DESCRIPTION = 2_000;
export const MAX_MANIFESTO = 5_000;
export const MAX_REASON = 500;
export const MAX_POSTS = 20;
export const MAX_SEATS = 20;
export const MAX_PROPOSERS = 10;

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

const title = z
  .string({ error: ELECTION_MESSAGES.titleRequired })
  .trim()
  .min(1, ELECTION_MESSAGES.titleRequired)
  .max(MAX_ELECTION_TITLE, ELECTION_MESSAGES.titleInvalid)
  .refine(isPlainLine, ELECTION_MESSAGES.titleInvalid);

const instant = z.iso
  .datetime({ offset: true, error: ELECTION_MESSAGES.dateTimeInvalid })
  .refine((value) => {
    const at = Date.parse(value);
    return at >= Date.parse('2000-01-01T00:00:00Z') && at < Date.parse('2100-01-01T00:00:00Z');
  }, ELECTION_MESSAGES.dateTimeInvalid);

const batchYear = z
  .number({ error: ELECTION_MESSAGES.batchYearInvalid })
  .int(ELECTION_MESSAGES.batchYearInvalid)
  .min(2000, ELECTION_MESSAGES.batchYearInvalid)
  .max(2100, ELECTION_MESSAGES.batchYearInvalid);

/** A post of the election: a position, its seats, who may vote for it, and how many must propose a nomination. */
const ElectionPostInputSchema = z.object({
  positionId: uuidInput(ELECTION_MESSAGES.positionUnknown),
  seats: z
    .number({ error: ELECTION_MESSAGES.seatsRange })
    .int(ELECTION_MESSAGES.seatsRange)
    .min(1, ELECTION_MESSAGES.seatsRange)
    .max(MAX_SEATS, ELECTION_MESSAGES.seatsRange),
  voterBatchYears: z.array(batchYear).max(20).default([]),
  voterPrograms: z
    .array(z.enum(PROGRAMS, { error: ELECTION_MESSAGES.programInvalid }))
    .max(PROGRAMS.length)
    .default([]),
  voterDisciplines: z.array(z.string().trim().min(1).max(120)).max(50).default([]),
  voterUnitId: uuidInput(ELECTION_MESSAGES.unitUnknown).nullable().default(null),
  proposersNeeded: z
    .number({ error: ELECTION_MESSAGES.proposersRange })
    .int(ELECTION_MESSAGES.proposersRange)
    .min(0, ELECTION_MESSAGES.proposersRange)
    .max(MAX_PROPOSERS, ELECTION_MESSAGES.proposersRange)
    .default(0),
});

/** POST /api/elections: an election set up by the administrator. Windows are instants with their offset. */
export const ElectionInputSchema = z
  .object({
    title,
    description: z
      .string()
      .trim()
      .max(MAX_ELECTION_DESCRIPTION, ELECTION_MESSAGES.descriptionInvalid)
      .refine(isPlainText, ELECTION_MESSAGES.descriptionInvalid)
      .default(''),
    tenureYear: z
      .string({ error: ELECTION_MESSAGES.tenureInvalid })
      .regex(/^\d{4}-\d{4}$/, ELECTION_MESSAGES.tenureInvalid)
      .refine((v) => Number(v.slice(5)) === Number(v.slice(0, 4)) + 1, ELECTION_MESSAGES.tenureInvalid),
    officerId: uuidInput(ELECTION_MESSAGES.officerUnknown).nullable().default(null),
    nominationsOpenAt: instant,
    nominationsCloseAt: instant,
    votingOpenAt: instant,
    votingCloseAt: instant,
    posts: z
      .array(ElectionPostInputSchema)
      .min(1, ELECTION_MESSAGES.postsRequired)
      .max(MAX_POSTS, ELECTION_MESSAGES.postsTooMany),
  })
  .superRefine((input, ctx) => {
    const [a, b, c, d] = [
      input.nominationsOpenAt,
      input.nominationsCloseAt,
      input.votingOpenAt,
      input.votingCloseAt,
    ].map((value) => Date.parse(value)) as [number, number, number, number];
    if (!(a < b && b <= c && c < d))
      ctx.addIssue({ code: 'custom', path: ['votingCloseAt'], message: ELECTION_MESSAGES.windowsOrder });
    const positions = input.posts.map((post) => post.positionId);
    if (new Set(positions).size !== positions.length)
      ctx.addIssue({ code: 'custom', path: ['posts'], message: ELECTION_MESSAGES.samePositionTwice });
  });
export type ElectionInput = z.infer<typeof ElectionInputSchema>;

/** POST /api/elections/:id/posts/:postId/nominations. */
export const NominationInputSchema = z.object({
  manifesto: z
    .string({ error: ELECTION_MESSAGES.manifestoRequired })
    .trim()
    .min(1, ELECTION_MESSAGES.manifestoRequired)
    .max(MAX_MANIFESTO, ELECTION_MESSAGES.manifestoInvalid)
    .refine(isPlainText, ELECTION_MESSAGES.manifestoInvalid),
  proposerIds: z.array(UuidSchema).max(MAX_PROPOSERS).default([]),
});
export type NominationInput = z.infer<typeof NominationInputSchema>;

/** POST /api/elections/nominations/:id/decision: accept, or reject with a reason the candidate reads. */
export const NominationDecisionSchema = z
  .object({
    decision: z.enum(['accept', 'reject'], { error: ELECTION_MESSAGES.decisionInvalid }),
    reason: z
      .string()
      .trim()
      .max(MAX_REASON, ELECTION_MESSAGES.reasonInvalid)
      .refine(isPlainLine, ELECTION_MESSAGES.reasonInvalid)
      .default(''),
  })
  .refine((input) => input.decision === 'accept' || input.reason.length > 0, {
    path: ['reason'],
    message: ELECTION_MESSAGES.reasonRequired,
  });

/** POST /api/elections/posts/:postId/ballots: the candidates ranked, most preferred first; none: none of the above. */
export const BallotInputSchema = z.object({
  ranking: z.array(UuidSchema).max(100),
});

export const PostParamsSchema = z.object({ postId: UuidSchema });
export const ElectionPostParamsSchema = z.object({ id: UuidSchema, postId: UuidSchema });

const person = z.object({ id: z.string(), name: z.string() });

export const CandidateSchema = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  batchYear: z.number().nullable(),
  program: z.string().nullable(),
  manifesto: z.string(),
  status: z.enum(CANDIDATE_STATUSES),
  reason: z.string().nullable(),
  proposers: z.array(person),
  mine: z.boolean(),
});
export type Candidate = z.infer<typeof CandidateSchema>;

/** Whether the signed-in person may do something, and why not in words when not. */
const permission = z.object({ ok: z.boolean(), reason: z.string().nullable() });

export const ElectionPostSchema = z.object({
  id: z.string(),
  positionId: z.string(),
  positionTitle: z.string(),
  unitName: z.string(),
  seats: z.number(),
  proposersNeeded: z.number(),
  /** Who votes, in words: 'Every student', or the limits ('batch 2024; B.Tech; members of Robotics Club'). */
  voters: z.string(),
  voterBatchYears: z.array(z.number()),
  voterPrograms: z.array(z.string()),
  voterDisciplines: z.array(z.string()),
  voterUnitId: z.string().nullable(),
  voterUnitName: z.string().nullable(),
  requirements: z.object({
    minCgpa: z.number(),
    minYear: z.number(),
    skillsRequired: z.array(z.string()),
  }),
  canVote: permission,
  voted: z.boolean(),
  canStand: permission,
  /** Accepted candidates for everyone who may see the post; every nomination for its managers; one's own always. */
  candidates: z.array(CandidateSchema),
  /** The accepted candidates in the draw's order (ties at every round go to the earlier), from the close of nominations. */
  draw: z.array(z.string()).nullable(),
});
export type ElectionPost = z.infer<typeof ElectionPostSchema>;

export const ElectionSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  phase: z.enum(ELECTION_PHASES),
  tenureYear: z.string(),
  nominationsOpenAt: z.string(),
  nominationsCloseAt: z.string(),
  votingOpenAt: z.string(),
  votingCloseAt: z.string(),
  postCount: z.number(),
});
export type ElectionSummary = z.infer<typeof ElectionSummarySchema>;

export const ElectionListSchema = z.object({ elections: z.array(ElectionSummarySchema) });

export const ElectionDetailSchema = ElectionSummarySchema.extend({
  description: z.string(),
  officer: person.nullable(),
  /** The administrator, or this election's officer: sets nominations' outcome and certifies. */
  canManage: z.boolean(),
  certifiedAt: z.string().nullable(),
  tieRule: z.string(),
  posts: z.array(ElectionPostSchema),
});
export type ElectionDetail = z.infer<typeof ElectionDetailSchema>;
export const ElectionResponseSchema = z.object({ election: ElectionDetailSchema });
export const CandidateResponseSchema = z.object({ candidate: CandidateSchema });
export const ReceiptResponseSchema = z.object({ receipt: z.string() });

const action = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('elected'), candidates: z.array(z.string()) }),
  z.object({ kind: z.literal('surplus'), candidate: z.string(), transferValue: z.number() }),
  z.object({ kind: z.literal('excluded'), candidate: z.string() }),
  z.object({ kind: z.literal('remaining-elected'), candidates: z.array(z.string()) }),
]);

/** A group's count in the turnout: groups under 5 voters are put together in one row, whose count is null ('fewer than 5') when it is under 5 too. */
const turnoutGroup = z.object({ group: z.string(), voters: z.number().nullable() });

/** GET /api/elections/posts/:postId/results: after the close, the count and the ballots. */
export const PostResultsSchema = z.object({
  post: z.object({
    id: z.string(),
    electionId: z.string(),
    positionTitle: z.string(),
    seats: z.number(),
  }),
  method: z.enum(['instant-runoff', 'stv-wigm']),
  /** Each candidate's name by id, none of the above included. */
  candidates: z.array(person),
  validBallots: z.number(),
  /** Votes needed to be elected (STV), to five decimals; null for instant-runoff (a majority of the continuing votes). */
  quota: z.number().nullable(),
  elected: z.array(z.string()),
  rounds: z.array(
    z.object({
      number: z.number(),
      /** Votes to five decimals, by candidate id. */
      votes: z.record(z.string(), z.number()),
      exhausted: z.number(),
      actions: z.array(action),
      tie: z
        .object({ candidates: z.array(z.string()), settledBy: z.enum(['earlier-round', 'draw']) })
        .nullable(),
    }),
  ),
  turnout: z.object({
    eligible: z.number(),
    voted: z.number(),
    byBatch: z.array(turnoutGroup),
    byProgram: z.array(turnoutGroup),
  }),
  /** Every ballot, by its receipt's hash, in hash order. */
  ballots: z.array(z.object({ receiptHash: z.string(), ranking: z.array(z.string()) })),
});
export type PostResults = z.infer<typeof PostResultsSchema>;
