import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './helpers';
import { orgUnits } from './org-units';
import { positions } from './positions';
import { bytea, users } from './users';

/*
 * Council elections (decisions 0036 and 0037): an election's posts, who stands, and the secret
 * ballot. A ballot names no voter and carries no time; that a person has voted for a post is a
 * row of its own, unique, written in the ballot's transaction, and never linked to the ballot.
 */

/** An election: its windows, in UTC (shown in the institute's time zone), and who runs it. */
export const elections = pgTable(
  'elections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description'),
    /** The tenure the elected hold their positions for, 'YYYY-YYYY'. */
    tenureYear: text('tenure_year').notNull(),
    /** The election officer the administrator named for this election; null: the administrator runs it. */
    officerId: uuid('officer_id').references(() => users.id, { onDelete: 'set null' }),
    nominationsOpenAt: timestamp('nominations_open_at', { withTimezone: true }).notNull(),
    nominationsCloseAt: timestamp('nominations_close_at', { withTimezone: true }).notNull(),
    votingOpenAt: timestamp('voting_open_at', { withTimezone: true }).notNull(),
    votingCloseAt: timestamp('voting_close_at', { withTimezone: true }).notNull(),
    certifiedAt: timestamp('certified_at', { withTimezone: true }),
    certifiedBy: uuid('certified_by').references(() => users.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Nominations, then campaigning (from their close to the vote), then the vote.
    check(
      'elections_windows_check',
      sql`${t.nominationsOpenAt} < ${t.nominationsCloseAt} and ${t.nominationsCloseAt} <= ${t.votingOpenAt} and ${t.votingOpenAt} < ${t.votingCloseAt}`,
    ),
    index('elections_voting_idx').on(t.votingOpenAt, t.votingCloseAt),
  ],
);

/** A post of an election: a position and its seats, and who may vote for it (every limit must hold). */
export const electionPosts = pgTable(
  'election_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    electionId: uuid('election_id')
      .notNull()
      .references(() => elections.id, { onDelete: 'cascade' }),
    positionId: uuid('position_id')
      .notNull()
      .references(() => positions.id),
    seats: integer('seats').notNull().default(1),
    voterBatchYears: integer('voter_batch_years')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    voterPrograms: text('voter_programs')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    voterDisciplines: text('voter_disciplines')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Only the current members of this club, or the students under this council, when set. */
    voterUnitId: uuid('voter_unit_id').references(() => orgUnits.id),
    /** How many eligible voters must propose a nomination. */
    proposersNeeded: integer('proposers_needed').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('election_posts_position_key').on(t.electionId, t.positionId),
    check('election_posts_seats_check', sql`${t.seats} between 1 and 20`),
    check('election_posts_proposers_check', sql`${t.proposersNeeded} between 0 and 10`),
  ],
);

/** A nomination for a post: filed, then accepted or rejected by the officer, or withdrawn. */
export const electionCandidates = pgTable(
  'election_candidates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => electionPosts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    manifesto: text('manifesto').notNull(),
    /**
     * The SHA-256 of the manifesto PDF, hex; null when there is none. Its bytes are kept apart, so
     * that the audit line of an attachment, a replacement or a removal names the file, not its bytes.
     */
    manifestoPdfSha256: text('manifesto_pdf_sha256'),
    status: text('status').notNull().default('filed'),
    reason: text('reason'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('election_candidates_person_key').on(t.postId, t.userId),
    check(
      'election_candidates_status_check',
      sql`${t.status} in ('filed', 'accepted', 'rejected', 'withdrawn')`,
    ),
    check('election_candidates_pdf_sha256_check', sql`${t.manifestoPdfSha256} ~ '^[0-9a-f]{64}$'`),
  ],
);

/** A nomination's manifesto PDF, as its nominee uploaded it (one at most; checked by its bytes). */
export const electionManifestoPdfs = pgTable(
  'election_manifesto_pdfs',
  {
    candidateId: uuid('candidate_id')
      .primaryKey()
      .references(() => electionCandidates.id, { onDelete: 'cascade' }),
    pdf: bytea('pdf').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('election_manifesto_pdfs_size_check', sql`octet_length(${t.pdf}) between 1 and 5242880`),
  ],
);

/** The eligible voters who propose a nomination, as many as its post needs. */
export const electionProposers = pgTable(
  'election_proposers',
  {
    candidateId: uuid('candidate_id')
      .notNull()
      .references(() => electionCandidates.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
  },
  (t) => [primaryKey({ columns: [t.candidateId, t.userId] })],
);

/**
 * A cast ballot: the candidates it ranks, most preferred first (none: none of the above), and the
 * hash of the receipt its voter holds. No voter, no time, no order of casting: its id is random.
 */
export const ballots = pgTable(
  'ballots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => electionPosts.id),
    ranking: uuid('ranking').array().notNull(),
    receiptHash: text('receipt_hash').notNull(),
  },
  (t) => [uniqueIndex('ballots_receipt_key').on(t.receiptHash), index('ballots_post_idx').on(t.postId)],
);

/** That a person has voted for a post, and nothing of how: one each, so a second vote cannot be. */
export const ballotParticipations = pgTable(
  'ballot_participations',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => electionPosts.id),
    voterId: uuid('voter_id')
      .notNull()
      .references(() => users.id),
  },
  (t) => [primaryKey({ columns: [t.postId, t.voterId] })],
);

/** The notices an election's voters were sent, each once: claimed in the transaction that sends it. */
export const electionNotices = pgTable(
  'election_notices',
  {
    electionId: uuid('election_id')
      .notNull()
      .references(() => elections.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.electionId, t.kind] }),
    check(
      'election_notices_kind_check',
      sql`${t.kind} in ('nominations-open', 'voting-open', 'reminder')`,
    ),
  ],
);

export type Election = typeof elections.$inferSelect;
export type NewElection = typeof elections.$inferInsert;
export type ElectionPost = typeof electionPosts.$inferSelect;
export type NewElectionPost = typeof electionPosts.$inferInsert;
export type ElectionCandidate = typeof electionCandidates.$inferSelect;
