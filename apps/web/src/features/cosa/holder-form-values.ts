import type { FieldErrors, Resolver } from 'react-hook-form';
import {
  HolderInputSchema,
  POSITION_MESSAGES,
  type HolderInput,
  type LookupItem,
  type PositionHolder,
} from '@cosa/contracts';

/** What the Add Position Holder (POR) form holds. */
export type HolderFormValues = {
  user: LookupItem | null;
  position: LookupItem | null;
  tenureYear: string;
  status: string;
  appointedBy: LookupItem | null;
  appointmentDate: string;
  eventsOrganized: string;
  feedback: string;
};
export type HolderFieldName = keyof HolderFormValues;

/** The spec's defaults (section 4): status active, everything else empty. */
export const EMPTY_HOLDER_FORM: HolderFormValues = {
  user: null,
  position: null,
  tenureYear: '',
  status: 'active',
  appointedBy: null,
  appointmentDate: '',
  eventsOrganized: '',
  feedback: '',
};

/** A saved holder back in the form. */
export function holderFormValues(holder: PositionHolder): HolderFormValues {
  const appointer = holder.appointment?.appointedBy;
  return {
    user: {
      id: holder.user.id,
      label: holder.user.name,
      detail: [holder.user.username, holder.user.studentId].filter(Boolean).join(' · '),
    },
    position: {
      id: holder.position.id,
      label: holder.position.title,
      detail: holder.position.unit.name,
    },
    tenureYear: holder.tenureYear,
    status: holder.status,
    appointedBy: appointer ? { id: appointer.id, label: appointer.name, detail: null } : null,
    appointmentDate: holder.appointment?.date ?? '',
    eventsOrganized: String(holder.metrics.eventsOrganized),
    feedback: holder.metrics.feedback ?? '',
  };
}

/** Where each request field (a dotted path, as zod and the server name it) is shown in the form. */
const FIELD_OF: Record<string, HolderFieldName> = {
  userId: 'user',
  positionId: 'position',
  tenureYear: 'tenureYear',
  status: 'status',
  appointment: 'appointedBy',
  'appointment.appointedById': 'appointedBy',
  'appointment.date': 'appointmentDate',
  'metrics.eventsOrganized': 'eventsOrganized',
  'metrics.feedback': 'feedback',
};

export const holderFieldOf = (path: string): HolderFieldName | undefined => FIELD_OF[path];

/** The form as the request schema reads it: a blank events count becomes 0, an appointment with neither part is left out. */
function toHolderRequest(values: HolderFormValues): unknown {
  const appointment =
    values.appointedBy || values.appointmentDate
      ? { appointedById: values.appointedBy?.id, date: values.appointmentDate }
      : undefined;
  return {
    userId: values.user?.id ?? '',
    positionId: values.position?.id ?? '',
    tenureYear: values.tenureYear,
    status: values.status,
    appointment,
    metrics: {
      eventsOrganized: values.eventsOrganized,
      feedback: values.feedback,
    },
  };
}

/** Checks the form with the shared request schema and puts each message under its field. */
export const holderResolver: Resolver<HolderFormValues, unknown, HolderInput> = (values) => {
  const parsed = HolderInputSchema.safeParse(toHolderRequest(values));
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: FieldErrors<HolderFormValues> = {};
  for (const issue of parsed.error.issues) {
    const field = holderFieldOf(issue.path.join('.')) ?? 'user';
    errors[field] ??= { type: issue.code, message: issue.message };
  }
  // The schema checks this pair only once every field is valid; the form shows it with the rest.
  if (values.appointmentDate && !values.appointedBy) {
    errors.appointedBy ??= { type: 'custom', message: POSITION_MESSAGES.appointedByRequired };
  }
  return { values: {}, errors };
};
