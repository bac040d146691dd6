import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import {
  ERROR_CODES,
  MIN_APPOINTMENT_DATE,
  POSITION_ADMIN_MESSAGES,
  POSITION_STATUSES,
  tenureYearOptions,
  type HolderInput,
} from '@cosa/contracts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SearchPicker } from '../../../components/ui/search-picker';
import { optionsOf, SelectField } from '../../../components/ui/select';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { isoDateIn } from '../../../lib/format';
import { fetchLookup } from '../../../lib/lookup';
import { usePublicConfig } from '../../../lib/public-config';
import { useSession } from '../../../lib/session';
import { searchOpenPositions } from '../api/positions';
import { STATUS_LABELS } from '../cosa-labels';
import {
  holderFieldOf,
  holderResolver,
  type HolderFieldName,
  type HolderFormValues,
} from '../holder-form-values';

const searchUsers = (q: string, signal: AbortSignal) => fetchLookup('users', q, signal);
// Only a general secretary, the president or a club coordinator appoints.
const searchOfficials = (q: string, signal: AbortSignal) => fetchLookup('officials', q, signal);

type Shortfall = { body: HolderInput; gaps: string[] };

/**
 * The shortfall of the requirements, asked about inside the form: a second dialog over an edit
 * dialog would have no backdrop of its own on a phone. Focus moves to it when it appears.
 */
function ShortfallConfirm({
  shortfall,
  pending,
  pendingLabel,
  onConfirm,
  onBack,
}: {
  shortfall: Shortfall;
  pending: boolean;
  pendingLabel: string;
  onConfirm: () => void;
  onBack: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useEffect(() => ref.current?.focus(), []);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="group"
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-lg border border-warning-700/30 bg-warning-50 p-3 text-sm text-warning-700 focus-visible:outline-2 focus-visible:outline-accent sm:col-span-2"
    >
      <p id={titleId} className="font-semibold">
        {POSITION_ADMIN_MESSAGES.shortfall}
      </p>
      <ul className="list-disc space-y-1 pl-5">
        {shortfall.gaps.map((gap) => (
          <li key={gap}>{gap}</li>
        ))}
      </ul>
      <p>Appoint them anyway? The shortfall is recorded in the activity log.</p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onBack} disabled={pending}>
          Go back
        </Button>
        <Button onClick={onConfirm} loading={pending} loadingText={pendingLabel}>
          {POSITION_ADMIN_MESSAGES.shortfallConfirm}
        </Button>
      </div>
    </div>
  );
}

type HolderFormProps = {
  label: string;
  defaultValues: HolderFormValues;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** The statuses offered (an ended holding offers only its own). */
  statuses?: readonly (typeof POSITION_STATUSES)[number][];
  /** Sends the holder; the form keeps its values afterwards (spec section 8). */
  onSubmit: (body: HolderInput) => Promise<unknown>;
  failureMessage: (error: unknown) => string;
  onCancel?: () => void;
};

/**
 * The Add Position Holder (POR) form (spec section 5), for appointing and editing. A person short of
 * the position's requirements is shown with the shortfall and appointed only once confirmed.
 */
