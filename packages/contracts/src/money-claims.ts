import { z } from 'zod';
import { blankAsNull, isPlainLine, isPlainText, PageQuerySchema, uuidInput } from './common';
import { BUDGET_HEADINGS, moneyReason, moneySearch, rupeeAmount, TenureSchema } from './money';

/*
 * Expense claims against a budget line (decision 0040): filed by a club's coordinator or an event's
 * organiser with receipts, approved by the general secretary of the club's council and, above the
 * administrator's amount, by the president, and paid by the institute's accounts office (the
 * administrator). Every step is kept as the claim's timeline.
 */

export const CLAIM_STATUSES = [
  'draft',
  'submitted',
  'returned',
  'secretary_approved',
  'approved',
  'rejected',
  'paid',
  'cancelled',
] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];
export const CLAIM_STATUS_LABELS: Record<ClaimStatus, string> = {
  draft: 'Draft',
  submitted: 'Awaiting the general secretary',
  returned: 'Sent back for changes',
  secretary_approved: 'Awaiting the president',
  approved: 'Approved, awaiting payment',
  rejected: 'Rejected',
  paid: 'Paid',
  cancelled: 'Approval withdrawn, not paid',
};

/** The steps of a claim's timeline. */
export const CLAIM_STEP_ACTIONS = [
  'filed',
  'submitted',
  'returned',
  'secretary_approved',
  'approved',
  'rejected',
  'paid',
  'cancelled',
] as const;
export type ClaimStepAction = (typeof CLAIM_STEP_ACTIONS)[number];

export const MAX_CLAIM_PAYEE = 120;
export const MAX_CLAIM_DESCRIPTION = 2000;
export const MAX_PAYMENT_REFERENCE = 80;
/** Receipts of one claim at most. */
export const MAX_CLAIM_RECEIPTS = 10;
export const RECEIPT_MAX_BYTES = 5 * 1024 * 1024;
export const RECEIPT_FIELD = 'receipt';
export const RECEIPT_ACCEPT = 'application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png';

export const CLAIM_MESSAGES = {
  lineRequired: 'Budget line: choose the line this expense is paid from.',
  lineUnknown: 'Budget line: choose a line of the club’s budget.',
  lineOtherUnit: 'Budget line: this line belongs to another unit.',
  unitRequired: 'Club: choose the club that spent the money.',
  eventUnknown: 'Event: choose an event of this club, or none.',
  payeeRequired: 'Payee: say who is to be paid.',
  payeeInvalid: `Payee: at most ${MAX_CLAIM_PAYEE} characters on one line.`,
  descriptionRequired: 'Description: say what was bought or paid for.',
  descriptionInvalid: `Description: at most ${MAX_CLAIM_DESCRIPTION} characters, all of them visible.`,
  receiptRequired: 'Receipts: attach at least one receipt (PDF, JPEG or PNG) before submitting.',
  notFiler: 'Claims are filed by the coordinator of the club, or by an organiser of the club’s event.',
  deciderFiles:
    'You decide or pay this club’s claims, so another person files this one: its coordinator or another organiser of the event.',
  notYours: 'Only the person who filed this claim can change it.',
  notEditable: 'This claim can change only while it is a draft or sent back for changes.',
  notVisible: 'This claim does not exist or is not yours to see.',
  notDecider:
    'This claim is decided by the general secretary of the club’s council, then the president.',
  notAwaiting: 'This claim is not awaiting your decision.',
  ownClaim: 'You filed this claim: another official decides it.',
  partialNeedsReason: 'Reason: say why less than the claimed amount is approved.',
  amountAboveClaim: 'Amount: approve at most the amount claimed.',
  amountAboveApproved: 'Amount: approve at most what the general secretary approved.',
  decisionInvalid: 'Decision: approve, send back or reject.',
  reasonRequired: 'Reason: say why, so the filer knows what to do next.',
  stale: 'This claim changed since you opened it. Reload it to see what changed.',
  notPayable: 'Only an approved claim can be marked paid.',
  payAdminOnly: 'Only the institute administrator (the accounts office) marks claims paid.',
  withdrawAdminOnly:
    'Only the institute administrator (the accounts office) withdraws the approval of a claim.',
  withdrawReasonRequired:
    'Reason: say why the approval is withdrawn, so the filer and the approvers know.',
  notWithdrawable: 'Only the approval of an approved claim not yet paid can be withdrawn.',
  withdrawnPaid: 'This claim is paid already: its approval can no longer be withdrawn.',
  withdrawnAlready: 'The approval of this claim is withdrawn already: it will not be paid.',
  referenceRequired: 'Reference: enter the payment’s reference (a transaction or voucher number).',
  referenceInvalid: `Reference: at most ${MAX_PAYMENT_REFERENCE} characters on one line.`,
  receiptMissing: 'Receipt: choose a PDF, JPEG or PNG file.',
  receiptNotAccepted:
    'Receipt: this file is not a PDF, JPEG or PNG, whatever its name says. Save it as one of these and try again.',
  receiptActiveContent:
    'Receipt: this PDF carries web page code beside the document. Print or export it to PDF again and try again.',
  receiptUnreadable: 'Receipt: the picture could not be read. Take or save it again and try again.',
  receiptTooLarge: 'Receipt: the file is larger than 5 MB. Make it smaller and try again.',
  tooManyReceipts: `A claim holds at most ${MAX_CLAIM_RECEIPTS} receipts.`,
  receiptNotFound: 'This receipt does not exist.',
  busy: 'Many receipts are being uploaded just now. Please try again in a moment.',
  draftOnlyDelete: 'Only a draft can be deleted; a submitted claim stays on the record.',
} as const;

