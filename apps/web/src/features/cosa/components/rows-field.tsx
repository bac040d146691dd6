import { useEffect, useRef } from 'react';
import { useFieldArray, type Control, type UseFormRegister } from 'react-hook-form';
import type { PositionInput } from '@cosa/contracts';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import type { PositionFormValues } from '../position-form-values';

type RowsFieldProps = {
  name: 'responsibilities' | 'skills';
  /** The list's legend, e.g. 'Responsibilities'. */
  legend: string;
  /** One row's label, numbered, e.g. 'Responsibility 2'. */
  rowLabel: string;
  addLabel: string;
  /** The fewest rows that stay (1 for responsibilities: the last row cannot be removed). */
  min: number;
  control: Control<PositionFormValues, unknown, PositionInput>;
  register: UseFormRegister<PositionFormValues>;
  error?: string;
  required?: boolean;
  /** Called when a row is edited, added or removed (the list's error then clears). */
  onEdit: () => void;
};

/**
 * A list of text rows added and removed freely; blank rows are left out when sent. Removing a row
 * hands keyboard focus to the row before it (or the first one left, or the Add button), never to
 * the page's start.
 */
export function RowsField({
  name,
  legend,
  rowLabel,
  addLabel,
  min,
  control,
  register,
  error,
  required,
  onEdit,
}: RowsFieldProps) {
  const { fields, append, remove } = useFieldArray({ control, name });
  const errorId = `${name}-error`;
  const rowsRef = useRef<HTMLFieldSetElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  // The row to focus once the removal has rendered (the rows are new then): -1 for the Add button.
  const focusAfterRemove = useRef<number | null>(null);
  useEffect(() => {
    const target = focusAfterRemove.current;
    if (target === null) return;
    focusAfterRemove.current = null;
    const inputs = rowsRef.current?.querySelectorAll<HTMLInputElement>('input') ?? [];
    (target >= 0 && inputs[target] ? inputs[target] : addRef.current)?.focus();
  }, [fields]);
  return (
    <fieldset
      ref={rowsRef}
      className="flex min-w-0 flex-col gap-3"
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="mb-1 text-sm font-medium text-ink">
        {legend}
        {required && <span aria-hidden="true"> *</span>}
      </legend>
      {fields.length === 0 && <p className="text-sm text-ink-muted">None yet.</p>}
      {fields.map((field, index) => (
        <div key={field.id} className="flex items-end gap-2">
          <TextField
            label={`${rowLabel} ${index + 1}`}
            autoComplete="off"
            containerClassName="min-w-0 flex-1"
            aria-invalid={error ? true : undefined}
            {...register(`${name}.${index}.value`, { onChange: onEdit })}
          />
          <Button
            variant="secondary"
            aria-label={`Remove ${rowLabel.toLowerCase()} ${index + 1}`}
            disabled={fields.length <= min}
            onClick={() => {
              remove(index);
              focusAfterRemove.current = fields.length > 1 ? Math.max(0, index - 1) : -1;
              onEdit();
            }}
          >
            Remove
          </Button>
        </div>
      ))}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-danger-700">
          {error}
        </p>
      )}
      <div>
        <Button
          ref={addRef}
          variant="secondary"
          size="sm"
          disabled={fields.length >= 30}
          onClick={() => {
            append({ value: '' });
            onEdit();
          }}
        >
          {addLabel}
        </Button>
      </div>
    </fieldset>
  );
}
