import { z } from 'zod';
import {
  emptyAsMissing,
  isCalendarDate,
  isPlainText,
  optionalText,
  pagedListSchema,
  PageQuerySchema,
  SearchTextSchema,
  uuidInput,
} from './common';
import { BOOKING_STATUSES } from './constants';

/** The longest description and decision note, in characters (code points, as zod counts them). */
export const MAX_BOOKING_DESCRIPTION = 500;
export const MAX_DECISION_NOTE = 500;

export const ROOM_MESSAGES = {
  heading: 'Room Booking',
  newBooking: 'New booking',
  myRequests: 'My booking requests',
  submit: 'Submit request',
  submitting: 'Submitting...',
  submitted: 'Booking request submitted!',
  submitFailed: 'Failed to submit request.',
  empty: 'No bookings found',
  loadFailed: 'Your booking requests could not be loaded. Please try again.',
  roomsFailed: 'The rooms could not be loaded. Please try again.',
  slotsFailed: "The room's bookings for this day could not be loaded.",
  dateRequired: 'Date is required',
  startRequired: 'Start time is required',
  endRequired: 'End time is required',
  roomRequired: 'Room is required',
  descriptionRequired: 'Description is required',
  descriptionTooLong: `Description must be at most ${MAX_BOOKING_DESCRIPTION} characters.`,
  invisibleCharacters: 'Use visible characters only.',
  dateInvalid: 'Enter a valid date.',
  timeInvalid: 'Enter a valid time.',
  endAfterStart: 'The end time must be after the start time, on the same day (midnight at the latest).',
  inPast: 'A booking cannot start in the past.',
  unknownRoom: 'Please choose a room from the list.',
  notFound: 'Booking request not found.',
  withdraw: 'Withdraw',
  withdrawTitle: 'Withdraw this request?',
  withdrawText: 'The president will no longer see it. You can make a new request later.',
  withdrawn: 'Request withdrawn.',
  withdrawFailed: 'The request could not be withdrawn. Please try again.',
  clashing: 'Clashes with another request',
  slotsHeading: 'This room on the chosen day',
  slotsHint: 'Choose a room and a date to see its free and taken times.',
  free: 'Free',
  noteLabel: 'Note (optional; the requester sees it)',
  noteTooLong: `The note must be at most ${MAX_DECISION_NOTE} characters.`,
  backToDashboard: 'Back to your dashboard',
  endHint: 'For midnight, choose 00:00 (12:00 AM).',
  expired: 'Expired',
  expiredHint: 'Its time passed without a decision.',
  overlapsApproved: (startTime: string, endTime: string) =>
    `Overlaps the approved booking ${startTime} – ${endTime}`,
  endedDecision: 'This request ended without a decision, so it can no longer be approved or rejected.',
  endedWithdrawal: 'This request has already ended, so there is nothing to withdraw.',
  duplicate:
    'You have already asked for this room at this time; that request is waiting for the president.',
  tooMany: (limit: number) =>
    `You have ${limit} requests waiting for the president. Withdraw one, or wait for a decision, before asking for more.`,
} as const;

/** Messages of the president's approval panel (spec sections 2 and 8). */
export const APPROVAL_MESSAGES = {
  heading: 'Room Booking Approvals',
  refresh: 'Refresh',
  total: 'Total Requests',
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  allTab: 'All Requests',
  search: 'Search room or description',
  approve: 'Approve',
  reject: 'Reject',
  noActions: 'No actions available',
  empty: 'No booking requests found',
  emptyHint: 'Try adjusting your search or filters',
  loading: 'Loading booking requests...',
  loadFailed: 'Failed to load booking requests. Please try again.',
  updateFailed: (action: 'approve' | 'reject') => `Failed to ${action} booking. Please try again.`,
  approvedToast: 'Booking approved.',
  rejectedToast: 'Booking rejected.',
  approveTitle: 'Approve this booking?',
  rejectTitle: 'Reject this booking?',
  alreadyDecided: (status: string) => `This request is already ${status.toLowerCase()}.`,
} as const;

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
const MIDNIGHT = /^(24|00):00(:00)?$/;

/**
 * A time of day as 'HH:MM': 'HH:MM', or 'HH:MM:SS' with its seconds dropped (a browser's time
 * field may send them); nothing else ('10:00 AM', '10:00junk' and '9:00' are refused). An end
 * time of 24:00 is the end of the day, and so is 00:00, since a booking cannot end before it starts.
 */
function clockTime(value: string, end: boolean): string | null {
  if (end && MIDNIGHT.test(value)) return '24:00';
  return CLOCK.test(value) ? value.slice(0, 5) : null;
}

