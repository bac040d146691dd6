import { SEARCH_MAX_LENGTH, type LookupItem } from '@cosa/contracts';
import { cn } from '../../lib/cn';
import { Field, useFieldControl } from './field';
import { SearchPickerList } from './search-picker-list';
import { usePickerCombobox } from './use-picker-combobox';

export type SearchPickerProps = {
  id?: string;
  /** Visible label text; also names the list and the clear button. */
  label: string;
  /** The chosen item. */
  value: LookupItem | null;
  onChange: (item: LookupItem | null) => void;
  /** Fetches the options for the typed text ('' for the first page); called debounced (250 ms), the previous call aborted. */
  search: (q: string, signal: AbortSignal) => Promise<LookupItem[]>;
  /** A query key prefix for TanStack Query caching, e.g. ['lookup', 'events']. */
  queryKey: readonly unknown[];
  placeholder?: string;
  /** Shown under the field, linked with aria-describedby, aria-invalid set. */
  error?: string;
  /** Shows the required marker like the other fields do. */
  required?: boolean;
  disabled?: boolean;
  hint?: string;
  /** Extra options shown first, always, e.g. a '+ Add new skill' entry: { id: '__new__', label: '+ Add new skill', detail: null }. */
  extraOptions?: LookupItem[];
  /** Default 'No matches'. */
  emptyText?: string;
};

const NO_EXTRA_OPTIONS: LookupItem[] = [];

/** Clears the choice; named after the field ('Clear Student'). */
function ClearButton({ label, onClear }: { label: string; onClear: () => void }) {
  return (
    <button
      type="button"
      aria-label={`Clear ${label}`}
      onClick={onClear}
      className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-lg text-ink-muted hover:text-ink focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-accent"
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
        <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
      </svg>
    </button>
  );
}

/**
 * A labelled, searchable picker over server lookups: an ARIA combobox with its listbox, on
 * Downshift's useCombobox (arrows, Home and End, Enter, Escape, the options announced). In a
 * dialog, Escape with the list open closes the list only (components/ui/dialog-content.tsx).
 */
export function SearchPicker({
  id,
  label,
  value,
  onChange,
  search,
  queryKey,
  placeholder,
  error,
  required,
  disabled,
  hint,
  extraOptions = NO_EXTRA_OPTIONS,
  emptyText = 'No matches',
}: SearchPickerProps) {
  const { field, control } = useFieldControl({ id, label, error, hint, required });
  // Native `required` would only check the typed text, not the choice; the form validates the choice.
  const { required: _nativeRequired, className: controlClassName, ...controlAttributes } = control;
  const picker = usePickerCombobox({
    inputId: control.id,
    value,
    onChange,
    search,
    queryKey,
    extraOptions,
    emptyText,
  });
  const showClear = Boolean(value) && !disabled;

  return (
    <Field {...field}>
      <div className="relative">
        <input
          {...controlAttributes}
          {...picker.combobox.getInputProps({
            // Named by its <label>, which Field ties to it.
            'aria-labelledby': undefined,
            'aria-activedescendant': picker.activeOptionId,
            onBlur: picker.revertText,
            onChange: picker.onInputChange,
          })}
          type="text"
          aria-required={required || undefined}
          spellCheck={false}
          maxLength={SEARCH_MAX_LENGTH}
          placeholder={placeholder}
          disabled={disabled}
          className={cn(controlClassName, showClear && 'pr-10')}
        />
        {showClear && (
          <ClearButton
            label={label}
            onClear={() => {
              picker.clear();
              document.getElementById(control.id)?.focus();
            }}
          />
        )}
        <SearchPickerList
          combobox={picker.combobox}
          label={label}
          open={picker.open}
          lookup={picker.lookup}
          activeIndex={picker.activeIndex}
          value={value}
        />
      </div>
    </Field>
  );
}
