import { z } from 'zod';
import {
  blankAsNull,
  decimalInput,
  emptyAsMissing,
  isPlainLine,
  isPlainText,
  optionalText,
  pagedListSchema,
  PageQuerySchema,
  SearchTextSchema,
  uuidInput,
  UuidSchema,
} from './common';
import { EVENT_CATEGORIES, EVENT_MODES, EVENT_STATUSES } from './constants';

const MAX_EVENT_ORGANIZERS = 20;
export const MAX_EVENT_SPONSORS = 20;
const MAX_RUPEES = 9_999_999_999.99;

export const EVENT_MESSAGES = {
  listHeading: 'Events',
  createHeading: 'Create Event',
  editHeading: 'Edit Event',
  created: 'Event created successfully!',
  createFailed: 'Failed to create event.',
  updated: 'Event updated.',
  updateFailed: 'The event could not be saved. Please try again.',
  cancelled: 'Event cancelled.',
  cancelFailed: 'The event could not be cancelled. Please try again.',
  cancelTitle: 'Cancel this event?',
  cancelText: 'Everyone sees it as cancelled. This cannot be undone.',
  viewMore: 'View More',
  backToEvents: 'Back to events',
  upcomingTab: 'Upcoming',
  pastTab: 'Past',
  emptyUpcoming: 'No upcoming events.',
  emptyPast: 'No past events.',
  noMatch: 'No events match your search.',
  loadFailed: 'Events could not be loaded. Please try again.',
  notFound: 'Event not found.',
  notApplicable: 'N/A',
  toBeAnnounced: 'To be announced',
  cancelledBadge: 'Cancelled',
  titleRequired: 'Title is required',
  titleTooLong: 'Title must be at most 200 characters.',
  categoryRequired: 'Category is required',
  unitRequired: 'Organizing unit is required',
  unitInvalid: 'Please choose a unit from the list.',
  organizersInvalid: 'Please choose organizers from the list.',
  tooManyOrganizers: `At most ${MAX_EVENT_ORGANIZERS} organizers.`,
  modeInvalid: 'Please choose a mode.',
  startRequired: 'Give the start before the end.',
  endBeforeStart: 'The event must end after it starts.',
  registrationStartRequired: 'Give the registration opening before its closing.',
  registrationOrder: 'Registration must close after it opens.',
  registrationAfterEvent: 'Registration must close before the event ends.',
  feesInvalid: 'Fees must be a number of rupees, 0 or more, with at most 2 decimals.',
  maxParticipantsInvalid: 'Max participants must be a whole number, 1 or more.',
  budgetInvalid: 'Budget must be a number of rupees, 0 or more, with at most 2 decimals.',
  sponsorsInvalid: `At most ${MAX_EVENT_SPONSORS} sponsors of at most 120 characters each.`,
  dateTimeInvalid: 'Enter a valid date and time.',
  invisibleCharacters: 'Use visible characters only, on one line.',
  invisibleInText: 'Use visible characters only.',
  registrationOpensAfterEvent: 'Registration must open before the event ends.',
  notAllowed: "Only the event's creator or the president can change it.",
  alreadyCancelled: 'This event is cancelled and can no longer be changed.',
  completedCannotBeCancelled: 'This event has taken place and cannot be cancelled.',
} as const;

/**
 * ?when=upcoming (default: not yet ended, soonest first) or past (latest first); ?q searches titles,
 * venues and units; ?unitId keeps the events one unit organizes.
 */
export const EventListQuerySchema = PageQuerySchema.extend({
  q: SearchTextSchema,
  when: z.enum(['upcoming', 'past']).default('upcoming'),
  unitId: z.preprocess((value) => (value === '' ? undefined : value), UuidSchema.optional()),
});
export type EventListQuery = z.infer<typeof EventListQuerySchema>;

/** An event of the /events list. */
export const EventSummarySchema = z.object({
  id: z.string(),
  eventCode: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  category: z.enum(EVENT_CATEGORIES),
  type: z.string().nullable(),
  mode: z.enum(EVENT_MODES).nullable(),
  venue: z.string().nullable(),
  start: z.string().nullable(),
  end: z.string().nullable(),
  status: z.enum(EVENT_STATUSES),
  unitName: z.string().nullable(),
});
export type EventSummary = z.infer<typeof EventSummarySchema>;

