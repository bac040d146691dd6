import { z } from 'zod';
import { isPlainLine, isPlainText } from './plain-text';
import { PROGRAMS } from './constants';
import { UuidSchema, uuidInput } from './common';
import {
  CANDIDATE_STATUSES,
  ELECTION_MESSAGES,
  ELECTION_PHASES,
  MAX_ELECTION_DESCRIPTION,
  MAX_ELECTION_TITLE,
  MAX_MANIFESTO,
  MAX_PROPOSERS,
  MAX_REASON,
  MAX_POSTS,
  MAX_SEATS,
  MIN_ELECTION_TENURE,
} from './election-messages';

/*
 * Council elections (decisions 0036 to 0038): set-up by the administrator, nominations, the secret
 * ballot and its receipt, the count round by round, and certification into position holders.
 */

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

const description = z
  .string()
  .trim()
  .max(MAX_ELECTION_DESCRIPTION, ELECTION_MESSAGES.descriptionInvalid)
  .refine(isPlainText, ELECTION_MESSAGES.descriptionInvalid)
  .default('');

const tenureYear = z
  .string({ error: ELECTION_MESSAGES.tenureInvalid })
  .regex(/^\d{4}-\d{4}$/, ELECTION_MESSAGES.tenureInvalid)
  .refine((v) => Number(v.slice(5)) === Number(v.slice(0, 4)) + 1, ELECTION_MESSAGES.tenureInvalid)
  .refine((v) => {
    const start = Number(v.slice(0, 4));
    return start >= MIN_ELECTION_TENURE && start <= new Date().getFullYear() + 2;
  }, ELECTION_MESSAGES.tenureRange);

const officerId = uuidInput(ELECTION_MESSAGES.officerUnknown).nullable();

const posts = z
  .array(ElectionPostInputSchema)
  .min(1, ELECTION_MESSAGES.postsRequired)
  .max(MAX_POSTS, ELECTION_MESSAGES.postsTooMany);

/** The four times of an election, in the order they come. */
export const WINDOW_FIELDS = [
  'nominationsOpenAt',
  'nominationsCloseAt',
  'votingOpenAt',
  'votingCloseAt',
] as const;
type Timetable = Record<(typeof WINDOW_FIELDS)[number], string>;

/**
 * The first time out of order, or null: nominations open before they close, close no later than
 * voting opens, and voting opens before it closes. The message goes under that time.
 */
export function windowOutOfOrder(times: Timetable): (typeof WINDOW_FIELDS)[number] | null {
  const [a, b, c, d] = WINDOW_FIELDS.map((field) => Date.parse(times[field])) as [
    number,
    number,
    number,
    number,
  ];
  if (!(a < b)) return 'nominationsCloseAt';
  if (!(b <= c)) return 'votingOpenAt';
  if (!(c < d)) return 'votingCloseAt';
  return null;
}

const samePositionOnce = (input: { posts: { positionId: string }[] }, ctx: z.RefinementCtx) => {
  const positions = input.posts.map((post) => post.positionId);
  if (new Set(positions).size !== positions.length)
    ctx.addIssue({ code: 'custom', path: ['posts'], message: ELECTION_MESSAGES.samePositionTwice });
};

const electionFields = {
  title,
  description,
  tenureYear,
  nominationsOpenAt: instant,
  nominationsCloseAt: instant,
  votingOpenAt: instant,
  votingCloseAt: instant,
  posts,
};

/** POST /api/elections: an election set up by the administrator. Windows are instants with their offset. */
export const ElectionInputSchema = z
  .object({ ...electionFields, officerId: officerId.default(null) })
  .superRefine((input, ctx) => {
    const late = windowOutOfOrder(input);
    if (late) ctx.addIssue({ code: 'custom', path: [late], message: ELECTION_MESSAGES.windowsOrder });
    samePositionOnce(input, ctx);
  });
export type ElectionInput = z.infer<typeof ElectionInputSchema>;

/**
 * PUT /api/elections/:id: the election as it should be, with the version it was read at (a change
 * made meanwhile by someone else is not undone). The officer is named every time. The order of
 * the times is checked by the server once a time typed up to a minute back is read as now.
 */
export const ElectionChangeSchema = z
  .object({
    ...electionFields,
    officerId,
    version: z.string({ error: ELECTION_MESSAGES.stale }).min(1).max(64),
  })
  .superRefine(samePositionOnce);
export type ElectionChange = z.infer<typeof ElectionChangeSchema>;

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
    /** The digest of the manifesto PDF the manager read (null: none); a nomination whose PDF changed since is not decided. */
    manifestoPdfSha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .nullable()
      .optional(),
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
  /** The size of the manifesto PDF in bytes; null when the nominee attached none. */
  manifestoPdfBytes: z.number().nullable(),
  /** The PDF's SHA-256, which a decision names so that it decides on the file its manager read. */
  manifestoPdfSha256: z.string().nullable(),
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
  /** What a change sends back, so that it does not undo a change made meanwhile. */
  version: z.string(),
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
