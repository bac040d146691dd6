import { z } from 'zod';
import { blankAsNull, emptyAsMissing, isPlainLine, isPlainText, tidyName, uuidInput } from './common';
import { UNIT_TYPES } from './constants';

/** Limits of the unit form (administration, deviation 60). */
export const MAX_UNIT_NAME = 120;
export const MAX_UNIT_DESCRIPTION = 1000;
export const MAX_UNIT_CATEGORY = 60;
/** numeric(12,2) holds up to this many rupees. */

export type UnitType = (typeof UNIT_TYPES)[number];

/** How the pages name each type: the council at the top, its councils, their clubs. */
export const UNIT_TYPE_LABELS: Record<UnitType, string> = {
  council: 'Apex council',
  committee: 'Council',
  club: 'Club',
};

/**
 * The types a unit may sit under: the apex council under none; a council directly under the apex
 * council; a club under the apex council, a council, or another club (a club's own team or body).
 */
export const UNIT_PARENT_TYPES: Record<UnitType, readonly UnitType[]> = {
  council: [],
  committee: ['council'],
  club: ['council', 'committee', 'club'],
};

/** Texts of /admin/units. */
export const ADMIN_UNIT_MESSAGES = {
  heading: 'Council and clubs',
  intro:
    'The apex council, its councils and their clubs. A retired unit keeps its history but leaves every picker.',
  add: 'Add unit',
  addTitle: 'Add a unit',
  editTitle: (name: string) => `Edit ${name}`,
  save: 'Save',
  saving: 'Saving...',
  create: 'Add unit',
  creating: 'Adding...',
  created: (name: string) => `${name} added.`,
  updated: (name: string) => `${name} saved.`,
  saveFailed: 'The unit could not be saved. Please try again.',
  nothingToChange: 'Nothing has changed yet. Change a field, or cancel.',
  typeHint:
    'The apex council is the top of the tree; a council sits under it; a club sits under the apex council, a council or another club.',
  loading: 'Loading units...',
  loadFailed: 'The units could not be loaded. Please try again.',
  empty: 'No units yet',
  emptyHint: 'Start with the apex council: every council and club sits under it.',
  retire: 'Retire',
  retireTitle: (name: string) => `Retire ${name}?`,
  retireText:
    'It keeps its history (positions, events, feedback) but leaves every picker, and its open positions are retired with it. You can reinstate it later.',
  retiring: 'Retiring...',
  retiredToast: (name: string) => `${name} retired.`,
  retireFailed: 'The unit could not be retired. Please try again.',
  reinstate: 'Reinstate',
  reinstateTitle: (name: string) => `Reinstate ${name}?`,
  reinstateText: 'It returns to the pickers. Positions retired with it stay retired.',
  reinstating: 'Reinstating...',
  reinstatedToast: (name: string) => `${name} reinstated.`,
  reinstateFailed: 'The unit could not be reinstated. Please try again.',
  retiredBadge: 'Retired',
  nameRequired: 'Name is required.',
  nameTooLong: `Name must be at most ${MAX_UNIT_NAME} characters.`,
  textInvalid: 'Use visible characters only.',
  lineInvalid: 'Use visible characters only, on one line.',
  nameTaken: 'Another unit already has this name.',
  nameTakenRetired: (name: string) =>
    `The retired unit ${name} already has this name. Reinstate it, or choose another name.`,
  typeRequired: 'Type is required.',
  typeInvalid: 'Choose a type from the list.',
  parentRequired: 'Choose the unit this one sits under.',
  parentNotFound: 'Choose a unit from the list.',
  parentRetired: (name: string) => `${name} is retired; choose a unit that is not.`,
  councilNoParent: 'The apex council is the top of the tree: it sits under no unit.',
  oneCouncil: (name: string) => `${name} is already the apex council; a campus has one.`,
  committeeParent: 'A council sits directly under the apex council.',
  clubParent: 'A club sits under the apex council, a council or another club.',
  childrenDontFit: (type: string, names: string) =>
    `As a ${type.toLowerCase()} it could not hold its units (${names}). Move them first.`,
  cycle: 'A unit cannot sit under itself or under one of its own units.',
  descriptionTooLong: `Description must be at most ${MAX_UNIT_DESCRIPTION} characters.`,
  categoryTooLong: `Category must be at most ${MAX_UNIT_CATEGORY} characters.`,
  emailInvalid: 'Enter a valid e-mail address.',
  notFound: 'This unit no longer exists.',
  isRetired: 'This unit is retired. Reinstate it before changing it.',
  alreadyRetired: 'This unit is already retired.',
  notRetired: 'This unit is not retired.',
  hasChildren: (names: string) => `Retire or move its units first: ${names}.`,
  hasCoordinator: (names: string) =>
    `The club coordinator account of ${names} is linked to this unit. Link it to another club in Users and roles first.`,
  /** A club whose coordinators are linked to it stays a club (PATCH type). */
  retypeHasCoordinator: (names: string, count: number) =>
    count === 1
      ? `The club coordinator account of ${names} is linked to this club, and only a club has a coordinator. Link it to another club in Users and roles first.`
      : `The club coordinator accounts of ${names} are linked to this club, and only a club has a coordinator. Link them to another club in Users and roles first.`,
  parentStillRetired: (name: string) =>
    `It sits under ${name}, which is retired. Reinstate ${name} first.`,
} as const;

