import { z } from 'zod';
import {
  emptyAsMissing,
  isPlainLine,
  isPlainText,
  pagedListSchema,
  PageQuerySchema,
  SearchTextSchema,
  UuidSchema,
} from './common';
import type { EVENT_APPROVALS } from './constants';
import { REGISTRATION_STATUSES } from './constants';

/* Taking part in events: the council's decision on a proposal, registration and the waitlist,
 * tickets and check-in, ratings, and calendar feeds. */

export type EventApproval = (typeof EVENT_APPROVALS)[number];

export const EVENT_APPROVAL_LABELS: Record<EventApproval, string> = {
  proposed: 'Awaiting approval',
  changes_requested: 'Changes requested',
  approved: 'Approved',
  rejected: 'Rejected',
};

export const REGISTRATION_MESSAGES = {
  registered: 'You are registered. Your ticket is ready.',
  waitlisted: 'The event is full: you are on the waitlist.',
  unregistered: 'Your registration is cancelled.',
  leftWaitlist: 'You left the waitlist.',
  notRequired: 'This event takes no registration.',
  notOpenYet: 'Registration has not opened yet.',
  closed: 'Registration is closed.',
  eventCancelled: 'This event is cancelled.',
  notApproved: 'This event is not open to students yet.',
  alreadyRegistered: 'You are already registered for this event.',
  changedMeanwhile: 'This event changed while you were registering. Look at it again and retry.',
  notRegistered: 'You are not registered for this event.',
  notEligible: 'This event is open only to some students, and your record is not among them.',
  checkedIn: 'You were checked in; the registration can no longer be cancelled.',
  administrator: "The institute administrator keeps no student record and can't register.",
  notOrganizer: "Only the event's organisers and the council's officials can do this.",
  ticketUnavailable: 'There is no ticket: only a confirmed registration has one.',
  decisionReasonRequired: 'Give a reason the coordinator can act on.',
  notDecider:
    "Only the general secretary of the club's council or the president decides on this proposal.",
  alreadyDecided: 'This proposal has already been decided.',
  ratingAttendeesOnly: 'Only people checked in at the event can rate it.',
  ratingTooEarly: 'The event can be rated once it has started.',
  ratedAlready: 'You have already rated this event.',
  rated: 'Thank you: your rating is recorded.',
  walkInsClosed: 'This event takes no walk-ins.',
  checkInSelf: 'You cannot check yourself in: ask another organiser.',
  checkInNoDate: 'This event has no date yet: the door opens once it has one.',
  checkInTooEarly: 'The door opens 3 hours before the event starts.',
  checkInClosed: 'Check-in for this event closed a week after it ended.',
  noFee: 'This event has no fee to mark paid.',
  belowConfirmed: 'Max participants cannot be below the people already registered.',
  unknownStudent: 'No student has this student ID.',
} as const;

/** Where the signed-in person stands with an event that takes registrations. */
export const MyRegistrationSchema = z.object({
  id: z.string(),
  status: z.enum(REGISTRATION_STATUSES),
  /** 1 for the first person waiting; null unless waitlisted. */
  waitlistPlace: z.number().int().nullable(),
  confirmedAt: z.string().nullable(),
  /** The seat came from the waitlist: the person was told and may decline it. */
  promotedAt: z.string().nullable(),
  checkedInAt: z.string().nullable(),
  paid: z.boolean(),
});
export type MyRegistration = z.infer<typeof MyRegistrationSchema>;

/** Seats of an event that takes registrations. */
export const EventSeatsSchema = z.object({
  confirmed: z.number().int(),
  waitlisted: z.number().int(),
  /** Only for its organisers and officials; null for others. */
  checkedIn: z.number().int().nullable(),
});

/** The council's decision on a club's proposal. */
export const EventDecisionSchema = z
  .object({
    decision: z.enum(['approve', 'request_changes', 'reject'], 'Choose a decision.'),
    reason: z.preprocess(
      (value) => (typeof value === 'string' ? value.trim() : value),
      z
        .string()
        .max(1000, 'The reason must be at most 1000 characters.')
        .refine(isPlainText, 'Use visible characters only.')
        .optional(),
    ),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.decision !== 'approve' && !value.reason)
      ctx.addIssue({
        code: 'custom',
        path: ['reason'],
        message: REGISTRATION_MESSAGES.decisionReasonRequired,
      });
  });
export type EventDecision = z.infer<typeof EventDecisionSchema>;

/** GET /api/events/{id}/registrations: the organisers' list. */
export const RegistrationListQuerySchema = PageQuerySchema.extend({
  q: SearchTextSchema,
  status: z
    .enum(['confirmed', 'waitlisted', 'cancelled', 'checked_in', 'no_show', 'all'])
    .default('all'),
});
export type RegistrationListQuery = z.infer<typeof RegistrationListQuerySchema>;

export const RegistrantSchema = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  studentId: z.string().nullable(),
  email: z.string(),
  status: z.enum(REGISTRATION_STATUSES),
  waitlistPlace: z.number().int().nullable(),
  walkIn: z.boolean(),
  paid: z.boolean(),
  checkedInAt: z.string().nullable(),
  checkedInBy: z.string().nullable(),
  registeredAt: z.string(),
});
export type Registrant = z.infer<typeof RegistrantSchema>;

export const RegistrationListSchema = pagedListSchema(RegistrantSchema).extend({
  counts: z.object({
    confirmed: z.number().int(),
    waitlisted: z.number().int(),
    cancelled: z.number().int(),
    checkedIn: z.number().int(),
    /** Confirmed and not checked in, once the event has started; 0 before. */
    noShows: z.number().int(),
  }),
});
export type RegistrationList = z.infer<typeof RegistrationListSchema>;

