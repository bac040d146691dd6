import type { FieldErrors, Resolver } from 'react-hook-form';
import {
  POSITION_ADMIN_MESSAGES,
  POSITION_TYPES,
  PositionInputSchema,
  type LookupItem,
  type Position,
  type PositionInput,
} from '@cosa/contracts';

/** What the Add Position form holds: text as typed, the chosen unit, one row per responsibility and skill. */
export type PositionFormValues = {
  title: string;
  unit: LookupItem | null;
  positionType: string;
  customPositionType: string;
  positionCount: string;
  description: string;
  responsibilities: { value: string }[];
  minCgpa: string;
  minYear: string;
  skills: { value: string }[];
};
export type PositionFieldName = keyof PositionFormValues;

/** The spec's defaults (section 5): count 1, minimum CGPA 0, minimum year 1, one empty responsibility row. */
export const emptyPositionForm = (unit: LookupItem | null = null): PositionFormValues => ({
  title: '',
  unit,
  positionType: '',
  customPositionType: '',
  positionCount: '1',
  description: '',
  responsibilities: [{ value: '' }],
  minCgpa: '0',
  minYear: '1',
  skills: [],
});

/** A saved position back in the form; a type outside the list is the custom text of Other. */
export function positionFormValues(position: Position): PositionFormValues {
  const known =
    (POSITION_TYPES as readonly string[]).includes(position.positionType) &&
    position.positionType !== 'Other';
  return {
    title: position.title,
    unit: { id: position.unit.id, label: position.unit.name, detail: position.unit.category },
    positionType: known ? position.positionType : 'Other',
    customPositionType: known ? '' : position.positionType,
    positionCount: String(position.positionCount),
    description: position.description ?? '',
    responsibilities: position.responsibilities.length
      ? position.responsibilities.map((value) => ({ value }))
      : [{ value: '' }],
    minCgpa: String(position.requirements.minCgpa),
    minYear: String(position.requirements.minYear),
    skills: position.requirements.skillsRequired.map((value) => ({ value })),
  };
}

/** Where each request field (as zod and the server name it) is shown in the form. */
const FIELD_OF: Record<string, PositionFieldName> = {
  title: 'title',
  unitId: 'unit',
  positionType: 'positionType',
  customPositionType: 'customPositionType',
  positionCount: 'positionCount',
  description: 'description',
  responsibilities: 'responsibilities',
  'requirements.minCgpa': 'minCgpa',
  'requirements.minYear': 'minYear',
  'requirements.skillsRequired': 'skills',
};

/** The form field showing a request path such as 'responsibilities.2'; undefined for none. */
export function positionFieldOf(path: string): PositionFieldName | undefined {
  return FIELD_OF[path] ?? FIELD_OF[path.replace(/\.\d+$/, '')];
}

/** The form as the request schema reads it; the schema removes blank rows and puts the custom text in place of Other. */
function toPositionRequest(values: PositionFormValues): unknown {
  return {
    title: values.title,
    unitId: values.unit?.id ?? '',
    positionType: values.positionType,
    customPositionType: values.positionType === 'Other' ? values.customPositionType : undefined,
    positionCount: values.positionCount,
    description: values.description,
    responsibilities: values.responsibilities.map((row) => row.value),
    requirements: {
      minCgpa: values.minCgpa,
      minYear: values.minYear,
      skillsRequired: values.skills.map((row) => row.value),
    },
  };
}

/** Checks the form with the shared request schema (the server's rules) and puts each message under its field. */
export const positionResolver: Resolver<PositionFormValues, unknown, PositionInput> = (values) => {
  const parsed = PositionInputSchema.safeParse(toPositionRequest(values));
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: FieldErrors<PositionFormValues> = {};
  for (const issue of parsed.error.issues) {
    const field = positionFieldOf(issue.path.join('.')) ?? 'title';
    errors[field] ??= { type: issue.code, message: issue.message };
  }
  // The schema checks the custom type only once every field is valid; the form shows it with the rest.
  if (values.positionType === 'Other' && !values.customPositionType.trim()) {
    errors.customPositionType ??= {
      type: 'custom',
      message: POSITION_ADMIN_MESSAGES.customTypeRequired,
    };
  }
  return { values: {}, errors };
};