const timeOfDay = (required: string, end: boolean) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : emptyAsMissing(value)),
    z
      .string({ error: required })
      .min(1, required)
      .refine((value) => value === '' || clockTime(value, end) !== null, ROOM_MESSAGES.timeInvalid)
      .transform((value) => clockTime(value, end) ?? value),
  );

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A calendar date between 2000 and 2099 (what the database and the institute's calendar hold). */
const bookingDate = z.preprocess(
  emptyAsMissing,
  z
    .string({ error: ROOM_MESSAGES.dateRequired })
    .trim()
    .refine(
      (value) => isCalendarDate(value) && value >= '2000-01-01' && value < '2100-01-01',
      ROOM_MESSAGES.dateInvalid,
    ),
);

/** POST /api/room-bookings: the requester is the signed-in user; times are the institute's wall clock. */
export const BookingInputSchema = z
  .object({
    date: bookingDate,
    startTime: timeOfDay(ROOM_MESSAGES.startRequired, false),
    endTime: timeOfDay(ROOM_MESSAGES.endRequired, true),
    roomId: z.preprocess(
      emptyAsMissing,
      uuidInput({
        error: (issue) =>
          issue.input === undefined ? ROOM_MESSAGES.roomRequired : ROOM_MESSAGES.unknownRoom,
      }),
    ),
    description: z.preprocess(
      emptyAsMissing,
      z
        .string({ error: ROOM_MESSAGES.descriptionRequired })
        .trim()
        .min(1, ROOM_MESSAGES.descriptionRequired)
        .max(MAX_BOOKING_DESCRIPTION, ROOM_MESSAGES.descriptionTooLong)
        .refine(isPlainText, ROOM_MESSAGES.invisibleCharacters),
    ),
  })
  // Only two valid times are compared; a malformed one already has its own message. 'HH:MM' strings
  // compare as times do, 24:00 last.
  .refine(
    (value) =>
      !(HHMM.test(value.startTime) && (HHMM.test(value.endTime) || value.endTime === '24:00')) ||
      value.endTime > value.startTime,
    {
      path: ['endTime'],
      message: ROOM_MESSAGES.endAfterStart,
    },
  );
export type BookingInput = z.infer<typeof BookingInputSchema>;

const RoomSchema = z.object({ id: z.string(), name: z.string(), capacity: z.number().int().nullable() });
export const RoomListSchema = z.object({ rooms: z.array(RoomSchema) });

/** A booking request as its requester and the president see it. */
export const BookingSchema = z.object({
  id: z.string(),
  room: z.object({ id: z.string(), name: z.string() }),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  description: z.string(),
  /** The stored status, except that a pending request whose end has passed reads 'Expired'. */
  status: z.enum([...BOOKING_STATUSES, 'Expired']),
  requestedBy: z.object({ name: z.string() }),
  decidedBy: z.object({ name: z.string() }).nullable(),
  decidedAt: z.string().nullable(),
  decisionNote: z.string().nullable(),
  createdAt: z.string(),
  /** Pending, and overlapping another pending request of the same room (and no approved booking). */
  clashes: z.boolean(),
  /** Pending, and overlapping this approved booking of the same room on the same day: it cannot be approved. */
  approvedOverlap: z.object({ startTime: z.string(), endTime: z.string() }).nullable(),
});
export type Booking = z.infer<typeof BookingSchema>;
export const BookingResponseSchema = z.object({ booking: BookingSchema });

export const MyBookingListSchema = pagedListSchema(BookingSchema);
export type MyBookingList = z.infer<typeof MyBookingListSchema>;

/** GET /api/rooms/{id}/slots?date=: the day's approved and pending bookings of a room. */
export const SlotsQuerySchema = z.object({ date: bookingDate });
export const RoomSlotsSchema = z.object({
  date: z.string(),
  taken: z.array(
    z.object({
      startTime: z.string(),
      endTime: z.string(),
      status: z.enum(['Pending', 'Approved']),
      mine: z.boolean(),
    }),
  ),
});
export type RoomSlots = z.infer<typeof RoomSlotsSchema>;

/** The tabs of the approval panel; withdrawn requests are not on it, expired ones only under all. */
export const APPROVAL_FILTERS = ['all', 'Pending', 'Approved', 'Rejected'] as const;
export type ApprovalFilter = (typeof APPROVAL_FILTERS)[number];

/** GET /api/room-bookings: the president's panel, searched over room and description. */
export const ApprovalListQuerySchema = PageQuerySchema.extend({
  status: z.enum(APPROVAL_FILTERS).default('all'),
  q: SearchTextSchema,
});
export type ApprovalListQuery = z.infer<typeof ApprovalListQuerySchema>;

/**
 * `counts` follow the search but not the tab: the tiles and the tab counts. Pending counts the
 * requests still awaiting a decision; an expired one counts in `all` only.
 */
export const ApprovalListSchema = pagedListSchema(BookingSchema).extend({
  counts: z.object({
    all: z.number().int(),
    Pending: z.number().int(),
    Approved: z.number().int(),
    Rejected: z.number().int(),
  }),
});
export type ApprovalList = z.infer<typeof ApprovalListSchema>;

/** PATCH /api/room-bookings/{id}: the president's decision; the decider is the signed-in user. */
export const BookingDecisionSchema = z.object({
  status: z.enum(['Approved', 'Rejected'], { error: 'Status must be Approved or Rejected.' }),
  note: optionalText(MAX_DECISION_NOTE, ROOM_MESSAGES.noteTooLong).refine(
    (value) => value == null || isPlainText(value),
    ROOM_MESSAGES.invisibleCharacters,
  ),
});
export type BookingDecision = z.infer<typeof BookingDecisionSchema>;
