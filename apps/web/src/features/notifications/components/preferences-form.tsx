import { useId, useRef } from 'react';
import { useForm, type Path, type UseFormRegisterReturn } from 'react-hook-form';
import {
  DELIVERIES,
  DELIVERY_LABELS,
  NOTIFICATION_KIND_LABELS,
  type Delivery,
  type NotificationKind,
  type NotificationPreferences,
} from '@cosa/contracts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useUpdatePreferences } from '../api/update-preferences';

type PreferencesValues = {
  deliveries: Record<NotificationKind, Delivery>;
  push: Record<NotificationKind, boolean>;
  digestHour: string;
};

const DELIVERY_OPTIONS = DELIVERIES.map((value) => ({ value, label: DELIVERY_LABELS[value] }));
const pad = (hour: number) => String(hour).padStart(2, '0');
const HOUR_OPTIONS = Array.from({ length: 24 }, (_, hour) => ({
  value: String(hour),
  label: `${pad(hour)}:00`,
}));

/** Push beside the kind's delivery: its name says which kind, for a screen reader that lists the boxes. */
function PushCheckbox({
  kind,
  error,
  registration,
}: {
  kind: NotificationKind;
  error: string | undefined;
  registration: UseFormRegisterReturn;
}) {
  const id = useId();
  return (
    <div>
      <label className="flex min-h-9 items-center gap-2 text-sm text-ink">
        <input
          type="checkbox"
          className="size-5 shrink-0 accent-accent"
          // The visible word begins the name, which says which kind it is for.
          aria-label={`Push: ${NOTIFICATION_KIND_LABELS[kind]}`}
          aria-describedby={error ? `${id}-error` : undefined}
          aria-invalid={error ? true : undefined}
          {...registration}
        />
        <span aria-hidden="true">Push</span>
      </label>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger-700">
          {error}
        </p>
      )}
    </div>
  );
}

const SAVE_FAILED = 'Your settings could not be saved. Check your connection and try again.';

type PreferencesFormProps = {
  preferences: NotificationPreferences;
  /** The kinds this person can receive, in the order shown. */
  kinds: readonly NotificationKind[];
  timeZone: string;
};

/** How each kind of notification reaches the person, and the hour of the daily digest. */
export function PreferencesForm({ preferences, kinds, timeZone }: PreferencesFormProps) {
  const save = useUpdatePreferences();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<PreferencesValues>({
    defaultValues: {
      deliveries: preferences.deliveries,
      push: preferences.push,
      digestHour: String(preferences.digestHour),
    },
  });

  // A double click submits twice before the request is pending: only the first is sent.
  const sending = useRef(false);
  const onSubmit = (values: PreferencesValues) => {
    if (sending.current) return;
    sending.current = true;
    const deliveries = Object.fromEntries(kinds.map((kind) => [kind, values.deliveries[kind]]));
    const push = Object.fromEntries(kinds.map((kind) => [kind, values.push[kind]]));
    save.mutate(
      { deliveries, push, digestHour: Number(values.digestHour) },
      {
        onSuccess: (saved) => {
          sending.current = false;
          reset({
            deliveries: saved.deliveries,
            push: saved.push,
            digestHour: String(saved.digestHour),
          });
          toast.success('Your notification settings are saved.');
        },
        onError: (error) => {
          sending.current = false;
          // The first field on screen with a message takes the focus.
          let focused = false;
          const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
          const onScreen: Path<PreferencesValues>[] = [
            ...kinds.flatMap((kind) => [`deliveries.${kind}` as const, `push.${kind}` as const]),
            'digestHour',
          ];
          for (const field of onScreen) {
            const message = fields[field];
            if (!message) continue;
            setError(field, { type: 'server', message }, { shouldFocus: !focused });
            focused = true;
          }
          setError('root.server', {
            message:
              error instanceof ApiError && error.status !== 0 && error.status < 500
                ? error.message
                : SAVE_FAILED,
          });
        },
      },
    );
  };

  return (
    <form
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      noValidate
      aria-label="Notification settings"
      className="flex flex-col gap-6"
    >
      {errors.root?.server?.message && <Alert tone="error">{errors.root.server.message}</Alert>}
      <fieldset className="flex min-w-0 flex-col gap-4">
        <legend className="mb-1 text-lg font-semibold text-ink">
          How each notification reaches you
        </legend>
        <p className="text-sm text-ink-muted">
          Push sends the kinds ticked to every device where you turned push notifications on.
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          {kinds.map((kind) => (
            <div key={kind} className="flex min-w-0 flex-col gap-1">
              <SelectField
                label={NOTIFICATION_KIND_LABELS[kind]}
                options={DELIVERY_OPTIONS}
                error={errors.deliveries?.[kind]?.message}
                {...register(`deliveries.${kind}`)}
              />
              <PushCheckbox
                kind={kind}
                error={errors.push?.[kind]?.message}
                registration={register(`push.${kind}`)}
              />
            </div>
          ))}
        </div>
      </fieldset>
      <SelectField
        label="Daily digest at"
        options={HOUR_OPTIONS}
        hint={`Institute time (${timeZone}). The digest gathers the notifications you chose to receive daily.`}
        error={errors.digestHour?.message}
        containerClassName="sm:max-w-xs"
        {...register('digestHour')}
      />
      <div>
        <Button type="submit" loading={save.isPending} loadingText="Saving...">
          Save
        </Button>
      </div>
    </form>
  );
}
