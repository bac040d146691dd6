import { z } from 'zod';
import { decimalInput, emptyAsMissing, isPlainLine, isPlainText, uuidInput } from './common';
import { CGPA_MAX, CGPA_MIN, MAX_YEAR_OF_STUDY, MIN_YEAR_OF_STUDY } from './constants';
import { POSITION_ADMIN_MESSAGES } from './position-admin';

/* The Add Position form's input, as the officials send it. */

const line = (max: number) =>
  z
    .string()
    .trim()
    .max(max, POSITION_ADMIN_MESSAGES.textTooLong)
    .refine(isPlainLine, POSITION_ADMIN_MESSAGES.textInvalid);

/** A list of text rows with the blank ones removed (spec section 3). */
const rows = (max: number, each: number) =>
  z.preprocess(
    (value) =>
      value === undefined || value === null
        ? []
        : Array.isArray(value)
          ? value.filter((item) => !(typeof item === 'string' && item.trim() === ''))
          : value,
    z.array(line(each)).max(max, POSITION_ADMIN_MESSAGES.textTooLong),
  );

/** Skills are matched by name whatever the case, so 'Python' and 'python' are one skill: the first spelling stays. */
const distinctIgnoringCase = (list: string[]) =>
  list.filter(
    (item, index) => list.findIndex((other) => other.toLowerCase() === item.toLowerCase()) === index,
  );

const twoDecimals = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

const numberFrom = (fallback: number) => (value: unknown) => {
  const number = decimalInput(value);
  return number === undefined || number === null ? fallback : number;
};

/**
 * The Add Position form (spec sections 3 and 5). 'Other' with its custom text becomes the custom
 * text; the custom text alone may also be sent as the type. Blank rows are removed.
 */
export const PositionInputSchema = z
  .object({
    title: z.preprocess(
      emptyAsMissing,
      z
        .string({ error: POSITION_ADMIN_MESSAGES.titleRequired })
        .trim()
        .min(1, POSITION_ADMIN_MESSAGES.titleRequired)
        .max(120, POSITION_ADMIN_MESSAGES.textTooLong)
        .refine(isPlainLine, POSITION_ADMIN_MESSAGES.textInvalid),
    ),
    unitId: z.preprocess(emptyAsMissing, uuidInput({ error: POSITION_ADMIN_MESSAGES.unitRequired })),
    positionType: z.preprocess(
      emptyAsMissing,
      z
        .string({ error: POSITION_ADMIN_MESSAGES.typeRequired })
        .trim()
        .min(1, POSITION_ADMIN_MESSAGES.typeRequired)
        .max(60, POSITION_ADMIN_MESSAGES.textTooLong)
        .refine(isPlainLine, POSITION_ADMIN_MESSAGES.textInvalid),
    ),
    customPositionType: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? undefined : (value ?? undefined)),
      line(60).optional(),
    ),
    positionCount: z.preprocess(
      numberFrom(1),
      z
        .number({ error: POSITION_ADMIN_MESSAGES.countMin })
        .int(POSITION_ADMIN_MESSAGES.countMin)
        .min(1, POSITION_ADMIN_MESSAGES.countMin)
        .max(1000, POSITION_ADMIN_MESSAGES.countMax),
    ),
    description: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? null : (value ?? null)),
      z
        .string()
        .trim()
        .max(2000, POSITION_ADMIN_MESSAGES.textTooLong)
        .refine(isPlainText, POSITION_ADMIN_MESSAGES.textInvalid)
        .nullable(),
    ),
    responsibilities: rows(30, 300).refine(
      (list) => list.length >= 1,
      POSITION_ADMIN_MESSAGES.responsibilitiesRequired,
    ),
    requirements: z
      .object({
        minCgpa: z.preprocess(
          numberFrom(0),
          z
            .number({ error: POSITION_ADMIN_MESSAGES.cgpaRange })
            .min(CGPA_MIN, POSITION_ADMIN_MESSAGES.cgpaRange)
            .max(CGPA_MAX, POSITION_ADMIN_MESSAGES.cgpaRange)
            .refine(twoDecimals, POSITION_ADMIN_MESSAGES.cgpaDecimals),
        ),
        minYear: z.preprocess(
          numberFrom(1),
          z
            .number({ error: POSITION_ADMIN_MESSAGES.minYearRange })
            .int(POSITION_ADMIN_MESSAGES.minYearRange)
            .min(MIN_YEAR_OF_STUDY, POSITION_ADMIN_MESSAGES.minYearRange)
            .max(MAX_YEAR_OF_STUDY, POSITION_ADMIN_MESSAGES.minYearRange),
        ),
        skillsRequired: rows(30, 60).transform(distinctIgnoringCase),
      })
      .default({ minCgpa: 0, minYear: 1, skillsRequired: [] }),
  })
  .superRefine((value, ctx) => {
    // 'Other' is no type of its own: as the custom text, or sent in any case as the type, it still asks for one.
    const isOther = (text: string | undefined) => text?.toLowerCase() === 'other';
    if (
      value.positionType === 'Other' &&
      (!value.customPositionType || isOther(value.customPositionType))
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['customPositionType'],
        message: POSITION_ADMIN_MESSAGES.customTypeRequired,
      });
    } else if (value.positionType !== 'Other' && isOther(value.positionType)) {
      ctx.addIssue({
        code: 'custom',
        path: ['positionType'],
        message: POSITION_ADMIN_MESSAGES.customTypeRequired,
      });
    }
  })
  .transform(({ customPositionType, ...value }) => ({
    ...value,
    // Stored once: the custom text is the type.
    positionType:
      value.positionType === 'Other' ? (customPositionType ?? value.positionType) : value.positionType,
  }));
export type PositionInput = z.infer<typeof PositionInputSchema>;
