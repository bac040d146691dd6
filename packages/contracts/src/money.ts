import { z } from 'zod';
import {
  blankAsNull,
  decimalInput,
  isPlainLine,
  isPlainText,
  PageQuerySchema,
  SearchTextSchema,
  uuidInput,
} from './common';

/*
 * Club money (decision 0040): budget lines per tenure, unit and heading; one ledger of entries that
 * are never changed; balances derived from the entries. The claims against the lines are in
 * money-claims.ts.
 */

/** What a line of a unit's budget is for; a line without a heading is an allocation not split up. */
export const BUDGET_HEADINGS = ['events', 'equipment', 'travel', 'publicity', 'other'] as const;
export type BudgetHeading = (typeof BUDGET_HEADINGS)[number];
export const BUDGET_HEADING_LABELS: Record<BudgetHeading, string> = {
  events: 'Events',
  equipment: 'Equipment',
  travel: 'Travel',
  publicity: 'Publicity',
  other: 'Other',
};
/** How a line without a heading is named. */
export const UNSPLIT_LINE_LABEL = 'General';

/**
 * Each movement of money the ledger holds. An allocation adds to a line and a reduction takes from
 * it; a transfer is a pair (out of one line, into another); a commitment holds an approved claim's
 * amount, a release gives back a commitment, a payment turns a commitment into money paid. A
 * carried-over spend is money paid before the ledger, as it was typed on the unit or its positions.
 */
export const ENTRY_KINDS = [
  'allocation',
  'reduction',
  'transfer_in',
  'transfer_out',
  'commitment',
  'release',
  'payment',
  'carried_paid',
] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];
export const ENTRY_KIND_LABELS: Record<EntryKind, string> = {
  allocation: 'Allocated',
  reduction: 'Allocation reduced',
  transfer_in: 'Passed down from the council',
  transfer_out: 'Passed down to a club',
  commitment: 'Committed to an approved claim',
  release: 'Released from a claim',
  payment: 'Paid',
  carried_paid: 'Spent before the ledger (carried over)',
};

/** The largest amount of one entry or claim: ten crore rupees, far above any club's year. */
const MAX_MONEY_AMOUNT = 100_000_000;
export const MAX_MONEY_REASON = 500;

