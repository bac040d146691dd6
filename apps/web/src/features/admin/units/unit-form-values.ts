import type { FieldErrors, Resolver } from 'react-hook-form';
import {
  ADMIN_UNIT_MESSAGES,
  UnitCreateInputSchema,
  type AdminUnit,
  type UnitCreateInput,
  type UnitType,
  type UnitUpdateInput,
} from '@cosa/contracts';

/** What the unit form holds: text as typed; '' for no type or no parent yet. */
export type UnitFormValues = {
  name: string;
  type: UnitType | '';
  parentId: string;
  description: string;
  category: string;
  contactEmail: string;
};
export const UNIT_FIELDS = [
  'name',
  'type',
  'parentId',
  'description',
  'category',
  'contactEmail',
] as const;

/** A new unit: under the given parent, a club when there is one, the apex council when there is none. */
export const emptyUnitForm = (parentId = ''): UnitFormValues => ({
  name: '',
  type: parentId ? 'club' : '',
  parentId,
  description: '',
  category: '',
  contactEmail: '',
});

export const unitFormValues = (unit: AdminUnit): UnitFormValues => ({
  name: unit.name,
  type: unit.type,
  parentId: unit.parentId ?? '',
  description: unit.description ?? '',
  category: unit.category ?? '',
  contactEmail: unit.contactEmail ?? '',
});

/** The server's rules, checked before sending: its schema, and a parent for every unit below the apex council. */
export const unitResolver: Resolver<UnitFormValues, unknown, UnitCreateInput> = async (values) => {
  const errors: FieldErrors<UnitFormValues> = {};
  const parsed = UnitCreateInputSchema.safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = issue.path[0] as keyof UnitFormValues | undefined;
      if (name && !errors[name]) errors[name] = { type: 'validate', message: issue.message };
    }
  }
  if (values.type && values.type !== 'council' && !values.parentId && !errors.parentId)
    errors.parentId = { type: 'validate', message: ADMIN_UNIT_MESSAGES.parentRequired };
  if (parsed.success && Object.keys(errors).length === 0) return { values: parsed.data, errors: {} };
  return { values: {}, errors };
};

/** Only what changed is sent, so the audit log shows exactly that. */
export function unitChanges(unit: AdminUnit, input: UnitCreateInput): UnitUpdateInput {
  const changes: UnitUpdateInput = {};
  if (input.name !== unit.name) changes.name = input.name;
  if (input.type !== unit.type) changes.type = input.type;
  if (input.parentId !== unit.parentId) changes.parentId = input.parentId;
  if ((input.description ?? null) !== unit.description) changes.description = input.description ?? null;
  if ((input.category ?? null) !== unit.category) changes.category = input.category ?? null;
  if ((input.contactEmail ?? null) !== unit.contactEmail)
    changes.contactEmail = input.contactEmail ?? null;
  return changes;
}
