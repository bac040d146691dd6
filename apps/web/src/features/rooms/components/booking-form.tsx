import { useRef, useState, type FormEvent } from 'react';
import { useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import {
  BookingInputSchema,
  MAX_BOOKING_DESCRIPTION,
  ROOM_MESSAGES,
  type BookingInput,
} from '@cosa/contracts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/error-state';
import { SelectField } from '../../../components/ui/select';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { isoToZonedDateTime } from '../../../lib/format';
import { usePublicConfig } from '../../../lib/public-config';
import { useRequestBooking, useRooms } from '../api/bookings';
import { characterCount } from '../booking-format';
import { RoomDay } from './room-day';

type FormValues = {
  date: string;
  startTime: string;
  endTime: string;
  roomId: string;
  description: string;
};
const FIELDS = ['date', 'startTime', 'endTime', 'roomId', 'description'] as const;
const DEFAULTS: FormValues = { date: '', startTime: '', endTime: '', roomId: '', description: '' };

/** The shared request rules, then "not in the past" on the institute's clock (the server checks it again). */
function resolverFor(timeZone: string): Resolver<FormValues, unknown, BookingInput> {
  return (values) => {
    const parsed = BookingInputSchema.safeParse(values);
    const errors: FieldErrors<FormValues> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = (FIELDS as readonly string[]).includes(String(issue.path[0]))
          ? (issue.path[0] as keyof FormValues)
          : 'date';
        errors[field] ??= { type: issue.code, message: issue.message };
      }
      return { values: {}, errors };
    }
    const now = isoToZonedDateTime(new Date(), timeZone)!;
    if (parsed.data.date < now.date) errors.date = { type: 'past', message: ROOM_MESSAGES.inPast };
    else if (parsed.data.date === now.date && parsed.data.startTime <= now.time)
      errors.startTime = { type: 'past', message: ROOM_MESSAGES.inPast };
    return Object.keys(errors).length ? { values: {}, errors } : { values: parsed.data, errors: {} };
  };
}

type Outcome = { tone: 'success' | 'error'; text: string; detail?: string } | null;

/** The new-booking form (spec sections 2 and 5) with the chosen room's day beside it. */
export function BookingForm() {
  const { data: config } = usePublicConfig();
  const timeZone = config?.timeZone ?? 'Asia/Kolkata';
  const rooms = useRooms();
  const request = useRequestBooking();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const { register, control, handleSubmit, setError, clearErrors, reset, formState } = useForm<
    FormValues,
    unknown,
    BookingInput
  >({
    resolver: resolverFor(timeZone),
    defaultValues: DEFAULTS,
    reValidateMode: 'onSubmit',
  });
  const [roomId, date, description] = useWatch({ control, name: ['roomId', 'date', 'description'] });
  const errors = formState.errors;
  const clearing = (field: keyof FormValues) => ({ onChange: () => clearErrors(field) });
  // Set in the same tick as the click: checking and sending take a moment, and isPending is only
  // true once the request is on its way, so a quick second click would otherwise send it again.
  const submitting = useRef(false);
  const release = () => {
    submitting.current = false;
  };

  const send = (body: BookingInput) => {
    setOutcome(null);
    request.mutate(body, {
      onSettled: release,
      onSuccess: () => {
        setOutcome({ tone: 'success', text: ROOM_MESSAGES.submitted });
        // The day stays chosen, so the new request shows in the room's day at once.
        reset({ ...DEFAULTS, date: body.date, roomId: body.roomId });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields) {
          for (const [field, message] of Object.entries(error.fields)) {
            if ((FIELDS as readonly string[]).includes(field))
              setError(field as keyof FormValues, { type: 'server', message });
          }
        }
        const detail = error instanceof ApiError && !error.fields ? error.message : undefined;
        setOutcome({ tone: 'error', text: ROOM_MESSAGES.submitFailed, detail });
      },
    });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting.current) return;
    submitting.current = true;
    void handleSubmit(send, release)(event).catch(release);
  };

  if (rooms.isError)
    return (
      <ErrorState
        message={ROOM_MESSAGES.roomsFailed}
        onRetry={() => void rooms.refetch()}
        retrying={rooms.isFetching}
      />
    );
  const roomOptions = (rooms.data?.rooms ?? []).map((room) => ({ value: room.id, label: room.name }));
  const roomName = rooms.data?.rooms.find((room) => room.id === roomId)?.name;
  const today = isoToZonedDateTime(new Date(), timeZone)?.date;

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <form
        onSubmit={onSubmit}
        noValidate
        aria-label="New booking"
        className="grid min-w-0 gap-4 sm:grid-cols-2"
      >
        <TextField
          label="Date"
          type="date"
          required
          min={today}
          error={errors.date?.message}
          {...register('date', clearing('date'))}
        />
        <SelectField
          label="Room"
          required
          placeholder={rooms.data ? 'Select a room' : 'Loading rooms...'}
          options={roomOptions}
          error={errors.roomId?.message}
          {...register('roomId', clearing('roomId'))}
        />
        <TextField
          label="Start time"
          type="time"
          required
          error={errors.startTime?.message}
          {...register('startTime', clearing('startTime'))}
        />
        <TextField
          label="End time"
          type="time"
          required
          hint={ROOM_MESSAGES.endHint}
          error={errors.endTime?.message}
          {...register('endTime', clearing('endTime'))}
        />
        <TextAreaField
          label="Description"
          required
          rows={3}
          hint={`${characterCount(description)} of ${MAX_BOOKING_DESCRIPTION} characters`}
          containerClassName="sm:col-span-2"
          error={errors.description?.message}
          {...register('description', clearing('description'))}
        />
        {outcome && (
          <Alert tone={outcome.tone} className="wrap-anywhere sm:col-span-2">
            {outcome.text}
            {outcome.detail && <span className="mt-1 block">{outcome.detail}</span>}
          </Alert>
        )}
        <div className="sm:col-span-2">
          <Button
            type="submit"
            fullWidth
            loading={request.isPending}
            loadingText={ROOM_MESSAGES.submitting}
          >
            {ROOM_MESSAGES.submit}
          </Button>
        </div>
      </form>
      <RoomDay roomId={roomId} roomName={roomName} date={date} />
    </div>
  );
}
