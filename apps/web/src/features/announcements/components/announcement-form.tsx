import { useMemo, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import {
  ANNOUNCEMENT_AUDIENCE_LABELS,
  ANNOUNCEMENT_BODY_MAX,
  ANNOUNCEMENT_TITLE_MAX,
  DISCIPLINES,
  PROGRAMS,
  type AnnouncementAudience,
  type CreateAnnouncementRequest,
} from '@cosa/contracts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { DateTimeField } from '../../../components/ui/date-time-field';
import { optionsOf, SelectField } from '../../../components/ui/select';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { applyMappedFieldErrors } from '../../../lib/form-errors';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useCreateAnnouncement } from '../api/create-announcement';
import {
  announcementResolver,
  emptyAnnouncement,
  formFieldOf,
  takesValue,
  type AnnouncementFormValues,
} from '../announcement-form-values';

const POST_FAILED = 'The announcement could not be posted. Check your connection and try again.';
const PROGRAM_OPTIONS = optionsOf(PROGRAMS);
const DISCIPLINE_OPTIONS = optionsOf(DISCIPLINES);

/** The server's own words when it refuses (too many posts, a field, the club); otherwise a retry hint. */
function failureMessage(error: unknown): string {
  return error instanceof ApiError && error.status >= 400 && error.status < 500
    ? error.message
    : POST_FAILED;
}

type AnnouncementFormProps = {
  /** The audiences this author may address; a club coordinator has only their club. */
  audiences: readonly AnnouncementAudience[];
  timeZone: string;
};

/** The composer: title, message, audience (and its batch, program or discipline) and an optional expiry. */
export function AnnouncementForm({ audiences, timeZone }: AnnouncementFormProps) {
  const create = useCreateAnnouncement();
  const resolver = useMemo(() => announcementResolver(timeZone), [timeZone]);
  const only = audiences.length === 1 ? audiences[0]! : '';
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    clearErrors,
    reset,
    formState: { errors },
  } = useForm<AnnouncementFormValues, unknown, CreateAnnouncementRequest>({
    resolver,
    defaultValues: emptyAnnouncement(only),
    reValidateMode: 'onSubmit',
  });
  const audience = useWatch({ control, name: 'audience' });

  // A field's error clears as soon as it is edited; the rules run again on submit.
  const field = (name: keyof AnnouncementFormValues, clears: keyof AnnouncementFormValues = name) =>
    register(name, {
      onChange: () => {
        clearErrors(clears);
        clearErrors('root');
        // A batch year means nothing as a program: each audience starts its value afresh.
        if (name === 'audience') setValue('audienceValue', '');
      },
    });

  // A double click validates twice before the request is pending: only the first valid submit is sent.
  const sending = useRef(false);
  const onValid = (body: CreateAnnouncementRequest) => {
    if (sending.current) return;
    sending.current = true;
    create.mutate(body, {
      onSuccess: (posted) => {
        sending.current = false;
        reset(emptyAnnouncement(only));
        toast.success(
          `Announcement posted to ${posted.recipients.toLocaleString('en-IN')} ${posted.recipients === 1 ? 'person' : 'people'}.`,
        );
      },
      onError: (error) => {
        sending.current = false;
        applyMappedFieldErrors(error, setError, formFieldOf);
        setError('root.server', { message: failureMessage(error) });
      },
    });
  };

  const rootMessage = errors.root?.server?.message ?? errors.root?.message;
  return (
    <form
      onSubmit={(event) => void handleSubmit(onValid)(event)}
      noValidate
      aria-label="New announcement"
      className="grid gap-4 sm:grid-cols-2"
    >
      {rootMessage && (
        <Alert tone="error" className="sm:col-span-2">
          {rootMessage}
        </Alert>
      )}
      <TextField
        label="Title"
        required
        autoComplete="off"
        maxLength={ANNOUNCEMENT_TITLE_MAX}
        containerClassName="sm:col-span-2"
        error={errors.title?.message}
        {...field('title')}
      />
      <TextAreaField
        label="Message"
        required
        rows={6}
        maxLength={ANNOUNCEMENT_BODY_MAX}
        hint="Plain text. Web addresses (https://…) become links."
        containerClassName="sm:col-span-2"
        error={errors.body?.message}
        {...field('body')}
      />
      {only ? (
        <TextField label="Audience" value={ANNOUNCEMENT_AUDIENCE_LABELS[only]} readOnly />
      ) : (
        <SelectField
          label="Audience"
          required
          placeholder="Choose an audience"
          options={audiences.map((value) => ({ value, label: ANNOUNCEMENT_AUDIENCE_LABELS[value] }))}
          error={errors.audience?.message}
          {...field('audience')}
        />
      )}
      {audience === 'batch' && (
        <TextField
          label="Batch year"
          required
          inputMode="numeric"
          autoComplete="off"
          placeholder="e.g. 2024"
          maxLength={4}
          error={errors.audienceValue?.message}
          {...field('audienceValue')}
        />
      )}
      {audience === 'program' && (
        <SelectField
          label="Program"
          required
          placeholder="Choose a program"
          options={PROGRAM_OPTIONS}
          error={errors.audienceValue?.message}
          {...field('audienceValue')}
        />
      )}
      {audience === 'discipline' && (
        <SelectField
          label="Discipline"
          required
          placeholder="Choose a discipline"
          options={DISCIPLINE_OPTIONS}
          error={errors.audienceValue?.message}
          {...field('audienceValue')}
        />
      )}
      {!takesValue(audience) && <div aria-hidden="true" className="hidden sm:block" />}
      <div className="sm:col-span-2">
        <DateTimeField
          label="Expires"
          date={field('expiresDate')}
          time={field('expiresTime', 'expiresDate')}
          hint={`Optional, in institute time (${timeZone}). Until then students see it on their home page; a date alone means the end of that day.`}
          error={errors.expiresDate?.message}
        />
      </div>
      <div className="sm:col-span-2">
        <Button type="submit" loading={create.isPending} loadingText="Posting...">
          Post announcement
        </Button>
      </div>
    </form>
  );
}