export const RegistrationParamsSchema = z.object({ id: UuidSchema, registrationId: UuidSchema });
export const PaidInputSchema = z.object({ paid: z.boolean('Say whether the fee is paid.') }).strict();

/** The ticket a confirmed registration shows: its QR code carries `code`. */
export const TicketSchema = z.object({
  code: z.string(),
  registrationId: z.string(),
  name: z.string(),
  studentId: z.string().nullable(),
  event: z.object({
    id: z.string(),
    title: z.string(),
    start: z.string().nullable(),
    end: z.string().nullable(),
    venue: z.string().nullable(),
  }),
  checkedInAt: z.string().nullable(),
});
export type Ticket = z.infer<typeof TicketSchema>;

/** The longest ticket code a scan may carry. */
export const TICKET_CODE_MAX = 200;
/** Most scans one sync may carry. */
export const CHECK_IN_BATCH_MAX = 500;

/**
 * One scan at the door, by the id the device gave it: a ticket's code, a registration picked from
 * the search, or a walk-in named by student id.
 */
export const CheckInScanSchema = z
  .object({
    scanId: UuidSchema,
    ticket: z.string().max(TICKET_CODE_MAX).optional(),
    registrationId: UuidSchema.optional(),
    walkInStudentId: z.string().trim().min(1).max(40).optional(),
    /** When the device scanned it (ISO 8601); the server's clock when absent. */
    scannedAt: z.iso.datetime({ offset: true }).optional(),
  })
  .strict()
  .refine(
    (scan) =>
      [scan.ticket, scan.registrationId, scan.walkInStudentId].filter((v) => v !== undefined).length ===
      1,
    'A scan carries a ticket, a registration or a walk-in student id.',
  );
export type CheckInScan = z.infer<typeof CheckInScanSchema>;

export const CheckInRequestSchema = z
  .object({ scans: z.array(CheckInScanSchema).min(1).max(CHECK_IN_BATCH_MAX) })
  .strict();
export type CheckInRequest = z.infer<typeof CheckInRequestSchema>;

export const CHECK_IN_OUTCOMES = [
  'checked_in',
  'already',
  'invalid',
  'other_event',
  'waitlisted',
  'cancelled',
  'walk_ins_closed',
  'unknown_student',
  'self',
] as const;
export type CheckInOutcome = (typeof CHECK_IN_OUTCOMES)[number];

/** What became of each scan; a replayed scan answers what it came to the first time. */
export const CheckInResultSchema = z.object({
  results: z.array(
    z.object({
      scanId: z.string(),
      outcome: z.enum(CHECK_IN_OUTCOMES),
      name: z.string().nullable(),
      studentId: z.string().nullable(),
      checkedInAt: z.string().nullable(),
      checkedInBy: z.string().nullable(),
    }),
  ),
  checkedIn: z.number().int(),
  confirmed: z.number().int(),
});
export type CheckInResult = z.infer<typeof CheckInResultSchema>;

/** An attendee's rating, with optional words that reach the event's feedback desk. */
export const EventRatingInputSchema = z
  .object({
    rating: z
      .number('Choose a rating from 1 to 5.')
      .int()
      .min(1, 'Choose a rating from 1 to 5.')
      .max(5, 'Choose a rating from 1 to 5.'),
    comments: z.preprocess(
      emptyAsMissing,
      z
        .string()
        .trim()
        .max(2000, 'Comments must be at most 2000 characters.')
        .refine(isPlainText, 'Use visible characters only.')
        .optional(),
    ),
  })
  .strict();
export type EventRatingInput = z.infer<typeof EventRatingInputSchema>;

/** The answer to a rating: what was kept, and the feedback item its comments became (null without). */
export const EventRatingResponseSchema = z.object({
  rating: z.object({
    eventId: z.string(),
    rating: z.number().int(),
    feedbackId: z.string().nullable(),
    createdAt: z.string(),
  }),
});
export type EventRatingResponse = z.infer<typeof EventRatingResponseSchema>;

/** POST /api/events/{id}/announcements: a message to the event's registrants. */
export const EventMessageInputSchema = z
  .object({
    title: z
      .string('Title is required.')
      .trim()
      .min(1, 'Title is required.')
      .max(120, 'Title must be at most 120 characters.')
      .refine(isPlainLine, 'Title must be one line of plain text.'),
    body: z
      .string('Message is required.')
      .trim()
      .min(1, 'Message is required.')
      .max(4000, 'Message must be at most 4000 characters.')
      .refine(isPlainText, 'Message must be plain text.'),
    /** Who hears it: confirmed registrants, the waitlist too, or both. */
    to: z.enum(['confirmed', 'waitlisted', 'all']).default('confirmed'),
  })
  .strict();
export type EventMessageInput = z.infer<typeof EventMessageInputSchema>;

/** GET /api/me/registrations: the events a person registered for, soonest first. */
const MyEventSchema = z.object({
  event: z.object({
    id: z.string(),
    title: z.string(),
    start: z.string().nullable(),
    end: z.string().nullable(),
    venue: z.string().nullable(),
    status: z.string(),
    unitName: z.string().nullable(),
  }),
  registration: MyRegistrationSchema,
});
export const MyEventsSchema = z.object({
  upcoming: z.array(MyEventSchema),
  past: z.array(MyEventSchema),
});
export type MyEvents = z.infer<typeof MyEventsSchema>;

/**
 * The private calendar feed: whether one exists and since when. Its address holds a secret kept
 * only as a hash, so it is shown once, in the answer that makes it (`url`); null otherwise.
 */
export const CalendarFeedSchema = z.object({
  active: z.boolean(),
  createdAt: z.string().nullable(),
  url: z.string().nullable(),
});
export type CalendarFeed = z.infer<typeof CalendarFeedSchema>;
