import { z } from 'zod';

/*
 * The term report (decision 0044): what the council learns from its records for a tenure or a date
 * range, within the reader's scope. Every figure that counts people (students, registrations,
 * attendances, feedback, items reviewed, voters) and lies between 1 and 4 is null, shown as
 * "fewer than 5"; a group of such a size is put together with others (REPORT_OTHER_GROUPS) so that
 * no small figure can be worked out from the rest and the total.
 */

/** The smallest group the report shows by its number. */
export const REPORT_SMALLEST_GROUP = 5;
/** How a suppressed figure reads, on the page and in the CSV files. */
export const REPORT_FEWER_THAN = 'fewer than 5';
/** The row small groups are put together in. */
export const REPORT_OTHER_GROUPS = 'Other groups (fewer than 5 each)';
/** The label of a group whose record does not say (no batch, no program, ...). */
export const REPORT_NOT_GIVEN = 'Not given';

/** The charts, each with its table and CSV file (GET /api/reports/term/export?chart=). */
export const REPORT_CHARTS = [
  'reach',
  'concentration',
  'events-by-category',
  'events-by-club',
  'feedback',
  'reviews',
  'budgets',
  'elections',
] as const;
export type ReportChart = (typeof REPORT_CHARTS)[number];

export const REPORT_MESSAGES = {
  heading: 'Term report',
  tenureInvalid: 'Tenure must be two consecutive years, such as 2026-2027.',
  dateInvalid: 'Dates must be written as YYYY-MM-DD.',
  rangeOrder: 'The end date must be on or after the start date.',
  rangeTooLong: 'A date range can be at most five years long.',
  rangeHalf: 'Give both a start and an end date, or neither.',
  tenureOrRange: 'Choose a tenure or a date range, not both.',
  yearRange: 'Choose days from the year 2000 to 2100.',
  noClub: 'Your account is not linked to a club, so there is no club to report on.',
} as const;

