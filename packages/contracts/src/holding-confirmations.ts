import { z } from 'zod';
import { SearchTextSchema, UuidSchema } from './common';
import { POSITION_STATUSES } from './constants';

/*
 * Holdings recorded verified before the portal kept who verified or appointed them: the institute
 * does not sign them (canIssuePositionCredential) until the institute administrator confirms one,
 * which records the administrator as its verifier (decision 0017).
 */

export const HOLDING_CONFIRMATION_MESSAGES = {
  confirmedOne: 'Holding confirmed: its holder can now download its credential.',
  confirmedMany: (count: number) =>
    count === 1
      ? '1 holding confirmed: its holder can now download its credential.'
      : `${count.toLocaleString('en-IN')} holdings confirmed: their holders can now download their credentials.`,
  nothingToConfirm:
    'This holding has nothing to confirm: its verifier is recorded, or it is no longer verified or was ended early. Refresh the list.',
  noneInUnit: 'No holding of this unit awaits confirmation. Refresh the list.',
  unitNotFound: 'No unit has this id. Refresh the list and choose again.',
  chooseOne: 'Choose one holding or one unit to confirm.',
} as const;

/** One holding awaiting the administrator's confirmation. */
export const UnconfirmedHoldingSchema = z.object({
  id: z.string(),
  code: z.string(),
  holder: z.object({ name: z.string(), studentId: z.string().nullable() }),
  position: z.string(),
  unit: z.object({ id: z.string(), name: z.string() }),
  tenureYear: z.string(),
  status: z.enum(POSITION_STATUSES),
  /** The administrator's own holding: another administrator confirms it. */
  own: z.boolean(),
});
export type UnconfirmedHolding = z.infer<typeof UnconfirmedHoldingSchema>;

/** GET /api/admin/holding-confirmations: the first page, how many in all, and the units they sit in. */
export const UnconfirmedHoldingListSchema = z.object({
  items: z.array(UnconfirmedHoldingSchema),
  total: z.number().int(),
  units: z.array(z.object({ id: z.string(), name: z.string(), count: z.number().int() })),
});
export type UnconfirmedHoldingList = z.infer<typeof UnconfirmedHoldingListSchema>;

export const UnconfirmedHoldingQuerySchema = z.object({
  unitId: z.preprocess((value) => (value === '' ? undefined : value), UuidSchema.optional()),
  q: SearchTextSchema,
});

/** POST /api/admin/holding-confirmations: one holding, or every holding of one unit that awaits it. */
export const ConfirmHoldingsRequestSchema = z
  .object({ holdingId: UuidSchema.optional(), unitId: UuidSchema.optional() })
  .refine((value) => (value.holdingId === undefined) !== (value.unitId === undefined), {
    message: HOLDING_CONFIRMATION_MESSAGES.chooseOne,
    path: ['holdingId'],
  });
export type ConfirmHoldingsRequest = z.infer<typeof ConfirmHoldingsRequestSchema>;

export const ConfirmHoldingsResultSchema = z.object({ confirmed: z.number().int() });
export type ConfirmHoldingsResult = z.infer<typeof ConfirmHoldingsResultSchema>;
