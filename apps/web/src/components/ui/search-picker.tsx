import type { LookupItem } from '@cosa/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { cn } from '../../lib/cn';
import { Field, useFieldControl } from './field';

export type SearchPickerProps = {
  id?: string;
  /** Visible label text; also names the clear button. */
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

const DEBOUNCE_MS = 250;
const NO_EXTRA_OPTIONS: LookupItem[] = [];

/** The value after it has stayed the same for delayMs, so a search is not sent on every keystroke. */
function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/** A labelled, searchable picker (ARIA combobox with a listbox) over server lookups. */
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
  const listboxId = `${control.id}-listbox`;
  const optionId = (index: number) => `${control.id}-option-${index}`;
  const inputRef = useRef<HTMLInputElement>(null);

  const [text, setText] = useState(value?.label ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  // The parent may set or reset the value (a form reset, a default); the input then shows it.
  const [shownId, setShownId] = useState(value?.id ?? null);
  if ((value?.id ?? null) !== shownId) {
    setShownId(value?.id ?? null);
    setText(value?.label ?? '');
  }

  // With a choice made the input holds its label, which is no search: opening then lists the first page.
  const debouncedText = useDebouncedValue(value ? '' : text.trim(), DEBOUNCE_MS);
  const results = useQuery({
    queryKey: [...queryKey, debouncedText],
    queryFn: ({ signal }) => search(debouncedText, signal),
    enabled: open,
  });

  const options = [...extraOptions, ...(results.data ?? [])];
  const activeIndex = open && active < options.length ? active : -1;

  const activeOptionId = activeIndex >= 0 ? optionId(activeIndex) : undefined;

  // The highlighted option stays in view while the arrows move through a long, scrolling list.
  useEffect(() => {
    if (!activeOptionId) return;
    // jsdom has no scrollIntoView; browsers all do.
    const element: Partial<Pick<HTMLElement, 'scrollIntoView'>> | null =
      document.getElementById(activeOptionId);
    element?.scrollIntoView?.({ block: 'nearest' });
  }, [activeOptionId]);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const choose = (item: LookupItem) => {
    onChange(item);
    setText(item.label);
    setShownId(item.id);
    close();
  };

  const clear = () => {
    onChange(null);
    setText('');
    setShownId(null);
    close();
    inputRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) {
          setOpen(true);
          setActive(0);
        } else if (options.length) setActive((activeIndex + 1) % options.length);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) {
          setOpen(true);
          setActive(Math.max(options.length - 1, 0));
        } else if (options.length) setActive(activeIndex <= 0 ? options.length - 1 : activeIndex - 1);
        break;
      case 'Enter': {
        // An open list takes Enter, so choosing an option never submits the form around it.
        if (!open) break;
        event.preventDefault();
        const item = options[activeIndex];
        if (item) choose(item);
        break;
      }
      case 'Escape':
        if (open) {
          event.preventDefault();
          close();
        }
        break;
    }
  };

  const searching =
    open && (results.isPending || results.isFetching || debouncedText !== (value ? '' : text.trim()));
  let status: string | null = null;
  if (results.isError && !results.isFetching) status = 'Could not load options. Try again.';
  else if (searching && !results.data?.length) status = 'Searching...';
  else if (results.isSuccess && results.data.length === 0) status = emptyText;

  const showClear = Boolean(value) && !disabled;

  return (
    <Field {...field}>
      <div className="relative">
        <input
          {...controlAttributes}
          ref={inputRef}
          type="text"
          role="combobox"
          aria-expanded={open}
          aria-controls={listboxId}
          aria-autocomplete="list"
          aria-activedescendant={activeOptionId}
          aria-required={required || undefined}
          autoComplete="off"
          spellCheck={false}
          placeholder={placeholder}
          disabled={disabled}
          value={text}
          className={cn(controlClassName, showClear && 'pr-10')}
          onChange={(event) => {
            setText(event.target.value);
            if (value) {
              onChange(null);
              setShownId(null);
            }
            setOpen(true);
            setActive(-1);
          }}
          onClick={() => setOpen(true)}
          onKeyDown={onKeyDown}
          onBlur={() => {
            close();
            // Text left without a choice would look chosen; the input goes back to what is chosen.
            setText(value?.label ?? '');
          }}
        />
        {showClear && (
          <button
            type="button"
            aria-label={`Clear ${label}`}
            onClick={clear}
            className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-lg text-ink-muted hover:text-ink focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-accent"
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
              <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
            </svg>
          </button>
        )}
        <div
          hidden={!open}
          // Keeps focus in the input when an option or the list's scrollbar is pressed.
          onMouseDown={(event) => event.preventDefault()}
          className="absolute inset-x-0 top-full z-30 mt-1 max-h-60 overflow-y-auto overscroll-contain rounded-lg border border-line bg-surface py-1 shadow-lg"
        >
          <ul id={listboxId} role="listbox" aria-label={label}>
            {options.map((item, index) => (
              <li
                key={`${index}-${item.id}`}
                id={optionId(index)}
                role="option"
                aria-selected={value?.id === item.id}
                onClick={() => choose(item)}
                onMouseMove={() => {
                  if (index !== activeIndex) setActive(index);
                }}
                className={cn(
                  'flex cursor-pointer flex-col px-3 py-2 text-sm text-ink',
                  index === activeIndex && 'bg-accent-soft',
                  value?.id === item.id && 'font-medium',
                )}
              >
                <span className="break-words">{item.label}</span>
                {item.detail && (
                  <span className="break-words text-xs text-ink-muted">{item.detail}</span>
                )}
              </li>
            ))}
          </ul>
          {status && (
            <p role="status" className="px-3 py-2 text-sm text-ink-muted">
              {status}
            </p>
          )}
        </div>
      </div>
    </Field>
  );
}