/** `counts`: events on each tab for the search in force. */
export const EventListSchema = pagedListSchema(EventSummarySchema).extend({
  counts: z.object({ upcoming: z.number().int(), past: z.number().int() }),
  /** The user may create events (officials). */
  canCreate: z.boolean(),
  /** The unit the list is narrowed to (?unitId), named; null when it shows every unit's events. */
  unit: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type EventList = z.infer<typeof EventListSchema>;

/** /events/{id}: everything about an event. */
export const EventDetailSchema = EventSummarySchema.extend({
  unit: z.object({ id: z.string(), name: z.string() }).nullable(),
  organizers: z.array(z.object({ id: z.string(), name: z.string(), username: z.string() })),
  registration: z.object({
    required: z.boolean(),
    start: z.string().nullable(),
    end: z.string().nullable(),
    fees: z.number().nullable(),
    maxParticipants: z.number().int().nullable(),
  }),
  budget: z.object({ allocated: z.number(), sponsors: z.array(z.string()) }),
  createdBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  /** The signed-in user may edit and cancel it (its creator or the president). */
  canEdit: z.boolean(),
  /** The signed-in user may cancel it: as canEdit, and it has not taken place (completed). */
  canCancel: z.boolean(),
});
export type EventDetail = z.infer<typeof EventDetailSchema>;
export const EventResponseSchema = z.object({ event: EventDetailSchema });

/** Instants a campus plans for; the database could not store a year beyond 9999 or before 1 either. */
const EARLIEST = Date.parse('2000-01-01T00:00:00Z');
const LATEST = Date.parse('2100-01-01T00:00:00Z');

const dateTime = z.preprocess(
  blankAsNull,
  z.iso
    .datetime({ offset: true, error: EVENT_MESSAGES.dateTimeInvalid })
    .refine(
      (value) => Date.parse(value) >= EARLIEST && Date.parse(value) < LATEST,
      EVENT_MESSAGES.dateTimeInvalid,
    )
    .nullable()
    .optional(),
);

/** Optional text of visible characters: one line, or several when `lines`. */
const plainText = (max: number, tooLong: string, lines = false) =>
  optionalText(max, tooLong).refine(
    (value) => value == null || (lines ? isPlainText(value) : isPlainLine(value)),
    lines ? EVENT_MESSAGES.invisibleInText : EVENT_MESSAGES.invisibleCharacters,
  );

/** The key two sponsor names share when they look the same: case, full-width letters, composed accents, joiners and spacing aside. */
const lookalikeKey = (name: string) =>
  name
    .normalize('NFKC')
    .replace(/[\u200c\u200d]/g, '')
    .replace(/\s+/g, ' ')
    .toLowerCase();

/** Names without blanks and look-alikes, each as first written. */
function distinctNames(names: string[]): string[] {
  const byKey = new Map<string, string>();
  for (const name of names)
    if (name !== '' && !byKey.has(lookalikeKey(name)))
      byKey.set(lookalikeKey(name), name.normalize('NFC'));
  return [...byKey.values()];
}

const REGISTRATION_FIELDS = [
  'registrationStart',
  'registrationEnd',
  'registrationFees',
  'maxParticipants',
] as const;

/** Registration details count only when registration is required: otherwise they are cleared before any check. */
const withoutUnusedRegistration = (value: unknown): unknown => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const event = value as Record<string, unknown>;
  if (event.registrationRequired === true) return value;
  return { ...event, ...Object.fromEntries(REGISTRATION_FIELDS.map((name) => [name, null])) };
};

const rupees = (message: string) =>
  z
    .number({ error: message })
    .min(0, message)
    .max(MAX_RUPEES, message)
    .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, message);

const time = (value: string | null | undefined) => (value ? Date.parse(value) : null);

/**
 * POST /api/events and PUT /api/events/{id}: the Event form (spec section 5) plus start before end
 * and registration closing before the event ends. Times carry their offset; the creator is the
 * signed-in user. Registration fields are ignored unless registration is required.
 */
