import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { CLUB_IMAGE_KINDS, JOIN_REQUEST_KINDS, JOIN_REQUEST_STATUSES } from '@cosa/contracts';
import { createdAt, oneOf, updatedAt } from './helpers';
import { orgUnits } from './org-units';
import { bytea, users } from './users';

/*
 * Clubs students can find and join: each club's page, the tags the administrator keeps, follows,
 * join requests and invitations, and memberships with their history.
 */

/** A club's (or body's) page: its address, what it does, how to reach it, whether it takes members. */
export const clubPages = pgTable(
  'club_pages',
  {
    unitId: uuid('unit_id')
      .primaryKey()
      .references(() => orgUnits.id, { onDelete: 'cascade' }),
    /** The page's address: /clubs/{slug}. */
    slug: text('slug').notNull(),
    tagline: text('tagline'),
    about: text('about'),
    contact: text('contact'),
    howToJoin: text('how_to_join'),
    /** Open to new members: the directory lists it first, and students may ask to join. */
    recruiting: boolean('recruiting').notNull().default(false),
    /** The question every applicant answers, when the club asks one. */
    joinQuestion: text('join_question'),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * What the directory reads of the club, kept by triggers on the page, its tags, the tag list
     * and the units (migration 0043), so that a search reads one row a club and its trigram
     * indexes: the nearest council body above it (itself for a body), ...
     */
    councilId: uuid('council_id').references(() => orgUnits.id, {
      onDelete: 'set null',
    }),
    /** ... its name, tags' names and tagline, lower-cased (where a near miss is looked for), ... */
    searchNames: text('search_names').notNull().default(''),
    /** ... and the same with its description (where each word of a search is looked for). */
    searchWords: text('search_words').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('club_pages_slug_key').on(t.slug),
    index('club_pages_search_names_trgm_idx')
      .using('gin', t.searchNames.op('gin_trgm_ops'))
      .with({ fastupdate: false }),
    index('club_pages_search_words_trgm_idx')
      .using('gin', t.searchWords.op('gin_trgm_ops'))
      .with({ fastupdate: false }),
    check('club_pages_slug_check', sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
  ],
);

/**
 * A club's logo and banner, re-encoded as uploaded photos are (no metadata, WebP). A new upload
 * gets a new id, so a copy kept by a browser never shows the old picture.
 */
export const clubImages = pgTable(
  'club_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    unitId: uuid('unit_id')
      .notNull()
      .references(() => orgUnits.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: CLUB_IMAGE_KINDS }).notNull(),
    image: bytea('image').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('club_images_unit_kind_key').on(t.unitId, t.kind),
    check('club_images_kind_check', oneOf(t.kind, CLUB_IMAGE_KINDS)),
    check('club_images_image_size_check', sql`octet_length(${t.image}) between 1 and 2097152`),
  ],
);

/** The curated list of club tags the administrator keeps. */
export const clubTags = pgTable(
  'club_tags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('club_tags_name_lower_key').on(sql`lower(${t.name})`)],
);

/** A club's tags (at most four, checked by the service under the page's lock). */
export const clubPageTags = pgTable(
  'club_page_tags',
  {
    unitId: uuid('unit_id')
      .notNull()
      .references(() => orgUnits.id, { onDelete: 'cascade' }),
    tagId: uuid('tag_id')
      .notNull()
      .references(() => clubTags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.unitId, t.tagId] }), index('club_page_tags_tag_idx').on(t.tagId)],
);

/** A student follows a club: its events come into their calendar feed and home. */
export const clubFollows = pgTable(
  'club_follows',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    unitId: uuid('unit_id')
      .notNull()
      .references(() => orgUnits.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.unitId] }), index('club_follows_unit_idx').on(t.unitId)],
);

/**
 * A student's request to join a club, or the club's invitation to a student: one open at a time
 * per person and club (a partial unique key), answered once.
 */
export const clubJoinRequests = pgTable(
  'club_join_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    unitId: uuid('unit_id')
      .notNull()
      .references(() => orgUnits.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: JOIN_REQUEST_KINDS }).notNull(),
    status: text('status', { enum: JOIN_REQUEST_STATUSES }).notNull().default('pending'),
    /** The club's question as it was asked then, and the applicant's answer. */
    question: text('question'),
    answer: text('answer'),
    /** Why it was declined. */
    reason: text('reason'),
    /** Who invited (an invitation); who answered it. */
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('club_join_requests_open_key')
      .on(t.unitId, t.userId)
      .where(sql`${t.status} = 'pending'`),
    index('club_join_requests_unit_idx').on(t.unitId, t.status, t.createdAt),
    index('club_join_requests_user_idx').on(t.userId, t.createdAt.desc()),
    index('club_join_requests_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    check('club_join_requests_kind_check', oneOf(t.kind, JOIN_REQUEST_KINDS)),
    check('club_join_requests_status_check', oneOf(t.status, JOIN_REQUEST_STATUSES)),
  ],
);

/**
 * A person's membership of a club over time: from when it started until it ended (with why). The
 * periods of one person in one club never overlap (an exclusion constraint, migration
 * 'club_membership').
 */
export const clubMemberships = pgTable(
  'club_memberships',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    unitId: uuid('unit_id')
      .notNull()
      .references(() => orgUnits.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The role the club names: member, core member, ... */
    role: text('role').notNull().default('Member'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Why it ended: they left, or the coordinator's reason for removing them. */
    endReason: text('end_reason'),
    endedBy: uuid('ended_by').references(() => users.id, { onDelete: 'set null' }),
    /** The request or invitation it came from. */
    requestId: uuid('request_id').references(() => clubJoinRequests.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('club_memberships_current_key')
      .on(t.unitId, t.userId)
      .where(sql`${t.endedAt} is null`),
    index('club_memberships_unit_idx').on(t.unitId, t.endedAt),
    index('club_memberships_user_idx').on(t.userId, t.startedAt),
    check('club_memberships_period_check', sql`${t.endedAt} is null or ${t.endedAt} >= ${t.startedAt}`),
    check('club_memberships_role_check', sql`length(trim(${t.role})) between 1 and 40`),
  ],
);
