import { z } from 'zod';
import {
  decimalInput,
  emptyAsMissing,
  isCalendarDate,
  isPlainText,
  pagedListSchema,
  PageQuerySchema,
  SearchTextSchema,
  uuidInput,
  UuidSchema,
} from './common';
import { POSITION_STATUSES, POSITION_VERIFICATIONS } from './constants';
import { OFFICIAL_ROLES } from './roles';
import { SubmissionHistorySchema } from './submissions';

/** Who can appoint to a position: the general secretaries, the president and the club coordinators. */
export const APPOINTING_ROLES = [...OFFICIAL_ROLES, 'CLUB_COORDINATOR'] as const;

export const POSITION_MESSAGES = {
  userRequired: 'User selection is required',
  positionRequired: 'Position selection is required',
  tenureRequired: 'Tenure year is required',
  tenureInvalid: 'Please choose a tenure year from the list.',
  statusRequired: 'Status is required',
  appointedByRequired: 'Appointed by is required when appointment date is provided',
  appointmentDateInvalid: 'Please enter a valid appointment date.',
  appointmentDateTooEarly: 'The appointment date cannot be before 1 January 2016.',
  appointmentDateFuture: 'The appointment date cannot be in the future.',
  eventsNegative: 'Events organized cannot be negative',
  eventsWhole: 'Events organized must be a whole number',
  feedbackInvalid: 'Please use plain text.',
  created: 'Position created successfully!',
  createFailedStudent: 'Failed to create position.',
  fetchFailed: 'Failed to fetch positions',
  emptyMine: "You haven't been assigned any positions yet.",
  noMatch: 'No positions match your current filters.',
  unknownPosition: 'Unknown Position',
  unknownDepartment: 'Unknown Department',
  addButton: '+ Add a Position',
  modalTitle: 'Add New Position-holder',
  duplicate: 'You already hold this position for this tenure.',
  positionNotFound: 'Please choose a position from the list.',
  appointedByNotFound: 'Please choose the appointing official from the list.',
  appointedByNotOfficial: 'Please choose a general secretary, the president or a club coordinator.',
  appointedBySelf: 'The person appointed cannot be the one who appointed them.',
  positionRetired: 'This position is retired and takes no new holders.',
  showing: (shown: number, total: number) => `Showing ${shown} of ${total} positions`,
  selfDeclared: 'Self-declared: awaiting verification',
  pending: "Appointed by the club's coordinator: awaiting verification",
  declined: 'Declined',
  declineReasonLabel: 'Reason given by the official: ',
} as const;

