import { SEARCH_MAX_LENGTH, type LookupItem } from '@cosa/contracts';
import {
  useCombobox,
  type UseComboboxState,
  type UseComboboxStateChange,
  type UseComboboxStateChangeOptions,
} from 'downshift';
import { useState, type ChangeEvent } from 'react';
import { useLookupOptions } from './use-lookup-options';

const { InputClick, ItemClick, InputKeyDownEnter } = useCombobox.stateChangeTypes;

/** A click on the field opens the list; unlike Downshift's default, it never closes it. */
function openOnClick(
  state: UseComboboxState<LookupItem>,
  { type, changes }: UseComboboxStateChangeOptions<LookupItem>,
): Partial<UseComboboxState<LookupItem>> {
  return type === InputClick && state.isOpen ? state : changes;
}

/**
 * The typed text, kept apart from the choice: typing clears the choice, choosing shows its label,
 * and a choice the parent sets or resets (a form reset, a default, a field that adds each choice
 * to a list and stays empty) shows as the parent has it.
 */
function usePickerText(value: LookupItem | null) {
  const [text, setText] = useState(value?.label ?? '');
  const [shownId, setShownId] = useState(value?.id ?? null);
  // The label of the same choice may arrive later (named by the server after a page load).
  const [shownLabel, setShownLabel] = useState(value?.label ?? null);
  if ((value?.id ?? null) !== shownId || (value !== null && value.label !== shownLabel)) {
    setShownId(value?.id ?? null);
    setShownLabel(value?.label ?? null);
    setText(value?.label ?? '');
  }
  const show = (item: LookupItem | null, typed = item?.label ?? '') => {
    setShownId(item?.id ?? null);
    setShownLabel(item?.label ?? null);
    setText(typed);
  };
  return { text, show, setText };
}

type PickerComboboxInput = {
  /** The input's id; the listbox and the options are named after it. */
  inputId: string;
  value: LookupItem | null;
  onChange: (item: LookupItem | null) => void;
  search: (q: string, signal: AbortSignal) => Promise<LookupItem[]>;
  queryKey: readonly unknown[];
  extraOptions: LookupItem[];
  emptyText: string;
};

/**
 * A search picker's state on Downshift's useCombobox: the typed text, whether the list is open,
 * its options and the highlighted one, choosing and clearing.
 */
export function usePickerCombobox({ inputId, value, onChange, ...options }: PickerComboboxInput) {
  const { text, show, setText } = usePickerText(value);
  const [open, setOpen] = useState(false);
  // With a choice made the input holds its label, which is no search: opening then lists the first
  // page. A label may be longer than a search may be (an event's title): editing it searches for
  // its first 100 characters.
  const query = value ? '' : text.trim().slice(0, SEARCH_MAX_LENGTH);
  const lookup = useLookupOptions({ query, open, ...options });

  const choose = (item: LookupItem | null) => {
    onChange(item);
    show(item);
  };
  // Only typing and choosing (Enter, a click) change the field. Whatever else Downshift would
  // change stays as the page has it: leaving the field chooses nothing, and Escape with the list
  // closed keeps the choice.
  const onStateChange = ({ type, selectedItem }: UseComboboxStateChange<LookupItem>) => {
    if ((type === ItemClick || type === InputKeyDownEnter) && selectedItem) choose(selectedItem);
  };
  // Typing is taken in the input's own change event, as it happens: Downshift reports its changes
  // after the render, and a key pressed meanwhile would be typed into the text before it.
  const onInputChange = (event: ChangeEvent<HTMLInputElement>) => {
    if (value) onChange(null);
    show(null, event.target.value);
  };
  const combobox = useCombobox<LookupItem>({
    items: lookup.options,
    itemToString: (item) => item?.label ?? '',
    itemToKey: (item) => item?.id ?? null,
    selectedItem: value,
    inputValue: text,
    inputId,
    menuId: `${inputId}-listbox`,
    getItemId: (index) => `${inputId}-option-${index}`,
    isOpen: open,
    stateReducer: openOnClick,
    onIsOpenChange: ({ isOpen }) => setOpen(Boolean(isOpen)),
    onStateChange,
  });
  const { highlightedIndex } = combobox;
  // A highlight left beyond a list that has since shrunk points at nothing.
  const activeIndex = open && highlightedIndex < lookup.options.length ? highlightedIndex : -1;

  return {
    combobox,
    open,
    lookup,
    activeIndex,
    onInputChange,
    activeOptionId: activeIndex >= 0 ? `${inputId}-option-${activeIndex}` : undefined,
    clear: () => {
      choose(null);
      combobox.closeMenu();
    },
    /** Text left without a choice would look chosen: the input goes back to what is chosen. */
    revertText: () => setText(value?.label ?? ''),
  };
}
