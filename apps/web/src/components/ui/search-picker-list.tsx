import type { LookupItem } from '@cosa/contracts';
import type { UseComboboxReturnValue } from 'downshift';
import { cn } from '../../lib/cn';
import type { LookupOptions } from './use-lookup-options';

type SearchPickerListProps = {
  combobox: UseComboboxReturnValue<LookupItem>;
  /** Names the listbox. */
  label: string;
  open: boolean;
  lookup: LookupOptions;
  /** The highlighted option's index, -1 for none. */
  activeIndex: number;
  /** The chosen item, shown in bold among the options. */
  value: LookupItem | null;
};

/**
 * The picker's list under its field: the options, each with its detail, and a status line that
 * says what a screen reader should hear (how many options, loading, nothing found, a failure) and
 * shows the last three.
 */
export function SearchPickerList({
  combobox,
  label,
  open,
  lookup,
  activeIndex,
  value,
}: SearchPickerListProps) {
  return (
    <div
      hidden={!open}
      // Keeps focus in the input when the list's scrollbar or its message is pressed.
      onMouseDown={(event) => event.preventDefault()}
      className="absolute inset-x-0 top-full z-30 mt-1 rounded-lg border border-line bg-surface py-1 shadow-lg"
    >
      <ul
        {...combobox.getMenuProps({ 'aria-label': label })}
        className="max-h-60 overflow-y-auto overscroll-contain"
      >
        {lookup.options.map((item, index) => (
          <li
            key={`${index}-${item.id}`}
            {...combobox.getItemProps({ item, index })}
            className={cn(
              'flex cursor-pointer flex-col px-3 py-2 text-sm text-ink',
              index === activeIndex && 'bg-accent-soft',
              value?.id === item.id && 'font-medium',
            )}
          >
            <span className="break-words">{item.label}</span>
            {item.detail && <span className="break-words text-xs text-ink-muted">{item.detail}</span>}
          </li>
        ))}
      </ul>
      <p role="status" className={lookup.message ? 'px-3 py-2 text-sm text-ink-muted' : 'sr-only'}>
        {lookup.announcement}
      </p>
    </div>
  );
}
