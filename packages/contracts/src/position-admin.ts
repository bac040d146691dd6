import { z } from 'zod';
import {
  emptyAsMissing,
  pagedListSchema,
  PageQuerySchema,
  SearchTextSchema,
  uuidInput,
  UuidSchema,
} from './common';
import { POSITION_STATUSES, POSITION_VERIFICATIONS } from './constants';
import { DeclarePositionRequestSchema, POSITION_MESSAGES } from './positions';

/** A CGPA as the pages show it: one decimal, or two when it has them (7.0, 7.5, 7.25). */
export const cgpaText = (value: number) => value.toFixed(2).replace(/(\.\d)0$/, '$1');

/** The position types of the Add Position form (spec section 5); 'Other' is replaced by the custom text. */
export const POSITION_TYPES = [
  'Core Member',
  'Member',
  'Team Lead',
  'Coordinator',
  'Volunteer',
  'Intern',
  'Other',
] as const;

/** Texts of the position admin and position view pages (spec sections 2, 5 and 8). */
export const POSITION_ADMIN_MESSAGES = {
  titleRequired: 'Position title is required',
  unitRequired: 'Organizational unit is required',
  typeRequired: 'Position type is required',
  customTypeRequired: 'Please specify the position type',
  responsibilitiesRequired: 'At least one responsibility is required',
  cgpaRange: 'CGPA must be between 0 and 10',
  cgpaDecimals: 'CGPA can have at most two decimals',
  countMin: 'Position count must be at least 1',
  minYearRange: 'Minimum year must be between 1st and 4th',
  textTooLong: 'This text is too long.',
  textInvalid: 'Please use plain text.',
  created: POSITION_MESSAGES.created,
  createFailed: 'Failed to create position. Please try again.',
  updated: 'Position updated successfully!',
  updateFailed: 'Failed to update position. Please try again.',
  deleted: 'Position deleted.',
  retired: 'Position retired: it keeps its history and takes no new holders.',
  holderCreated: 'Position Holder created successfully!',
  holderCreateFailed: 'Failed to create position holder.',
  holderUpdated: 'Position Holder updated successfully!',
  holderUpdateFailed: 'Failed to update position holder.',
  holderDeleted: 'Position Holder deleted.',
  noPositions: 'No positions found',
  noHolders: 'No position holders found',
  positionsLoadFailed: 'Failed to fetch positions',
  holdersLoadFailed: 'Failed to fetch position holders',
  positionNotFound: 'This position no longer exists.',
  holderNotFound: 'This position holder no longer exists.',
  unitNotFound: 'Please choose a unit from the list.',
  userNotFound: 'Please choose a person from the list.',
  hasHolders:
    'This position has holders, so it cannot be deleted. Retire it instead: it keeps its history and takes no new holders.',
  hasHoldersRetired:
    'This position has holders, so it cannot be deleted. It is retired already: it keeps its history and takes no new holders.',
  hasFeedback:
    'This position has feedback about it, so it cannot be deleted. Retire it instead: it keeps its history and takes no new holders.',
  hasFeedbackRetired:
    'This position has feedback about it, so it cannot be deleted. It is retired already: it keeps its history and takes no new holders.',
  countMax: 'Position count can be at most 1000',
  alreadyRetired: 'This position is already retired.',
  retiredNoHolders: 'This position is retired and takes no new holders.',
  noSeat: (count: number) =>
    count === 1
      ? 'The only seat of this position is filled for this tenure.'
      : `All ${count} seats of this position are filled for this tenure.`,
  duplicate: 'This person already holds this position for this tenure.',
  statusFinal: 'Completed and terminated are final: an ended holding keeps its status.',
  ownHolding: 'You cannot appoint yourself or change your own holding: another official does that.',
  pendingNote:
    'Your appointments wait for a general secretary or the president to verify them; until then they take no seat and make nobody a member of the club.',
  notYourClub: 'You can manage the positions of your own club only.',
  noClub: 'Your account is not linked to a club yet. Ask the institute administrator to link it.',
  shortfall: 'This person does not meet the requirements of the position.',
  shortfallConfirm: 'Appoint anyway',
  countBelowHolders: (active: number, tenure: string) =>
    `${active} active holders fill this position in ${tenure}; end some holdings before lowering the count.`,
  // Value-free on purpose: whoever appoints learns that a record falls short, never the person's
  // CGPA or year. Both are the institute's record (decision 0015), never what the student typed.
  cgpaShort: (cgpa: number | null, min: number) =>
    cgpa === null
      ? `No CGPA on the institute's record (minimum ${cgpaText(min)}); the student can ask for a correction on their profile`
      : `CGPA on the institute's record below the minimum ${cgpaText(min)}`,
  yearShort: (year: number | null, min: string) =>
    year === null
      ? `No admission year on the institute's record, so no year of study (minimum ${min}); the student can ask for a correction on their profile`
      : `Year of study by the institute's record below the minimum ${min}`,
  skillsShort: (missing: readonly string[]) => `Missing required skills: ${missing.join(', ')}`,
  showingPositions: (shown: number, total: number) => `Showing ${shown} of ${total} positions`,
  showingHolders: (shown: number, total: number) => `Showing ${shown} of ${total} position holders`,
} as const;

