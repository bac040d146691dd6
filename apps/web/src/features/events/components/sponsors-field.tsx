import { useFieldArray, type Control, type UseFormRegister } from 'react-hook-form';
import { MAX_EVENT_SPONSORS, type EventInput } from '@cosa/contracts';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import type { EventFormValues } from '../event-form-values';

type SponsorsFieldProps = {
  control: Control<EventFormValues, unknown, EventInput>;
  register: UseFormRegister<EventFormValues>;
  error?: string;
  /** Called when a sponsor is edited, added or removed (its error then clears). */
  onEdit: () => void;
};

/** Sponsors: one row each, added and removed freely; blank rows are left out when sent. */
export function SponsorsField({ control, register, error, onEdit }: SponsorsFieldProps) {
  const { fields, append, remove } = useFieldArray({ control, name: 'sponsors' });
  return (
    <fieldset className="flex min-w-0 flex-col gap-3">
      <legend className="mb-1 text-sm font-medium text-ink">Sponsors</legend>
      {fields.length === 0 && <p className="text-sm text-ink-muted">No sponsors yet.</p>}
      {fields.map((field, index) => (
        <div key={field.id} className="flex items-end gap-2">
          <TextField
            label={`Sponsor ${index + 1}`}
            autoComplete="off"
            containerClassName="flex-1"
            aria-invalid={error ? true : undefined}
            {...register(`sponsors.${index}.name`, { onChange: onEdit })}
          />
          <Button
            variant="secondary"
            aria-label={`Remove sponsor ${index + 1}`}
            onClick={() => {
              remove(index);
              onEdit();
            }}
          >
            Remove
          </Button>
        </div>
      ))}
      {error && (
        <p role="alert" className="text-sm text-danger-700">
          {error}
        </p>
      )}
      <div>
        <Button
          variant="secondary"
          size="sm"
          disabled={fields.length >= MAX_EVENT_SPONSORS}
          onClick={() => {
            append({ name: '' });
            onEdit();
          }}
        >
          Add sponsor
        </Button>
      </div>
    </fieldset>
  );
}
