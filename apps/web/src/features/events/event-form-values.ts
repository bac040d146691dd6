import type { FieldErrors, Resolver } from 'react-hook-form';
import {
  EventInputSchema,
  type DISCIPLINES,
  type EventDetail,
  type EventInput,
  type LookupItem,
  type PROGRAMS,
} from '@cosa/contracts';
import { isoToZonedDateTime, zonedDateTimeToIso } from '../../lib/format';

/** What the event form holds: text as typed, dates and times apart, the chosen unit and people. */
export type EventFormValues = {
  title: string;
  description: string;
  category: string;
  type: string;
  unit: LookupItem | null;
  organizers: LookupItem[];
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  venue: string;
  mode: string;
  registrationRequired: boolean;
  registrationStartDate: string;
  registrationStartTime: string;
  registrationEndDate: string;
  registrationEndTime: string;
  registrationFees: string;
  maxParticipants: string;
  budgetAllocated: string;
  sponsors: { name: string }[];
  /** Batch (admission) years as typed, separated by commas or spaces; empty admits every batch. */
  eligibleBatchYears: string;
  eligiblePrograms: (typeof PROGRAMS)[number][];
  eligibleDisciplines: (typeof DISCIPLINES)[number][];
  walkIns: boolean;
  /** The room to ask for (creation only); '' for none. */
  roomId: string;
};
export type EventFieldName = keyof EventFormValues;

export const EMPTY_EVENT_FORM: EventFormValues = {
  title: '',
  description: '',
  category: '',
  type: '',
  unit: null,
  organizers: [],
  startDate: '',
  startTime: '',
  endDate: '',
  endTime: '',
  venue: '',
  mode: '',
  registrationRequired: false,
  registrationStartDate: '',
  registrationStartTime: '',
  registrationEndDate: '',
  registrationEndTime: '',
  registrationFees: '',
  maxParticipants: '',
  budgetAllocated: '',
  sponsors: [],
  eligibleBatchYears: '',
  eligiblePrograms: [],
  eligibleDisciplines: [],
  walkIns: false,
  roomId: '',
};

/** Where each request field (as zod and the server name it) is shown in the form; a date and time pair shows under its date. */
const FIELD_OF: Record<string, EventFieldName> = {
  title: 'title',
  description: 'description',
  category: 'category',
  type: 'type',
  organizingUnitId: 'unit',
  organizerIds: 'organizers',
  start: 'startDate',
  end: 'endDate',
  venue: 'venue',
  mode: 'mode',
  registrationRequired: 'registrationRequired',
  registrationStart: 'registrationStartDate',
  registrationEnd: 'registrationEndDate',
  registrationFees: 'registrationFees',
  maxParticipants: 'maxParticipants',
  budgetAllocated: 'budgetAllocated',
  sponsors: 'sponsors',
  eligibleBatchYears: 'eligibleBatchYears',
  eligiblePrograms: 'eligiblePrograms',
  eligibleDisciplines: 'eligibleDisciplines',
  walkIns: 'walkIns',
  roomId: 'roomId',
};

/** The form field showing a request path such as 'sponsors.2' or 'end'; undefined for none. */
export const formFieldOf = (path: string): EventFieldName | undefined =>
  FIELD_OF[path.split('.')[0] ?? ''];

/** A date and time on the institute's clock as an instant; both blank is none, anything else unreadable is refused by the schema. */
function instant(date: string, time: string, timeZone: string): string | null {
  if (!date.trim() && !time.trim()) return null;
  return zonedDateTimeToIso(date, time, timeZone) ?? `${date} ${time}`;
}

/** '2024, 2025' as years; a part that is no whole number stays text, for the schema to refuse under the field. */
function batchYears(text: string): (number | string)[] {
  return text
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map((part) => (/^\d{1,6}$/.test(part) ? Number(part) : part));
}

/**
 * The form as the request schema reads it; registration details (eligibility among them) count
 * only when registration is required; a room is asked for only when one is chosen.
 */