/** Rupees with paise, as the ledger shows them: '₹12,500.00'. */
export function formatRupees(amount: number): string {
  return new Intl.NumberFormat('en-IN', {
    style: 'currency',
    currency: 'INR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount);
}

export const MONEY_MESSAGES = {
  tenureInvalid: 'Tenure: choose a tenure such as 2026-2027, from 2016-2017 to two years ahead.',
  unitUnknown: 'Unit: choose a council or a club.',
  headingInvalid: 'Heading: choose events, equipment, travel, publicity, other, or none.',
  amountInvalid: 'Amount: enter rupees above 0 with at most two decimals (up to ₹10,00,00,000).',
  reasonRequired: 'Reason: say why, in a line or two.',
  reasonInvalid: `Reason: at most ${MAX_MONEY_REASON} characters, all of them visible.`,
  changeInvalid: 'Change: choose whether to add to the allocation or reduce it.',
  lineUnknown: 'This budget line does not exist.',
  notAllocator: 'Only the president and the institute administrator allocate budgets.',
  notTransferrer:
    'Only the general secretary of this council, the president and the institute administrator pass its money down to its clubs.',
  transferFromCouncil: "Money is passed down from a council's own line to one of its clubs.",
  transferToOwnClub: "The club is not in this line's council.",
  retiredUnit: 'This unit is retired: it takes no new money.',
  notVisible: 'You can see the budgets of your own council or club only.',
  reductionTooLarge: (left: number) =>
    `The line has ${formatRupees(left)} not committed or paid; an allocation cannot be reduced below what is spent or promised.`,
  notEnough: (left: number) => `The line has ${formatRupees(left)} left.`,
  thresholdInvalid: 'Amount: enter rupees, 0 or more, with at most two decimals.',
  settingsAdminOnly:
    'Only the institute administrator sets the amount above which the president approves.',
} as const;

/** An amount of rupees: a JSON number or a plain decimal string, above 0, to the paisa. */
export const rupeeAmount = (message: string = MONEY_MESSAGES.amountInvalid, min = 0.01) =>
  z.preprocess(
    decimalInput,
    z
      .number({ error: message })
      .min(min, message)
      .max(MAX_MONEY_AMOUNT, message)
      .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, message),
  );

/** ?q= of the money lists: the lists' search, on one plain line. */
export const moneySearch = SearchTextSchema.refine((v) => v === undefined || isPlainLine(v));

/** A tenure 'YYYY-YYYY' of consecutive years. */
export const TenureSchema = z
  .string({ error: MONEY_MESSAGES.tenureInvalid })
  .regex(/^\d{4}-\d{4}$/, MONEY_MESSAGES.tenureInvalid)
  .refine((v) => Number(v.slice(5)) === Number(v.slice(0, 4)) + 1, MONEY_MESSAGES.tenureInvalid)
  .refine((v) => {
    const start = Number(v.slice(0, 4));
    return start >= 2016 && start <= new Date().getFullYear() + 2;
  }, MONEY_MESSAGES.tenureInvalid);

const heading = z.preprocess(
  blankAsNull,
  z.enum(BUDGET_HEADINGS, { error: MONEY_MESSAGES.headingInvalid }).nullable(),
);

/**
 * A reason a person gives for a movement of money or a decision: one or a few plain lines; when
 * required, `missing` says what to write.
 */
export const moneyReason = (required: boolean, missing: string = MONEY_MESSAGES.reasonRequired) =>
  z.preprocess(
    (value) => {
      const blank = blankAsNull(value);
      return blank === null && required ? undefined : blank;
    },
    required
      ? z
          .string({ error: missing })
          .trim()
          .min(1, missing)
          .max(MAX_MONEY_REASON, MONEY_MESSAGES.reasonInvalid)
          .refine(isPlainText, MONEY_MESSAGES.reasonInvalid)
      : z
          .string()
          .trim()
          .max(MAX_MONEY_REASON, MONEY_MESSAGES.reasonInvalid)
          .refine(isPlainText, MONEY_MESSAGES.reasonInvalid)
          .nullable()
          .optional(),
  );

/** POST /api/money/allocations: add to a unit's line for a tenure (made when new), or reduce it. */
export const AllocationInputSchema = z.object({
  tenureYear: TenureSchema,
  unitId: uuidInput(MONEY_MESSAGES.unitUnknown),
  heading,
  change: z.enum(['add', 'reduce'], { error: MONEY_MESSAGES.changeInvalid }).default('add'),
  amount: rupeeAmount(),
  reason: moneyReason(true),
});
export type AllocationInput = z.infer<typeof AllocationInputSchema>;

/** POST /api/money/transfers: part of a council's line passed down to one of its clubs, same tenure. */
export const TransferInputSchema = z.object({
  fromLineId: uuidInput(MONEY_MESSAGES.lineUnknown),
  toUnitId: uuidInput(MONEY_MESSAGES.unitUnknown),
  heading,
  amount: rupeeAmount(),
  reason: moneyReason(true),
});
export type TransferInput = z.infer<typeof TransferInputSchema>;

/** A line's figures, all derived from its entries. */
export const LineFiguresSchema = z.object({
  allocated: z.number(),
  committed: z.number(),
  paid: z.number(),
  /** allocated − committed − paid: what a claim can still be approved against. */
  available: z.number(),
});
export type LineFigures = z.infer<typeof LineFiguresSchema>;

export const BudgetLineSchema = LineFiguresSchema.extend({
  id: z.string(),
  heading: z.enum(BUDGET_HEADINGS).nullable(),
});
export type BudgetLine = z.infer<typeof BudgetLineSchema>;

/** A unit's lines for the tenure, with their sums. */
export const BudgetUnitSchema = z.object({
  unit: z.object({
    id: z.string(),
    name: z.string(),
    type: z.string(),
    /** The council it sits in, by type (technical, cultural, sports, academic); null for the apex council. */
    council: z.string().nullable(),
  }),
  lines: z.array(BudgetLineSchema),
  totals: LineFiguresSchema,
});
export type BudgetUnit = z.infer<typeof BudgetUnitSchema>;

/** GET /api/money/budgets?tenureYear=: the units the reader may see, with their lines. */
/** ?tenureYear=&q=&page=&pageSize= of the budgets: a page of units, councils first. */
export const BudgetOverviewQuerySchema = z.object({
  tenureYear: TenureSchema.optional(),
  q: moneySearch,
  ...PageQuerySchema.shape,
});
export const BudgetOverviewSchema = z.object({
  tenureYear: z.string(),
  /** A page of the units, each with its lines. */
  units: z.array(BudgetUnitSchema),
  /** How many units the tenure's budgets (as searched) hold in all, and the page shown. */
  unitCount: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** The sums of every line of those units, not only the page's. */
  totals: LineFiguresSchema,
  /** What the reader may do: allocate (president, administrator), pass council money down. */
  mayAllocate: z.boolean(),
  presidentAbove: z.number(),
});
export type BudgetOverview = z.infer<typeof BudgetOverviewSchema>;

/** One entry of the ledger, as a line's history shows it. */
export const LedgerEntrySchema = z.object({
  id: z.string(),
  seq: z.number(),
  kind: z.enum(ENTRY_KINDS),
  amount: z.number(),
  reason: z.string().nullable(),
  reference: z.string().nullable(),
  claimId: z.string().nullable(),
  actor: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type LedgerEntry = z.infer<typeof LedgerEntrySchema>;

export const LineHistorySchema = z.object({
  line: BudgetLineSchema.extend({
    tenureYear: z.string(),
    unit: z.object({ id: z.string(), name: z.string() }),
  }),
  entries: z.array(LedgerEntrySchema),
});
export type LineHistory = z.infer<typeof LineHistorySchema>;

/** GET and PUT /api/money/settings. */
export const MoneySettingsSchema = z.object({ presidentAbove: z.number() });
export const MoneySettingsInputSchema = z.object({
  presidentAbove: rupeeAmount(MONEY_MESSAGES.thresholdInvalid, 0),
});
export type MoneySettingsInput = z.infer<typeof MoneySettingsInputSchema>;

/** GET /api/money/units/:id/lines?tenureYear=: a unit's lines, for the claim form (its filers and deciders). */
export const UnitLinesSchema = z.object({
  unit: z.object({ id: z.string(), name: z.string() }),
  tenureYear: z.string(),
  lines: z.array(BudgetLineSchema),
});
export type UnitLines = z.infer<typeof UnitLinesSchema>;
export const UnitLinesQuerySchema = z.object({ tenureYear: TenureSchema.optional() });

export const AllocationResponseSchema = z.object({ line: BudgetLineSchema });
export const TransferResponseSchema = z.object({ from: BudgetLineSchema, to: BudgetLineSchema });
