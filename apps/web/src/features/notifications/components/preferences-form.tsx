import { useRef } from 'react';
import { useForm, type Path } from 'react-hook-form';
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

type PreferencesValues = { deliveries: Record<NotificationKind, Delivery>; digestHour: string };

const DELIVERY_OPTIONS = DELIVERIES.map((value) => ({ value, label: DELIVERY_LABELS[value] }));
const pad = (hour: number) => String(hour).padStart(2, '0');
const HOUR_OPTIONS = Array.from({ length: 24 }, (_, hour) => ({
  value: String(hour),
  label: `${pad(hour)}:00`,
}));

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
    defaultValues: { deliveries: preferences.deliveries, digestHour: String(preferences.digestHour) },
  });

  // A double click submits twice before the request is pending: only the first is sent.
  const sending = useRef(false);
  const onSubmit = (values: PreferencesValues) => {
    if (sending.current) return;
    sending.current = true;
    const deliveries = Object.fromEntries(kinds.map((kind) => [kind, values.deliveries[kind]]));
    save.mutate(
      { deliveries, digestHour: Number(values.digestHour) },
      {
        onSuccess: (saved) => {
          sending.current = false;
          reset({ deliveries: saved.deliveries, digestHour: String(saved.digestHour) });
          toast.success('Your notification settings are saved.');
        },
        onError: (error) => {
          sending.current = false;
          // The first field on screen with a message takes the focus.
          let focused = false;
          const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
          const onScreen: Path<PreferencesValues>[] = [
            ...kinds.map((kind) => `deliveries.${kind}` as const),
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
        <div className="grid gap-4 sm:grid-cols-2">
          {kinds.map((kind) => (
            <SelectField
              key={kind}
              label={NOTIFICATION_KIND_LABELS[kind]}
              options={DELIVERY_OPTIONS}
              error={errors.deliveries?.[kind]?.message}
              {...register(`deliveries.${kind}`)}
            />
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