export function HolderForm({
  label,
  defaultValues,
  submitLabel,
  pendingLabel,
  pending,
  statuses = POSITION_STATUSES,
  onSubmit,
  failureMessage,
  onCancel,
}: HolderFormProps) {
  const { data: me } = useSession();
  // The people search leaves out the one searching; the official is often the one who appointed.
  const meOption = useMemo(
    () => (me ? [{ id: me.id, label: `${me.name} (you)`, detail: me.username }] : []),
    [me],
  );
  const tenureOptions = useMemo(() => optionsOf(tenureYearOptions(new Date()).reverse()), []);
  const statusOptions = statuses.map((value) => ({ value, label: STATUS_LABELS[value] }));
  const [shortfall, setShortfall] = useState<Shortfall | null>(null);
  const { data: config } = usePublicConfig();
  const today = isoDateIn(new Date(), config?.timeZone) ?? undefined;
  const {
    register,
    control,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<HolderFormValues, unknown, HolderInput>({
    resolver: holderResolver,
    defaultValues,
    reValidateMode: 'onSubmit',
  });

  // Editing any field after the shortfall was shown asks again on the next submit.
  const clearEdited = (...fields: HolderFieldName[]) => {
    clearErrors(fields);
    clearErrors('root');
    setShortfall(null);
  };
  const field = (name: HolderFieldName, ...also: HolderFieldName[]) =>
    register(name, { onChange: () => clearEdited(name, ...also) });

  const sending = useRef(false);
  const send = async (body: HolderInput) => {
    if (sending.current) return;
    sending.current = true;
    try {
      await onSubmit(body);
      setShortfall(null);
    } catch (error) {
      if (error instanceof ApiError && error.code === ERROR_CODES.requirementsNotMet && !body.confirm) {
        setShortfall({ body, gaps: Object.values(error.fields ?? {}) });
        return;
      }
      setShortfall(null);
      let focused = false;
      if (error instanceof ApiError && error.fields) {
        for (const [path, message] of Object.entries(error.fields)) {
          const name = holderFieldOf(path);
          if (!name) continue;
          setError(name, { type: 'server', message }, { shouldFocus: !focused });
          focused = true;
        }
      }
      setError('root.server', { message: failureMessage(error) });
    } finally {
      sending.current = false;
    }
  };

  const picker = (
    name: 'user' | 'position' | 'appointedBy',
    props: {
      label: string;
      placeholder: string;
      search: typeof searchUsers;
      queryKey: readonly unknown[];
      emptyText: string;
      required?: boolean;
      hint?: string;
      extraOptions?: { id: string; label: string; detail: string | null }[];
    },
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field: picked }) => (
        <SearchPicker
          {...props}
          value={picked.value}
          onChange={(item) => {
            picked.onChange(item);
            clearEdited(name);
          }}
          error={errors[name]?.message}
        />
      )}
    />
  );

  return (
    <form
      onSubmit={(event) => void handleSubmit(send)(event)}
      noValidate
      aria-label={label}
      className="grid gap-4 sm:grid-cols-2"
    >
      {errors.root?.server?.message && (
        <Alert tone="error" className="sm:col-span-2">
          {errors.root.server.message}
        </Alert>
      )}
      {picker('user', {
        label: 'User',
        placeholder: 'Search by name, username or student ID',
        search: searchUsers,
        queryKey: ['lookup', 'users'],
        emptyText: 'No people match',
        required: true,
      })}
      {picker('position', {
        label: 'Position',
        placeholder: 'Search by title or unit',
        search: searchOpenPositions,
        queryKey: ['cosa', 'open-positions'],
        emptyText: 'No positions match',
        required: true,
      })}
      <SelectField
        label="Tenure year"
        required
        placeholder="Select tenure year"
        options={tenureOptions}
        error={errors.tenureYear?.message}
        {...field('tenureYear')}
      />
      <SelectField
        label="Status"
        required
        placeholder="Select status"
        options={statusOptions}
        error={errors.status?.message}
        {...field('status')}
      />
      {picker('appointedBy', {
        label: 'Appointed by',
        placeholder: 'Search officials',
        search: searchOfficials,
        queryKey: ['lookup', 'officials'],
        emptyText: 'No officials match',
        hint: 'Optional: a general secretary, the president or a club coordinator.',
        extraOptions: meOption,
      })}
      <TextField
        label="Appointment date"
        type="date"
        min={MIN_APPOINTMENT_DATE}
        max={today}
        error={errors.appointmentDate?.message}
        {...field('appointmentDate', 'appointedBy')}
      />
      <fieldset className="grid min-w-0 gap-4 border-t border-line-soft pt-4 sm:col-span-2 sm:grid-cols-2">
        <legend className="text-base font-semibold text-ink">Performance metrics</legend>
        <TextField
          label="Events organized"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          placeholder="0"
          error={errors.eventsOrganized?.message}
          {...field('eventsOrganized')}
        />
        <p className="self-center text-sm text-ink-muted">
          Budget utilized is read from the club money ledger.
        </p>
        <TextAreaField
          label="Feedback"
          containerClassName="sm:col-span-2"
          error={errors.feedback?.message}
          {...field('feedback')}
        />
      </fieldset>
      {shortfall ? (
        <ShortfallConfirm
          shortfall={shortfall}
          pending={pending}
          pendingLabel={pendingLabel}
          onConfirm={() => void send({ ...shortfall.body, confirm: true })}
          onBack={() => setShortfall(null)}
        />
      ) : (
        <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
          {onCancel && (
            <Button variant="secondary" onClick={onCancel}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={pending} loadingText={pendingLabel}>
            {submitLabel}
          </Button>
        </div>
      )}
    </form>
  );
}