function toEventRequest(values: EventFormValues, timeZone: string): unknown {
  const registration = values.registrationRequired;
  return {
    title: values.title,
    description: values.description,
    category: values.category,
    type: values.type,
    organizingUnitId: values.unit?.id ?? '',
    organizerIds: values.organizers.map((person) => person.id),
    start: instant(values.startDate, values.startTime, timeZone),
    end: instant(values.endDate, values.endTime, timeZone),
    venue: values.venue,
    mode: values.mode,
    registrationRequired: registration,
    registrationStart: registration
      ? instant(values.registrationStartDate, values.registrationStartTime, timeZone)
      : null,
    registrationEnd: registration
      ? instant(values.registrationEndDate, values.registrationEndTime, timeZone)
      : null,
    registrationFees: registration ? values.registrationFees : '',
    maxParticipants: registration ? values.maxParticipants : '',
    budgetAllocated: values.budgetAllocated,
    sponsors: values.sponsors.map((sponsor) => sponsor.name),
    eligibleBatchYears: registration ? batchYears(values.eligibleBatchYears) : [],
    eligiblePrograms: registration ? values.eligiblePrograms : [],
    eligibleDisciplines: registration ? values.eligibleDisciplines : [],
    walkIns: values.walkIns,
    roomId: values.roomId || undefined,
  };
}

/** Checks the form with the shared EventInputSchema and puts each message under its field. */
export function eventResolver(timeZone: string): Resolver<EventFormValues, unknown, EventInput> {
  return (values) => {
    const parsed = EventInputSchema.safeParse(toEventRequest(values, timeZone));
    if (parsed.success) return { values: parsed.data, errors: {} };
    const errors: FieldErrors<EventFormValues> = {};
    for (const issue of parsed.error.issues) {
      const field = formFieldOf(issue.path.join('.'));
      if (field) errors[field] ??= { type: issue.code, message: issue.message };
      else
        errors.root ??= {
          type: issue.code,
          message: issue.message,
        } as FieldErrors<EventFormValues>['root'];
    }
    return { values: {}, errors };
  };
}

/** An existing event as the form shows it, its times on the institute's clock. */
export function eventFormValues(event: EventDetail, timeZone: string): EventFormValues {
  const split = (value: string | null) => isoToZonedDateTime(value, timeZone) ?? { date: '', time: '' };
  const [start, end] = [split(event.start), split(event.end)];
  const [opens, closes] = [split(event.registration.start), split(event.registration.end)];
  return {
    title: event.title,
    description: event.description ?? '',
    category: event.category,
    type: event.type ?? '',
    unit: event.unit ? { id: event.unit.id, label: event.unit.name, detail: null } : null,
    organizers: event.organizers.map((person) => ({
      id: person.id,
      label: person.name,
      detail: person.username ?? null,
    })),
    startDate: start.date,
    startTime: start.time,
    endDate: end.date,
    endTime: end.time,
    venue: event.venue ?? '',
    mode: event.mode ?? '',
    registrationRequired: event.registration.required,
    registrationStartDate: opens.date,
    registrationStartTime: opens.time,
    registrationEndDate: closes.date,
    registrationEndTime: closes.time,
    registrationFees: event.registration.fees === null ? '' : String(event.registration.fees),
    maxParticipants:
      event.registration.maxParticipants === null ? '' : String(event.registration.maxParticipants),
    // Those who may edit an event see its budget; null would mean they may not.
    budgetAllocated: event.budget ? String(event.budget.allocated) : '',
    sponsors: (event.budget?.sponsors ?? []).map((name) => ({ name })),
    eligibleBatchYears: event.eligibility.batchYears.join(', '),
    eligiblePrograms: [...event.eligibility.programs],
    eligibleDisciplines: [...event.eligibility.disciplines],
    walkIns: event.walkIns,
    roomId: '',
  };
}
