import type { FieldErrors, Resolver } from 'react-hook-form';
import {
  CreateAnnouncementRequestSchema,
  type AnnouncementAudience,
  type CreateAnnouncementRequest,
} from '@cosa/contracts';
import { zonedDateTimeToIso } from '../../lib/format';

/** What the composer holds: text as typed, the expiry's date and time apart on the institute's clock. */
export type AnnouncementFormValues = {
  title: string;
  body: string;
  audience: AnnouncementAudience | '';
  audienceValue: string;
  expiresDate: string;
  expiresTime: string;
};
type AnnouncementFieldName = keyof AnnouncementFormValues;

export const emptyAnnouncement = (audience: AnnouncementAudience | ''): AnnouncementFormValues => ({
  title: '',
  body: '',
  audience,
  audienceValue: '',
  expiresDate: '',
  expiresTime: '',
});

/** Audiences narrowed by a value: a batch year, a program or a discipline. */
export const takesValue = (audience: string) =>
  audience === 'batch' || audience === 'program' || audience === 'discipline';

/** Where each request field (as zod and the server name it) is shown; the expiry shows under its date. */
const FIELD_OF: Record<string, AnnouncementFieldName> = {
  title: 'title',
  body: 'body',
  audience: 'audience',
  audienceValue: 'audienceValue',
  expiresAt: 'expiresDate',
};

export const formFieldOf = (path: string): AnnouncementFieldName | undefined =>
  FIELD_OF[path.split('.')[0] ?? ''];

/** A date and a time typed on the institute's clock as an instant; both empty is none; anything unreadable is left for the schema to refuse. */
function expiry(date: string, time: string, timeZone: string): string | undefined {
  if (!date.trim() && !time.trim()) return undefined;
  // A date alone means the end of that day.
  return zonedDateTimeToIso(date, time.trim() || '23:59', timeZone) ?? `${date} ${time}`;
}

function toRequest(values: AnnouncementFormValues, timeZone: string): unknown {
  return {
    title: values.title,
    body: values.body,
    audience: values.audience,
    audienceValue: takesValue(values.audience) ? values.audienceValue.trim() : undefined,
    expiresAt: expiry(values.expiresDate, values.expiresTime, timeZone),
  };
}

/** Checks the composer with the shared request schema and puts each message under its field. */
export function announcementResolver(
  timeZone: string,
): Resolver<AnnouncementFormValues, unknown, CreateAnnouncementRequest> {
  return (values) => {
    const parsed = CreateAnnouncementRequestSchema.safeParse(toRequest(values, timeZone));
    if (parsed.success) return { values: parsed.data, errors: {} };
    const errors: FieldErrors<AnnouncementFormValues> = {};
    for (const issue of parsed.error.issues) {
      const field = formFieldOf(issue.path.join('.'));
      if (field) errors[field] ??= { type: issue.code, message: issue.message };
      else
        errors.root ??= {
          type: issue.code,
          message: issue.message,
        } as FieldErrors<AnnouncementFormValues>['root'];
    }
    return { values: {}, errors };
  };
}
