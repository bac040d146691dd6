import { useMemo, useRef } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import type { EventInput } from '@cosa/contracts';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { LazySearchPicker, usePreloadSearchPicker } from '../../../components/ui/lazy-search-picker';
import { SelectField } from '../../../components/ui/select';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { applyMappedFieldErrors } from '../../../lib/form-errors';
import { useSession } from '../../../lib/session';
import { searchUnits, unitLookupKey } from '../api/search-lookups';
import { CATEGORY_OPTIONS, MODE_OPTIONS } from '../event-labels';
import {
  eventResolver,
  formFieldOf,
  type EventFieldName,
  type EventFormValues,
} from '../event-form-values';
import { DateTimeField } from '../../../components/ui/date-time-field';
import { RoomRequestField, Section, type RequestableRoom } from './event-form-parts';
import { RegistrationSection } from './event-form-registration';
import { OrganizersField } from './organizers-field';
import { SponsorsField } from './sponsors-field';

type EventFormProps = {
  /** Names the form for screen readers, e.g. 'Create Event'. */
  label: string;
  defaultValues: EventFormValues;
  /** The institute's time zone: the clock dates and times are entered on. */
  timeZone: string;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  cancelTo: string;
  /** Sends the event; a rejection is shown with failureMessage and the server's field messages. */
  onSubmit: (body: EventInput) => Promise<unknown>;
  failureMessage: (error: unknown) => string;
  /** A club coordinator's club: the organizing unit is fixed to it and shown instead of the picker. */
  fixedUnit?: { id: string; name: string };
  /** Rooms a new event may ask for; without them (editing, or no access to the rooms) no room is offered. */
  rooms?: readonly RequestableRoom[];
};

const REGISTRATION_FIELDS: EventFieldName[] = [
  'registrationStartDate',
  'registrationEndDate',
  'registrationFees',
  'maxParticipants',
  'eligibleBatchYears',
  'eligiblePrograms',
  'eligibleDisciplines',
];

/** The event form (spec section 5) for creating and editing, checked with the same rules as the server. */
export function EventForm({
  label,
  defaultValues,
  timeZone,
  submitLabel,
  pendingLabel,
  pending,
  cancelTo,
  onSubmit,
  failureMessage,
  fixedUnit,
  rooms,
}: EventFormProps) {
  const { data: user } = useSession();
  // The pickers' code loads once the page has shown; the form's first fields come first.
  usePreloadSearchPicker();
  const resolver = useMemo(() => eventResolver(timeZone), [timeZone]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<EventFormValues, unknown, EventInput>({
    resolver,
    defaultValues,
    reValidateMode: 'onSubmit',
  });

  // A field's error clears as soon as it is edited; the rules run again on submit.
  const clearEdited = (...fields: EventFieldName[]) => {
    clearErrors(fields);
    clearErrors('root');
  };
  const field = (name: EventFieldName, clears: EventFieldName = name) =>
    register(name, { onChange: () => clearEdited(clears) });
  const registrationRequired = useWatch({ control, name: 'registrationRequired' });

  // A double click validates twice before the request is pending: only the first valid submit is
  // sent, and after a success the page moves on, so nothing is sent again.
  const sending = useRef(false);
  const onValid = async (body: EventInput) => {
    if (sending.current) return;
    sending.current = true;
    try {
      await onSubmit(body);
    } catch (error) {
      sending.current = false;
      applyMappedFieldErrors(error, setError, formFieldOf);
      setError('root.server', { message: failureMessage(error) });
    }
  };

  const rootMessage = errors.root?.server?.message ?? errors.root?.message;
  return (
    <form
      onSubmit={(event) => void handleSubmit(onValid)(event)}
      noValidate
      aria-label={label}
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
        containerClassName="sm:col-span-2"
        error={errors.title?.message}
        {...field('title')}
      />
      <TextAreaField
        label="Description"
        rows={4}
        containerClassName="sm:col-span-2"
        error={errors.description?.message}
        {...field('description')}
      />
      <SelectField
        label="Category"
        required
        placeholder="Select a category"
        options={CATEGORY_OPTIONS}
        error={errors.category?.message}
        {...field('category')}
      />
      <TextField
        label="Type"
        autoComplete="off"
        hint="e.g. Workshop, Hackathon, Concert"
        error={errors.type?.message}
        {...field('type')}
      />
      {fixedUnit ? (
        <TextField
          label="Organizing unit"
          value={fixedUnit.name}
          readOnly
          hint="Your club organizes the events you create."
        />
      ) : (
        <Controller
          control={control}
          name="unit"
          render={({ field: unit }) => (
            <LazySearchPicker
              label="Organizing unit"
              required
              placeholder="Search units"
              value={unit.value}
              onChange={(item) => {
                unit.onChange(item);
                clearEdited('unit');
              }}
              search={searchUnits}
              queryKey={unitLookupKey}
              emptyText="No units match"
              error={errors.unit?.message}
            />
          )}
        />
      )}
      <Controller
        control={control}
        name="organizers"
        render={({ field: organizers }) => (
          <OrganizersField
            value={organizers.value}
            onChange={(people) => {
              organizers.onChange(people);
              clearEdited('organizers');
            }}
            me={user ? { id: user.id, name: user.name, username: user.username } : null}
            error={errors.organizers?.message}
          />
        )}
      />

      <Section title="Schedule" note={`Dates and times are on the institute's clock (${timeZone}).`}>
        <DateTimeField
          label="Start"
          date={field('startDate')}
          time={field('startTime', 'startDate')}
          error={errors.startDate?.message}
        />
        <DateTimeField
          label="End"
          date={field('endDate')}
          time={field('endTime', 'endDate')}
          error={errors.endDate?.message}
        />
        <TextField label="Venue" autoComplete="off" error={errors.venue?.message} {...field('venue')} />
        <SelectField
          label="Mode"
          placeholder="Select a mode"
          options={MODE_OPTIONS}
          error={errors.mode?.message}
          {...field('mode')}
        />
        {rooms && rooms.length > 0 && (
          <RoomRequestField
            rooms={rooms}
            registration={field('roomId')}
            error={errors.roomId?.message}
          />
        )}
      </Section>

      <RegistrationSection
        required={registrationRequired}
        requiredRegistration={register('registrationRequired', {
          onChange: () => clearEdited(...REGISTRATION_FIELDS),
        })}
        field={field}
        errors={errors}
      />

      <Section title="Budget">
        <TextField
          label="Budget allocated (₹)"
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          placeholder="0"
          error={errors.budgetAllocated?.message}
          {...field('budgetAllocated')}
        />
        <div className="min-w-0 sm:col-span-2">
          <SponsorsField
            control={control}
            register={register}
            error={errors.sponsors?.message}
            onEdit={() => clearEdited('sponsors')}
          />
        </div>
      </Section>

      <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
        <Link to={cancelTo} className={buttonClasses({ variant: 'secondary' })}>
          Cancel
        </Link>
        <Button type="submit" loading={pending} loadingText={pendingLabel}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
