import type { FieldErrors, Resolver } from 'react-hook-form';
import {
  DeclarePositionRequestSchema,
  type DeclarePositionRequest,
  type LookupItem,
  type MyPosition,
} from '@cosa/contracts';

/* The student's position form's values, as it holds them and as the request schema reads them. */

export type FormValues = {
  position: LookupItem | null;
  tenureYear: string;
  status: string;
  appointedBy: LookupItem | null;
  appointmentDate: string;
  eventsOrganized: string;
  feedback: string;
};
export type FieldName = keyof FormValues;

/** Where each request field (a dotted path, as zod and the server name it) is shown in the form. */
export const FIELD_OF: Record<string, FieldName> = {
  positionId: 'position',
  tenureYear: 'tenureYear',
  status: 'status',
  appointment: 'appointedBy',
  'appointment.appointedById': 'appointedBy',
  'appointment.date': 'appointmentDate',
  'metrics.eventsOrganized': 'eventsOrganized',
  'metrics.feedback': 'feedback',
};

export const DEFAULTS: FormValues = {
  position: null,
  tenureYear: '',
  status: 'active',
  appointedBy: null,
  appointmentDate: '',
  eventsOrganized: '',
  feedback: '',
};

/** The form's values for a record already declared. */
export const valuesOf = (record: MyPosition): FormValues => ({
  position: record.position
    ? {
        id: record.position.id,
        label: record.position.title,
        detail: record.position.unit?.name ?? null,
      }
    : null,
  tenureYear: record.tenureYear,
  status: record.status,
  appointedBy: record.appointment?.appointedBy
    ? { id: record.appointment.appointedBy.id, label: record.appointment.appointedBy.name, detail: null }
    : null,
  appointmentDate: record.appointment?.date ?? '',
  eventsOrganized: String(record.metrics.eventsOrganized),
  feedback: record.metrics.feedback ?? '',
});

/** The form as the request schema reads it; an appointment with neither part is left out. */
function toRequest(values: FormValues): unknown {
  const appointment =
    values.appointedBy || values.appointmentDate
      ? { appointedById: values.appointedBy?.id, date: values.appointmentDate }
      : undefined;
  return {
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
export const resolver: Resolver<FormValues, unknown, DeclarePositionRequest> = (values) => {
  const parsed = DeclarePositionRequestSchema.safeParse(toRequest(values));
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: FieldErrors<FormValues> = {};
  for (const issue of parsed.error.issues) {
    const field = FIELD_OF[issue.path.join('.')] ?? 'position';
    errors[field] ??= { type: issue.code, message: issue.message };
  }
  return { values: {}, errors };
};