const requiredLine = (required: string, invalid: string, max: number) =>
  z.preprocess(
    (value) => (blankAsNull(value) === null ? undefined : value),
    z.string({ error: required }).trim().min(1, required).max(max, invalid).refine(isPlainLine, invalid),
  );

/** POST /api/money/claims (a draft) and PUT /api/money/claims/:id (while a draft or sent back). */
export const ClaimInputSchema = z.object({
  unitId: uuidInput(CLAIM_MESSAGES.unitRequired),
  lineId: z.preprocess(
    (value) => (blankAsNull(value) === null ? undefined : value),
    uuidInput(CLAIM_MESSAGES.lineRequired),
  ),
  eventId: z.preprocess(blankAsNull, uuidInput(CLAIM_MESSAGES.eventUnknown).nullable()).default(null),
  amount: rupeeAmount(),
  payee: requiredLine(CLAIM_MESSAGES.payeeRequired, CLAIM_MESSAGES.payeeInvalid, MAX_CLAIM_PAYEE),
  description: z.preprocess(
    (value) => (blankAsNull(value) === null ? undefined : value),
    z
      .string({ error: CLAIM_MESSAGES.descriptionRequired })
      .trim()
      .min(1, CLAIM_MESSAGES.descriptionRequired)
      .max(MAX_CLAIM_DESCRIPTION, CLAIM_MESSAGES.descriptionInvalid)
      .refine(isPlainText, CLAIM_MESSAGES.descriptionInvalid),
  ),
});
export type ClaimInput = z.infer<typeof ClaimInputSchema>;
/** PUT carries the version the claim was read at. */
export const ClaimChangeSchema = ClaimInputSchema.extend({
  version: z.string({ error: CLAIM_MESSAGES.stale }).min(1).max(64),
});
export type ClaimChange = z.infer<typeof ClaimChangeSchema>;

/** POST /api/money/claims/:id/decision. */
export const ClaimDecisionSchema = z.object({
  decision: z.enum(['approve', 'return', 'reject'], { error: CLAIM_MESSAGES.decisionInvalid }),
  /** For an approval: the amount approved; the whole (as far as approved before) when left out. */
  amount: rupeeAmount().optional(),
  reason: moneyReason(false),
  version: z.string({ error: CLAIM_MESSAGES.stale }).min(1).max(64),
});
export type ClaimDecision = z.infer<typeof ClaimDecisionSchema>;

/** POST /api/money/claims/:id/payment. */
export const ClaimPaymentSchema = z.object({
  reference: requiredLine(
    CLAIM_MESSAGES.referenceRequired,
    CLAIM_MESSAGES.referenceInvalid,
    MAX_PAYMENT_REFERENCE,
  ),
  version: z.string({ error: CLAIM_MESSAGES.stale }).min(1).max(64),
});
export type ClaimPayment = z.infer<typeof ClaimPaymentSchema>;

