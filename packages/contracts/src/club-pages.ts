import { z } from 'zod';
import { MAX_UNIT_CATEGORY } from './admin-units';
import { blankAsNull, emptyAsMissing, SearchTextSchema, UuidSchema } from './common';
import { isPlainLine, isPlainText } from './plain-text';

/*
 * Clubs students can find: the directory, each club's page and its editor, the tags the
 * administrator keeps, and follows.
 */

/** A club's pictures: the square logo, and the wide banner across the top of its page. */
export const CLUB_IMAGE_KINDS = ['logo', 'banner'] as const;
export type ClubImageKind = (typeof CLUB_IMAGE_KINDS)[number];
/** A club carries at most this many of the administrator's tags. */
const MAX_CLUB_TAGS = 4;
/** The banner's size once re-encoded (the logo is a square photo). */
export const CLUB_BANNER_SIZE = { width: 1200, height: 400 } as const;

const MAX_TAGLINE = 140;
const MAX_ABOUT = 5000;
const MAX_CONTACT = 300;
const MAX_HOW_TO_JOIN = 2000;
const MAX_TAG_NAME = 30;
/** A unit's category, as the administrator may write it. */
const MAX_CATEGORY = MAX_UNIT_CATEGORY;

export const CLUB_PAGE_MESSAGES = {
  taglineTooLong: `The tagline must be one line of at most ${MAX_TAGLINE} characters.`,
  aboutTooLong: `About must be at most ${MAX_ABOUT.toLocaleString('en-IN')} characters.`,
  contactTooLong: `Contact must be at most ${MAX_CONTACT} characters.`,
  howToJoinTooLong: `How to join must be at most ${MAX_HOW_TO_JOIN.toLocaleString('en-IN')} characters.`,
  invisibleCharacters: 'Use visible characters only.',
  tooManyTags: `Choose at most ${MAX_CLUB_TAGS} tags.`,
  unknownTag: 'A chosen tag is no longer on the list. Reload the page and choose again.',
  sameTagTwice: 'Choose each tag once.',
  categoryTooLong: `A category is at most ${MAX_CATEGORY} characters.`,
  tagNameRequired: 'Tag name is required.',
  tagNameInvalid: `A tag name is one line of at most ${MAX_TAG_NAME} characters.`,
  tagExists: 'A tag with this name already exists.',
  tagNotFound: 'Tag not found.',
  imageNotFound: 'This picture does not exist.',
  imageTooLarge: 'The picture must be 5 MB or smaller.',
  pageSaved: 'Club page saved.',
  followed: 'You follow this club: its events come into your calendar and home.',
  unfollowed: 'You no longer follow this club.',
} as const;

const optionalText = (
  max: number,
  message: string,
  check: (value: string) => boolean,
  checkMessage: string = CLUB_PAGE_MESSAGES.invisibleCharacters,
) =>
  z.preprocess(
    blankAsNull,
    z.string().trim().max(max, message).refine(check, checkMessage).nullable().optional(),
  );

/** GET /api/clubs: every active club and council body, searched (typo-tolerant) and filtered, a page at a time. */
const CLUB_DIRECTORY_PAGE_SIZE = 24;
export const ClubDirectoryQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(CLUB_DIRECTORY_PAGE_SIZE),
  q: SearchTextSchema,
  council: z.preprocess(emptyAsMissing, UuidSchema.optional()),
  category: z.preprocess(
    emptyAsMissing,
    z.string().trim().max(MAX_CATEGORY, CLUB_PAGE_MESSAGES.categoryTooLong).optional(),
  ),
});
export type ClubDirectoryQuery = z.infer<typeof ClubDirectoryQuerySchema>;

/** An event of a club, as its card and its page list it. */
export const ClubEventSchema = z.object({
  id: z.string(),
  title: z.string(),
  startsAt: z.string().nullable(),
  venue: z.string().nullable(),
});
export type ClubEvent = z.infer<typeof ClubEventSchema>;

/** A club as the directory shows it. */
export const ClubCardSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  /** A club, or a council body (a committee) that takes no members through the portal. */
  kind: z.enum(['club', 'committee']),
  council: z.object({ id: z.string(), name: z.string() }).nullable(),
  category: z.string().nullable(),
  /** The tagline, or else the unit's description. */
  summary: z.string().nullable(),
  tags: z.array(z.string()),
  logoUrl: z.string().nullable(),
  memberCount: z.number().int(),
  /** The next two events, and how many are coming in all. */
  upcomingEvents: z.array(ClubEventSchema),
  upcomingEventCount: z.number().int(),
  recruiting: z.boolean(),
  following: z.boolean(),
  member: z.boolean(),
});
export type ClubCard = z.infer<typeof ClubCardSchema>;

export const ClubDirectorySchema = z.object({
  clubs: z.array(ClubCardSchema),
  /** How many clubs the search and filters keep, over every page. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** What the filters offer: the councils and categories of the active clubs. */
  councils: z.array(z.object({ id: z.string(), name: z.string() })),
  categories: z.array(z.string()),
});
export type ClubDirectory = z.infer<typeof ClubDirectorySchema>;

