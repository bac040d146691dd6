import { z } from 'zod';
import { pagedListSchema, PageQuerySchema, SearchTextSchema, UuidSchema } from './common';
import {
  DISCIPLINES,
  EVENT_APPROVALS,
  EVENT_CATEGORIES,
  EVENT_MODES,
  EVENT_STATUSES,
  PROGRAMS,
} from './constants';
import { EventSeatsSchema, MyRegistrationSchema } from './event-attendance';

/** Most organizers and sponsors an event names. */
export const MAX_EVENT_ORGANIZERS = 20;
export const MAX_EVENT_SPONSORS = 20;

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
  batchYearsInvalid: 'Choose batch years between 2000 and 2100.',
  programsInvalid: 'Choose programs from the list.',
  disciplinesInvalid: 'Choose disciplines from the list.',
  roomNeedsOneDay: 'A room can be requested for an event that starts and ends on the same day.',
  roomOnCreateOnly:
    'A room is requested when the event is created; use Room Booking to ask for another.',
  proposed: 'Event proposed. The general secretary of your council will review it.',
  rejectedCannotChange: 'This proposal was rejected and can no longer be changed.',
} as const;

/**
 * ?when=upcoming (default: not yet ended, soonest first) or past (latest first); ?q searches titles,
 * venues and units; ?unitId keeps the events one unit organizes.
 */
const blankAsAbsent = (value: unknown) => (value === '' ? undefined : value);
/** A yes-or-no filter of the address: 'true' or '1', 'false' or '0', or absent; anything else is refused. */
const flag = z.preprocess(
  (value) =>
    value === '' || value === undefined
      ? undefined
      : value === 'true' || value === '1'
        ? true
        : value === 'false' || value === '0'
          ? false
          : value,
  z.boolean('Use true or false.').optional(),
);

export const EventListQuerySchema = PageQuerySchema.extend({
  q: SearchTextSchema,
  when: z.enum(['upcoming', 'past']).default('upcoming'),
  unitId: z.preprocess(blankAsAbsent, UuidSchema.optional()),
  category: z.preprocess(blankAsAbsent, z.enum(EVENT_CATEGORIES, 'Choose a category.').optional()),
  /** Registration is open now. */
  open: flag,
  /** Starts this week (Monday to Sunday on the institute's clock). */
  week: flag,
  /** Proposals waiting for a decision or for changes (those the user may see). */
  pending: flag,
  /** The month view: the events starting in this month (YYYY-MM, the institute's clock), every tab at once. */
  month: z.preprocess(
    blankAsAbsent,
    z
      .string()
      .regex(/^(20\d\d|2100)-(0[1-9]|1[0-2])$/, 'Choose a month as YYYY-MM.')
      .optional(),
  ),
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
  /** Where it stands with the council; students are shown approved events only. */
  approval: z.enum(EVENT_APPROVALS),
  registrationRequired: z.boolean(),
  registrationStart: z.string().nullable(),
  registrationEnd: z.string().nullable(),
});
export type EventSummary = z.infer<typeof EventSummarySchema>;

/** `counts`: events on each tab for the search in force. */
export const EventListSchema = pagedListSchema(EventSummarySchema).extend({
  counts: z.object({ upcoming: z.number().int(), past: z.number().int() }),
  /** The user may create events (officials; a club coordinator proposes them). */
  canCreate: z.boolean(),
  /** Proposals the user may decide now (a general secretary's council, the president). */
  awaitingDecision: z.number().int(),
  /** The unit the list is narrowed to (?unitId), named; null when it shows every unit's events. */
  unit: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type EventList = z.infer<typeof EventListSchema>;

/** /events/{id}: everything about an event. */
export const EventDetailSchema = EventSummarySchema.extend({
  unit: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The username only for the officials, club coordinators and the administrator (decision 0041). */
  organizers: z.array(z.object({ id: z.string(), name: z.string(), username: z.string().optional() })),
  registration: z.object({
    required: z.boolean(),
    start: z.string().nullable(),
    end: z.string().nullable(),
    fees: z.number().nullable(),
    maxParticipants: z.number().int().nullable(),
  }),
  /** Only for officials and the event's organisers; null for everyone else. */
  budget: z.object({ allocated: z.number(), sponsors: z.array(z.string()) }).nullable(),
  /** Who may register, read from the institute's record; empty lists mean everyone. */
  eligibility: z.object({
    batchYears: z.array(z.number().int()),
    programs: z.array(z.enum(PROGRAMS)),
    disciplines: z.array(z.enum(DISCIPLINES)),
  }),
  walkIns: z.boolean(),
  approvalDetail: z.object({
    reason: z.string().nullable(),
    decidedBy: z.string().nullable(),
    decidedAt: z.string().nullable(),
  }),
  /** The room asked for with the proposal, and where its booking stands. */
  roomBooking: z.object({ id: z.string(), roomName: z.string(), status: z.string() }).nullable(),
  seats: EventSeatsSchema,
  /** Registration is required and its window is open now (and the event is approved and not cancelled). */
  registrationOpen: z.boolean(),
  /** The signed-in person's live or last registration; null when they never registered. */
  mine: MyRegistrationSchema.nullable(),
  /** Why the signed-in person may not register (eligibility), or null. */
  ineligibleReason: z.string().nullable(),
  /** The signed-in person may approve, ask changes or reject the proposal. */
  canDecide: z.boolean(),
  /** The signed-in person organises it or is an official: registrations, check-in, messages. */
  canManage: z.boolean(),
  /** An attendee who has not rated it yet, once it started. */
  canRate: z.boolean(),
  createdBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  /** The signed-in user may edit and cancel it (its creator or the president). */
  canEdit: z.boolean(),
  /** The signed-in user may cancel it: as canEdit, and it has not taken place (completed). */
  canCancel: z.boolean(),
});
export type EventDetail = z.infer<typeof EventDetailSchema>;
export const EventResponseSchema = z.object({ event: EventDetailSchema });