const oneLine = (max: number, tooLong: string) =>
  z.string().trim().max(max, tooLong).refine(isPlainLine, ADMIN_UNIT_MESSAGES.lineInvalid);

const unitName = z.preprocess(
  (value) => emptyAsMissing(tidyName(value)),
  z
    .string({ error: ADMIN_UNIT_MESSAGES.nameRequired })
    .trim()
    .min(1, ADMIN_UNIT_MESSAGES.nameRequired)
    .max(MAX_UNIT_NAME, ADMIN_UNIT_MESSAGES.nameTooLong)
    .refine(isPlainLine, ADMIN_UNIT_MESSAGES.lineInvalid),
);

const unitType = z.preprocess(
  emptyAsMissing,
  z.enum(UNIT_TYPES, {
    error: (issue) =>
      issue.input === undefined ? ADMIN_UNIT_MESSAGES.typeRequired : ADMIN_UNIT_MESSAGES.typeInvalid,
  }),
);

/** The unit above; blank is none (only the apex council has none). */
const parentId = z.preprocess(blankAsNull, uuidInput(ADMIN_UNIT_MESSAGES.parentNotFound).nullable());

const description = z.preprocess(
  blankAsNull,
  z
    .string()
    .trim()
    .max(MAX_UNIT_DESCRIPTION, ADMIN_UNIT_MESSAGES.descriptionTooLong)
    .refine(isPlainText, ADMIN_UNIT_MESSAGES.textInvalid)
    .nullable(),
);
const category = z.preprocess(
  blankAsNull,
  oneLine(MAX_UNIT_CATEGORY, ADMIN_UNIT_MESSAGES.categoryTooLong).nullable(),
);
const contactEmail = z.preprocess(
  blankAsNull,
  z
    .string()
    .trim()
    .max(254, ADMIN_UNIT_MESSAGES.emailInvalid)
    .pipe(z.email(ADMIN_UNIT_MESSAGES.emailInvalid))
    .nullable(),
);

/** POST /api/admin/units. */
export const UnitCreateInputSchema = z.object({
  name: unitName,
  type: unitType,
  parentId: parentId.optional().transform((value) => value ?? null),
  description: description.optional(),
  category: category.optional(),
  contactEmail: contactEmail.optional(),
});
export type UnitCreateInput = z.infer<typeof UnitCreateInputSchema>;

/**
 * PATCH /api/admin/units/{id}: rename, retype, move, describe; a field left out stays. A unit's money
 * is allocated on its budget lines (/api/money), never typed here.
 */
export const UnitUpdateInputSchema = z.object({
  name: unitName.optional(),
  type: unitType.optional(),
  parentId: parentId.optional(),
  description: description.optional(),
  category: category.optional(),
  contactEmail: contactEmail.optional(),
});
export type UnitUpdateInput = z.infer<typeof UnitUpdateInputSchema>;

/** A unit as the administrator sees it, retired or not; the page builds the tree from parentId. */
export const AdminUnitSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  type: z.enum(UNIT_TYPES),
  parentId: z.string().nullable(),
  description: z.string().nullable(),
  category: z.string().nullable(),
  contactEmail: z.string().nullable(),
  /** What the unit's budget lines of the current tenure were allocated and paid, from the ledger. */
  budgetAllocated: z.number(),
  budgetSpent: z.number(),
  retiredAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  counts: z.object({
    /** Every position of the unit, and those still open (not retired). */
    positions: z.number().int(),
    openPositions: z.number().int(),
    /** People holding one of its positions now (active and verified). */
    holders: z.number().int(),
    /** Club coordinator accounts linked to it. */
    coordinators: z.number().int(),
  }),
});
export type AdminUnit = z.infer<typeof AdminUnitSchema>;
export const AdminUnitListSchema = z.object({ units: z.array(AdminUnitSchema) });
export const AdminUnitResponseSchema = z.object({ unit: AdminUnitSchema });
/** A retirement: the unit, and how many of its open positions were retired with it. */
export const UnitRetirementResponseSchema = z.object({
  unit: AdminUnitSchema,
  retiredPositions: z.number().int(),
});
export type UnitRetirementResponse = z.infer<typeof UnitRetirementResponseSchema>;