/**
 * POST /api/money/claims/:id/withdrawal: the accounts office withdraws the approval of a claim it
 * will not pay, with the reason the filer and the approvers read; its commitment is released.
 */
export const ClaimWithdrawalSchema = z.object({
  reason: moneyReason(true, CLAIM_MESSAGES.withdrawReasonRequired),
  version: z.string({ error: CLAIM_MESSAGES.stale }).min(1).max(64),
});
export type ClaimWithdrawal = z.infer<typeof ClaimWithdrawalSchema>;

/** POST /api/money/claims/:id/submission. */
export const ClaimSubmissionSchema = z.object({
  version: z.string({ error: CLAIM_MESSAGES.stale }).min(1).max(64),
});

const person = z.object({ id: z.string(), name: z.string() });

const ClaimStepSchema = z.object({
  action: z.enum(CLAIM_STEP_ACTIONS),
  actor: person.nullable(),
  amount: z.number().nullable(),
  reason: z.string().nullable(),
  reference: z.string().nullable(),
  at: z.string(),
});

export const ReceiptSchema = z.object({
  id: z.string(),
  contentType: z.enum(['application/pdf', 'image/jpeg']),
  bytes: z.number(),
  uploadedAt: z.string(),
});
export type Receipt = z.infer<typeof ReceiptSchema>;

/** A claim as lists show it. */
export const ClaimRowSchema = z.object({
  id: z.string(),
  claimCode: z.string(),
  status: z.enum(CLAIM_STATUSES),
  unit: z.object({ id: z.string(), name: z.string(), council: z.string().nullable() }),
  line: z.object({
    id: z.string(),
    heading: z.enum(BUDGET_HEADINGS).nullable(),
    tenureYear: z.string(),
  }),
  event: z.object({ id: z.string(), title: z.string() }).nullable(),
  amount: z.number(),
  approvedAmount: z.number().nullable(),
  payee: z.string(),
  filedBy: person.nullable(),
  submittedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type ClaimRow = z.infer<typeof ClaimRowSchema>;

/** A claim whole: its receipts, its timeline, and what its reader may do with it now. */
export const ClaimSchema = ClaimRowSchema.extend({
  description: z.string(),
  paymentReference: z.string().nullable(),
  receipts: z.array(ReceiptSchema),
  steps: z.array(ClaimStepSchema),
  version: z.string(),
  /** What its line has left now (the page shows it to those who decide or pay the claim). */
  lineAvailable: z.number(),
  may: z.object({
    edit: z.boolean(),
    submit: z.boolean(),
    decide: z.boolean(),
    pay: z.boolean(),
    /** Withdraw the approval of an approved claim not yet paid (the accounts office). */
    withdraw: z.boolean(),
    delete: z.boolean(),
  }),
});
export type Claim = z.infer<typeof ClaimSchema>;
export const ClaimResponseSchema = z.object({ claim: ClaimSchema });

/** GET /api/money/claims: the claims the reader may see, filtered and paged. */
export const ClaimListQuerySchema = PageQuerySchema.extend({
  status: z.enum(CLAIM_STATUSES).optional(),
  tenureYear: TenureSchema.optional(),
  unitId: z.preprocess(blankAsNull, uuidInput().nullable().optional()),
  /** Only those awaiting the reader's own decision or payment. */
  mine: z.enum(['awaiting']).optional(),
  q: moneySearch,
});
export type ClaimListQuery = z.infer<typeof ClaimListQuerySchema>;
export const ClaimListSchema = z.object({
  items: z.array(ClaimRowSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** How many await the reader's decision (or, for the administrator, payment). */
  awaitingMe: z.number(),
});
export type ClaimList = z.infer<typeof ClaimListSchema>;

/** GET /api/money/claims/options: the units the reader may file claims for, with the events they may claim for. */
export const ClaimOptionsSchema = z.object({
  tenureYear: z.string(),
  units: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      /** Every event of the unit for its coordinator; the events they organise for an organiser. */
      events: z.array(z.object({ id: z.string(), title: z.string() })),
    }),
  ),
});
export type ClaimOptions = z.infer<typeof ClaimOptionsSchema>;
