import { z } from 'zod';

/**
 * The global search (the header's search box and Ctrl+K): people, clubs and units, events,
 * positions, announcements and, for the officials, the items of their queues, grouped by kind.
 */
export const SEARCH_KINDS = [
  'people',
  'units',
  'events',
  'positions',
  'announcements',
  'reviews',
  'feedback',
  'bookings',
] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** The heading of each group of results. */
export const SEARCH_KIND_HEADINGS: Record<SearchKind, string> = {
  people: 'People',
  units: 'Clubs and units',
  events: 'Events',
  positions: 'Positions',
  announcements: 'Announcements',
  reviews: 'Awaiting your review',
  feedback: 'Feedback to resolve',
  bookings: 'Room requests',
};

/** Fewer characters than this find too much to be useful (and a trigram needs three). */
export const GLOBAL_SEARCH_MIN_LENGTH = 2;
/** The longest text the global search accepts. */
export const GLOBAL_SEARCH_MAX_LENGTH = 80;
/** How many results of each kind are shown; `total` counts all of them. */
export const SEARCH_RESULTS_PER_KIND = 5;
/** A kind with this many matches or more counts no further: its total reads "300+". */
export const SEARCH_COUNT_LIMIT = 300;

const SEARCH_MESSAGES = {
  tooShort: `Type at least ${GLOBAL_SEARCH_MIN_LENGTH} characters.`,
  tooLong: `Search at most ${GLOBAL_SEARCH_MAX_LENGTH} characters.`,
} as const;

/** ?q= of GET /api/search: trimmed, 2 to 80 characters. */
export const GlobalSearchQuerySchema = z.object({
  q: z.preprocess(
    // A text sent twice (?q=a&q=b) is read as its last: the one the address shows last.
    (value) => {
      const text = Array.isArray(value) ? value.at(-1) : value;
      return typeof text === 'string' ? text.trim() : text;
    },
    z
      .string({ error: SEARCH_MESSAGES.tooShort })
      .min(GLOBAL_SEARCH_MIN_LENGTH, SEARCH_MESSAGES.tooShort)
      .max(GLOBAL_SEARCH_MAX_LENGTH, SEARCH_MESSAGES.tooLong),
  ),
});

/** One result: what it is called, a short line about it, and the page it opens. */
export const SearchResultSchema = z.object({
  id: z.string(),
  label: z.string(),
  detail: z.string().nullable(),
  url: z.string(),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;

/** The results of one kind: the first few, closest first, and how many match in all. */
export const SearchGroupSchema = z.object({
  kind: z.enum(SEARCH_KINDS),
  total: z.number().int(),
  items: z.array(SearchResultSchema),
});
export type SearchGroup = z.infer<typeof SearchGroupSchema>;

/** Only the kinds with at least one match, in the order of SEARCH_KINDS. */
export const SearchResponseSchema = z.object({
  q: z.string(),
  groups: z.array(SearchGroupSchema),
});
export type SearchResponse = z.infer<typeof SearchResponseSchema>;