const unitShape = z.object({ id: z.string(), name: z.string(), category: z.string().nullable() });
const personShape = z.object({ id: z.string(), name: z.string() });

/** A position as the admin and view pages show it. */
export const PositionSchema = z.object({
  id: z.string(),
  positionCode: z.string(),
  title: z.string(),
  unit: unitShape,
  positionType: z.string(),
  positionCount: z.number().int(),
  description: z.string().nullable(),
  responsibilities: z.array(z.string()),
  requirements: z.object({
    minCgpa: z.number(),
    minYear: z.number().int(),
    skillsRequired: z.array(z.string()),
  }),
  /** Active, verified holders of `tenure`, the current tenure (July to June). */
  activeHolders: z.number().int(),
  tenure: z.string(),
  /** Holdings that keep the position from being deleted: every record but the declined claims. */
  holders: z.number().int(),
  retiredAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Position = z.infer<typeof PositionSchema>;
export const PositionResponseSchema = z.object({ position: PositionSchema });

const POSITION_STATES = ['all', 'open', 'retired'] as const;
export const PositionListQuerySchema = PageQuerySchema.extend({
  q: SearchTextSchema,
  unitId: UuidSchema.optional(),
  type: z.string().trim().max(60).optional(),
  state: z.enum(POSITION_STATES).default('all'),
});
export type PositionListQuery = z.infer<typeof PositionListQuerySchema>;

const facet = z.object({ id: z.string(), name: z.string() });
/** Whom the lists are for: club null for the council, the club for its coordinator; unlinked for a coordinator not yet linked to a club. */
const scopeShape = z.object({ club: facet.nullable(), unlinked: z.boolean() });
/**
 * Whether the reader may change a row of a list (edit, retire, delete, end), as the server's rule of
 * who may appoint and end what (record-authority) judges it; when not, the rule's reason to show.
 */
const changeRightShape = { canChange: z.boolean(), changeNote: z.string().nullable() };
export type ChangeRight = { canChange: boolean; changeNote: string | null };

/** A position as View Positions lists it: with whether its reader may change it. */
export const PositionRowSchema = PositionSchema.extend(changeRightShape);
export type PositionRow = z.infer<typeof PositionRowSchema>;
export const PositionListSchema = pagedListSchema(PositionRowSchema).extend({
  departments: z.array(facet),
  types: z.array(z.string()),
  scope: scopeShape,
});
export type PositionList = z.infer<typeof PositionListSchema>;

/** A position holder (POR) as the admin and view pages show it. */
export const PositionHolderSchema = z.object({
  id: z.string(),
  porCode: z.string(),
  user: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    username: z.string(),
    studentId: z.string().nullable(),
  }),
  position: z.object({
    id: z.string(),
    positionCode: z.string(),
    title: z.string(),
    retired: z.boolean(),
    unit: unitShape,
  }),
  tenureYear: z.string(),
  status: z.enum(POSITION_STATUSES),
  appointment: z.object({ appointedBy: personShape.nullable(), date: z.string().nullable() }).nullable(),
  metrics: z.object({
    eventsOrganized: z.number().int(),
    /** What the ledger paid for the unit in the tenure; null for a reader who may not see the unit's money. */
    budgetUtilized: z.number().nullable(),
    feedback: z.string().nullable(),
  }),
  verification: z.enum(POSITION_VERIFICATIONS),
  declineReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PositionHolder = z.infer<typeof PositionHolderSchema>;
export const PositionHolderResponseSchema = z.object({ holder: PositionHolderSchema });

export const HolderListQuerySchema = PageQuerySchema.extend({
  q: SearchTextSchema,
  status: z.enum(POSITION_STATUSES).optional(),
  tenureYear: z
    .string()
    .regex(/^\d{4}-\d{4}$/)
    .optional(),
  unitId: UuidSchema.optional(),
});
export type HolderListQuery = z.infer<typeof HolderListQuerySchema>;
/** A holding as View Position Holders lists it: with whether its reader may change or end it. */
export const HolderRowSchema = PositionHolderSchema.extend(changeRightShape);
export type HolderRow = z.infer<typeof HolderRowSchema>;
export const HolderListSchema = pagedListSchema(HolderRowSchema).extend({
  departments: z.array(facet),
  tenureYears: z.array(z.string()),
  scope: scopeShape,
});
export type HolderList = z.infer<typeof HolderListSchema>;

/**
 * The Add Position Holder (POR) form (spec section 5) as an official sends it: the student form's
 * rules plus the chosen user; confirm appoints someone short of the requirements after they were shown.
 */
export const HolderInputSchema = z
  .object({
    userId: z.preprocess(emptyAsMissing, uuidInput({ error: POSITION_MESSAGES.userRequired })),
    ...DeclarePositionRequestSchema.shape,
    confirm: z.boolean().default(false),
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
export type HolderInput = z.infer<typeof HolderInputSchema>;