export const EventInputSchema = z.preprocess(
  withoutUnusedRegistration,
  z
    .object({
      title: z
        .string({ error: EVENT_MESSAGES.titleRequired })
        .trim()
        .min(1, EVENT_MESSAGES.titleRequired)
        .max(200, EVENT_MESSAGES.titleTooLong)
        .refine(isPlainLine, EVENT_MESSAGES.invisibleCharacters),
      description: plainText(5000, 'Description must be at most 5000 characters.', true),
      category: z.preprocess(
        emptyAsMissing,
        z.enum(EVENT_CATEGORIES, { error: EVENT_MESSAGES.categoryRequired }),
      ),
      type: plainText(60, 'Type must be at most 60 characters.'),
      organizingUnitId: z.preprocess(emptyAsMissing, uuidInput({ error: EVENT_MESSAGES.unitRequired })),
      organizerIds: z
        .array(UuidSchema, { error: EVENT_MESSAGES.organizersInvalid })
        .max(MAX_EVENT_ORGANIZERS, EVENT_MESSAGES.tooManyOrganizers)
        .default([]),
      start: dateTime,
      end: dateTime,
      venue: plainText(200, 'Venue must be at most 200 characters.'),
      mode: z.preprocess(
        blankAsNull,
        z.enum(EVENT_MODES, { error: EVENT_MESSAGES.modeInvalid }).nullable().optional(),
      ),
      registrationRequired: z.boolean().default(false),
      registrationStart: dateTime,
      registrationEnd: dateTime,
      registrationFees: z.preprocess(
        (value) => decimalInput(blankAsNull(value)) ?? null,
        rupees(EVENT_MESSAGES.feesInvalid).nullable(),
      ),
      maxParticipants: z.preprocess(
        (value) => decimalInput(blankAsNull(value)) ?? null,
        z
          .number({ error: EVENT_MESSAGES.maxParticipantsInvalid })
          .int(EVENT_MESSAGES.maxParticipantsInvalid)
          .min(1, EVENT_MESSAGES.maxParticipantsInvalid)
          .max(1_000_000, EVENT_MESSAGES.maxParticipantsInvalid)
          .nullable(),
      ),
      budgetAllocated: z.preprocess(
        (value) => decimalInput(blankAsNull(value)) ?? 0,
        rupees(EVENT_MESSAGES.budgetInvalid),
      ),
      sponsors: z
        .array(
          z
            .string({ error: EVENT_MESSAGES.sponsorsInvalid })
            .trim()
            .max(120, EVENT_MESSAGES.sponsorsInvalid)
            .refine(isPlainLine, EVENT_MESSAGES.invisibleCharacters),
          {
            error: EVENT_MESSAGES.sponsorsInvalid,
          },
        )
        .max(MAX_EVENT_SPONSORS, EVENT_MESSAGES.sponsorsInvalid)
        .default([])
        .transform(distinctNames),
    })
    .superRefine((event, ctx) => {
      const [start, end, opens, closes] = [
        time(event.start),
        time(event.end),
        time(event.registrationStart),
        time(event.registrationEnd),
      ];
      if (end !== null && start === null)
        ctx.addIssue({ code: 'custom', path: ['start'], message: EVENT_MESSAGES.startRequired });
      if (start !== null && end !== null && end <= start)
        ctx.addIssue({ code: 'custom', path: ['end'], message: EVENT_MESSAGES.endBeforeStart });
      if (closes !== null && opens === null)
        ctx.addIssue({
          code: 'custom',
          path: ['registrationStart'],
          message: EVENT_MESSAGES.registrationStartRequired,
        });
      if (opens !== null && closes !== null && closes <= opens)
        ctx.addIssue({
          code: 'custom',
          path: ['registrationEnd'],
          message: EVENT_MESSAGES.registrationOrder,
        });
      const eventEnds = end ?? start;
      if (closes !== null && eventEnds !== null && closes > eventEnds)
        ctx.addIssue({
          code: 'custom',
          path: ['registrationEnd'],
          message: EVENT_MESSAGES.registrationAfterEvent,
        });
      if (opens !== null && eventEnds !== null && opens >= eventEnds)
        ctx.addIssue({
          code: 'custom',
          path: ['registrationStart'],
          message: EVENT_MESSAGES.registrationOpensAfterEvent,
        });
    }),
);
export type EventInput = z.infer<typeof EventInputSchema>;