const isoDate = z
  .string({ error: REPORT_MESSAGES.dateInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, REPORT_MESSAGES.dateInvalid)
  .refine(
    (v) =>
      !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
      new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    REPORT_MESSAGES.dateInvalid,
  )
  .refine(
    (v) => Number(v.slice(0, 4)) >= 2000 && Number(v.slice(0, 4)) <= 2100,
    REPORT_MESSAGES.yearRange,
  );

/** ?tenure=2026-2027, or ?from=2026-08-01&to=2026-12-31 (both days included); neither: the current tenure. */
export const ReportQuerySchema = z
  .object({
    tenure: z
      .string({ error: REPORT_MESSAGES.tenureInvalid })
      .regex(/^\d{4}-\d{4}$/, REPORT_MESSAGES.tenureInvalid)
      .refine((v) => Number(v.slice(5)) === Number(v.slice(0, 4)) + 1, REPORT_MESSAGES.tenureInvalid)
      .refine(
        (v) => Number(v.slice(0, 4)) >= 2000 && Number(v.slice(0, 4)) < 2100,
        REPORT_MESSAGES.yearRange,
      )
      .optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
  })
  .superRefine((q, ctx) => {
    if (q.tenure !== undefined && (q.from !== undefined || q.to !== undefined))
      ctx.addIssue({ code: 'custom', path: ['tenure'], message: REPORT_MESSAGES.tenureOrRange });
    if ((q.from === undefined) !== (q.to === undefined))
      ctx.addIssue({
        code: 'custom',
        path: [q.from === undefined ? 'from' : 'to'],
        message: REPORT_MESSAGES.rangeHalf,
      });
    if (q.from && q.to && q.to < q.from)
      ctx.addIssue({ code: 'custom', path: ['to'], message: REPORT_MESSAGES.rangeOrder });
    if (q.from && q.to && Date.parse(q.to) - Date.parse(q.from) > 5 * 366 * 86_400_000)
      ctx.addIssue({ code: 'custom', path: ['to'], message: REPORT_MESSAGES.rangeTooLong });
  });
export type ReportQuery = z.infer<typeof ReportQuerySchema>;

/** ?chart=reach&tenure=... of the CSV download: one chart's table, as the page shows it. */
export const ReportExportQuerySchema = z.intersection(
  ReportQuerySchema,
  z.object({ chart: z.enum(REPORT_CHARTS, { error: "Choose one of the report's charts." }) }),
);
export type ReportExportQuery = z.infer<typeof ReportExportQuerySchema>;

/** A count of people, or null for "fewer than 5". */
const PeopleCount = z.number().int().nullable();
/** A share from 0 to 1, or null when either side of it is suppressed (or there is nothing to divide). */
const Share = z.number().nullable();
/** Hours, to a tenth; null with fewer than 5 items. */
const Hours = z.number().nullable();

/** One group of students: how many there are, how many took part, and the share. */
export const ReachGroupSchema = z.object({
  group: z.string(),
  students: PeopleCount,
  participants: PeopleCount,
  share: Share,
});
export type ReachGroup = z.infer<typeof ReachGroupSchema>;

export const EventGroupSchema = z.object({
  group: z.string(),
  /** Events held (approved, not cancelled, starting in the period). */
  events: z.number().int(),
  /** Confirmed seats (walk-ins not counted). */
  registrations: PeopleCount,
  /** People checked in at the door, walk-ins included. */
  attended: PeopleCount,
  /** Confirmed seats not checked in, at events that have ended and whose door checked anyone in. */
  noShows: PeopleCount,
  /** noShows over the confirmed seats of those events. */
  noShowRate: Share,
});
export type EventGroup = z.infer<typeof EventGroupSchema>;

export const FeedbackGroupSchema = z.object({
  group: z.string(),
  received: PeopleCount,
  resolved: PeopleCount,
  resolvedShare: Share,
  /** Time from feedback given to resolved, of the resolved. */
  p50Hours: Hours,
  p90Hours: Hours,
});
export type FeedbackGroup = z.infer<typeof FeedbackGroupSchema>;

export const ReviewGroupSchema = z.object({
  /** 'Achievements', 'Skills', 'Position records'. */
  group: z.string(),
  /** Submitted in the period and decided (approved or declined). */
  decided: PeopleCount,
  /** Submitted in the period and still waiting. */
  waiting: PeopleCount,
  /** Time from submitted to decided. */
  p50Hours: Hours,
  p90Hours: Hours,
});
export type ReviewGroup = z.infer<typeof ReviewGroupSchema>;

export const BudgetRowSchema = z.object({
  unitId: z.string(),
  unit: z.string(),
  allocated: z.number(),
  committed: z.number(),
  paid: z.number(),
  /** Check-ins at the unit's events in the period. */
  attendances: PeopleCount,
  /** paid / attendances; null when there were none or fewer than 5. */
  costPerAttendee: z.number().nullable(),
});
export type BudgetRow = z.infer<typeof BudgetRowSchema>;

export const TurnoutRowSchema = z.object({
  postId: z.string(),
  election: z.string(),
  post: z.string(),
  eligible: PeopleCount,
  voted: PeopleCount,
  turnout: Share,
});
export type TurnoutRow = z.infer<typeof TurnoutRowSchema>;

/** GET /api/reports/term: the whole report. */
export const TermReportSchema = z.object({
  period: z.object({
    /** The tenure asked for, or null for a date range. */
    tenure: z.string().nullable(),
    /** First and last day, on the institute's calendar. */
    from: z.string(),
    to: z.string(),
  }),
  /** What the figures cover: the whole council, one council, or one club. */
  scope: z.object({ kind: z.enum(['institute', 'council', 'club']), name: z.string() }),
  /** When the figures were read. */
  generatedAt: z.string(),
  reach: z.object({
    /** Students (accounts of role student, not erased, on the roll in the period). */
    students: PeopleCount,
    /** Students who attended an event, were a member of a club or held a position in scope, in the period. */
    participants: PeopleCount,
    share: Share,
    byBatch: z.array(ReachGroupSchema),
    byProgram: z.array(ReachGroupSchema),
    byDiscipline: z.array(ReachGroupSchema),
    byHostel: z.array(ReachGroupSchema),
  }),
  concentration: z.object({
    /** Participants by how many activities they had: '1', '2', '3-4', '5-9', '10 or more' (small buckets merged upward). */
    buckets: z.array(z.object({ activities: z.string(), students: PeopleCount })),
    /** The share of all activities that the busiest tenth of participants had; null with fewer than 10 participants. */
    topTenthShare: Share,
  }),
  events: z.object({
    total: EventGroupSchema,
    byCategory: z.array(EventGroupSchema),
    byClub: z.array(EventGroupSchema),
  }),
  feedback: z.object({ total: FeedbackGroupSchema, byType: z.array(FeedbackGroupSchema) }),
  reviews: z.array(ReviewGroupSchema),
  budgets: z.object({
    /** The tenures whose budget lines are shown. */
    tenures: z.array(z.string()),
    rows: z.array(BudgetRowSchema),
    total: BudgetRowSchema.omit({ unitId: true }),
  }),
  elections: z.array(TurnoutRowSchema),
});
export type TermReport = z.infer<typeof TermReportSchema>;