/** A position-holder record (a POR) as its holder sees it. */
export const MyPositionSchema = z.object({
  id: z.string(),
  porCode: z.string(),
  position: z
    .object({
      id: z.string(),
      positionCode: z.string(),
      title: z.string(),
      unit: z.object({ id: z.string(), name: z.string(), category: z.string().nullable() }).nullable(),
    })
    .nullable(),
  tenureYear: z.string(),
  status: z.enum(POSITION_STATUSES),
  appointment: z
    .object({
      appointedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
      date: z.string().nullable(),
    })
    .nullable(),
  metrics: z.object({
    eventsOrganized: z.number().int(),
    /** What the ledger paid for the unit in the tenure; null on a record not verified whose unit's money the student may not see. */
    budgetUtilized: z.number().nullable(),
    feedback: z.string().nullable(),
  }),
  verification: z.enum(POSITION_VERIFICATIONS),
  /** Why an official declined a self-declared record; null unless declined. */
  declineReason: z.string().nullable(),
  /** Raised by each edit; an official's decision names it. */
  version: z.number().int(),
  /** Whether the holder may edit or withdraw it now: their own claim, self-declared or declined. */
  changeable: z.boolean(),
  history: SubmissionHistorySchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MyPosition = z.infer<typeof MyPositionSchema>;

export const MyPositionListQuerySchema = PageQuerySchema.extend({
  q: SearchTextSchema,
  status: z.enum(POSITION_STATUSES).optional(),
  tenureYear: z
    .string()
    .regex(/^\d{4}-\d{4}$/)
    .optional(),
});
export type MyPositionListQuery = z.infer<typeof MyPositionListQuerySchema>;
export const MyPositionListSchema = pagedListSchema(MyPositionSchema).extend({
  /** The tenure years among all the student's records, newest first, for the filter. */
  tenureYears: z.array(z.string()),
});
export type MyPositionList = z.infer<typeof MyPositionListSchema>;

/** The earliest appointment date: the first tenure year starts in 2016 (spec section 9). */
export const MIN_APPOINTMENT_DATE = '2016-01-01';

/** A blank events count is sent as 0 (spec section 5); a decimal string is a number, anything else stays to be refused. */
const blankIsZero = (value: unknown) => {
  const number = decimalInput(value);
  return number === undefined || number === null ? 0 : number;
};

/**
 * The Add Position Holder form (spec section 5) as the student's own modal sends it: the holder is
 * the signed-in student; a blank events count is 0; an empty appointment is left out. The budget
 * utilised is not typed: it is what the club money ledger paid for the position's unit in the tenure.
 */
export const DeclarePositionRequestSchema = z
  .object({
    positionId: z.preprocess(emptyAsMissing, uuidInput({ error: POSITION_MESSAGES.positionRequired })),
    tenureYear: z.preprocess(
      emptyAsMissing,
      z
        .string({ error: POSITION_MESSAGES.tenureRequired })
        .regex(/^\d{4}-\d{4}$/, POSITION_MESSAGES.tenureInvalid),
    ),
    status: z.preprocess(
      emptyAsMissing,
      z.enum(POSITION_STATUSES, { error: POSITION_MESSAGES.statusRequired }),
    ),
    appointment: z
      .object({
        appointedById: z.preprocess(emptyAsMissing, UuidSchema.optional()),
        // Not after today either: the server checks that on the institute's clock.
        date: z.preprocess(
          emptyAsMissing,
          z
            .string()
            .refine(isCalendarDate, { message: POSITION_MESSAGES.appointmentDateInvalid, abort: true })
            .refine((value) => value >= MIN_APPOINTMENT_DATE, POSITION_MESSAGES.appointmentDateTooEarly)
            .optional(),
        ),
      })
      .optional(),
    metrics: z
      .object({
        eventsOrganized: z.preprocess(
          blankIsZero,
          z
            .number({ error: POSITION_MESSAGES.eventsWhole })
            .int(POSITION_MESSAGES.eventsWhole)
            .min(0, POSITION_MESSAGES.eventsNegative)
            .max(100_000, POSITION_MESSAGES.eventsWhole),
        ),
        feedback: z.preprocess(
          (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
          z
            .string()
            .trim()
            .max(2000, 'Feedback must be at most 2000 characters.')
            .refine(isPlainText, POSITION_MESSAGES.feedbackInvalid)
            .optional(),
        ),
      })
      .default({ eventsOrganized: 0 }),
  })
  .superRefine((value, ctx) => {
    if (value.appointment?.date && !value.appointment.appointedById) {
      ctx.addIssue({
        code: 'custom',
        path: ['appointment', 'appointedById'],
        message: POSITION_MESSAGES.appointedByRequired,
      });
    }
  });
export type DeclarePositionRequest = z.infer<typeof DeclarePositionRequestSchema>;
export const MyPositionResponseSchema = z.object({ position: MyPositionSchema });

/**
 * PATCH /api/me/positions/:id: the student's own form again, checked by the same rules; `resend`
 * corrects a declined record and sends it back for verification.
 */
export const EditPositionRequestSchema = z
  .object({ ...DeclarePositionRequestSchema.shape, resend: z.boolean().default(false) })
  .superRefine((value, ctx) => {
    if (value.appointment?.date && !value.appointment.appointedById) {
      ctx.addIssue({
        code: 'custom',
        path: ['appointment', 'appointedById'],
        message: POSITION_MESSAGES.appointedByRequired,
      });
    }
  });
export type EditPositionRequest = z.infer<typeof EditPositionRequestSchema>;