/** GET /api/clubs/by-slug/{slug}. */
export const ClubSlugParamsSchema = z.object({ slug: z.string().max(120) });

/** A tag of the administrator's list. */
export const ClubTagSchema = z.object({ id: z.string(), name: z.string(), clubCount: z.number().int() });
export type ClubTag = z.infer<typeof ClubTagSchema>;
export const ClubTagListSchema = z.object({ tags: z.array(ClubTagSchema) });
export type ClubTagList = z.infer<typeof ClubTagListSchema>;

/** A club's page: what it does, who leads it, its events, and where the viewer stands with it. */
export const ClubPageSchema = ClubCardSchema.extend({
  tagIds: z.array(z.string()),
  tagline: z.string().nullable(),
  description: z.string().nullable(),
  about: z.string().nullable(),
  contact: z.string().nullable(),
  contactEmail: z.string().nullable(),
  howToJoin: z.string().nullable(),
  bannerUrl: z.string().nullable(),
  joinQuestion: z.string().nullable(),
  /** The holders of the club's positions in this tenure. */
  officeBearers: z.array(
    z.object({
      userId: z.string(),
      name: z.string(),
      title: z.string(),
      photoUrl: z.string().nullable(),
    }),
  ),
  upcomingEvents: z.array(ClubEventSchema),
  pastEvents: z.array(ClubEventSchema),
  /** The club's announcements to everyone, newest first. */
  announcements: z.array(
    z.object({ id: z.string(), title: z.string(), body: z.string(), createdAt: z.string() }),
  ),
  viewer: z.object({
    /** The viewer's current membership. */
    membership: z.object({ id: z.string(), role: z.string(), startedAt: z.string() }).nullable(),
    /** The viewer's request waiting for the club's answer. */
    pendingRequest: z.object({ id: z.string(), createdAt: z.string() }).nullable(),
    /** The club's invitation waiting for the viewer's answer. */
    invitation: z.object({ id: z.string() }).nullable(),
    /** The viewer may ask to join: the club is recruiting and they are neither member nor waiting. */
    canAsk: z.boolean(),
    /** The viewer may follow (anyone with a student record: not the administrator). */
    canFollow: z.boolean(),
    /** The club's coordinator: edits the page and keeps the roster. */
    canEdit: z.boolean(),
  }),
});
export type ClubPage = z.infer<typeof ClubPageSchema>;
export const ClubPageResponseSchema = z.object({ page: ClubPageSchema });

/** PUT /api/clubs/{unitId}/page: the page's words and tags (the coordinator). */
export const ClubPageInputSchema = z.object({
  tagline: optionalText(MAX_TAGLINE, CLUB_PAGE_MESSAGES.taglineTooLong, isPlainText).refine(
    (value) => !value || isPlainLine(value),
    CLUB_PAGE_MESSAGES.taglineTooLong,
  ),
  about: optionalText(MAX_ABOUT, CLUB_PAGE_MESSAGES.aboutTooLong, isPlainText),
  contact: optionalText(MAX_CONTACT, CLUB_PAGE_MESSAGES.contactTooLong, isPlainText),
  howToJoin: optionalText(MAX_HOW_TO_JOIN, CLUB_PAGE_MESSAGES.howToJoinTooLong, isPlainText),
  tagIds: z
    .array(UuidSchema)
    .max(MAX_CLUB_TAGS, CLUB_PAGE_MESSAGES.tooManyTags)
    .refine((ids) => new Set(ids).size === ids.length, CLUB_PAGE_MESSAGES.sameTagTwice)
    .default([]),
});
export type ClubPageInput = z.infer<typeof ClubPageInputSchema>;

/** PUT /api/clubs/{unitId}/images/{kind} (multipart field "image") and DELETE: the logo or banner. */
export const ClubImageParamsSchema = z.object({ unitId: UuidSchema, kind: z.enum(CLUB_IMAGE_KINDS) });
export const ClubImageResponseSchema = z.object({ url: z.string().nullable() });

/** POST /api/admin/club-tags, PATCH /api/admin/club-tags/{id}: a tag's name. */
export const ClubTagInputSchema = z.object({
  name: z.preprocess(
    emptyAsMissing,
    z
      .string({ error: CLUB_PAGE_MESSAGES.tagNameRequired })
      .trim()
      .min(1, CLUB_PAGE_MESSAGES.tagNameRequired)
      .max(MAX_TAG_NAME, CLUB_PAGE_MESSAGES.tagNameInvalid)
      .refine(isPlainLine, CLUB_PAGE_MESSAGES.tagNameInvalid),
  ),
});
export type ClubTagInput = z.infer<typeof ClubTagInputSchema>;
export const ClubTagResponseSchema = z.object({ tag: ClubTagSchema });

/** PUT and DELETE /api/clubs/{unitId}/follow: whether the student now follows the club. */
export const FollowSchema = z.object({ following: z.boolean() });
export type Follow = z.infer<typeof FollowSchema>;
