import { useEffect, useState } from 'react';
import { SEARCH_MAX_LENGTH } from '@cosa/contracts';
import { TextField } from './text-field';

const SEARCH_DELAY_MS = 300;

type SearchFieldProps = {
  label: string;
  placeholder?: string;
  /** The search in force (from the address). */
  value: string;
  /** Called with what is typed once typing pauses. */
  onSearch: (q: string) => void;
  containerClassName?: string;
};

/** A search box whose text reaches the address (and so the server) once typing pauses. */
export function SearchField({
  label,
  placeholder,
  value,
  onSearch,
  containerClassName,
}: SearchFieldProps) {
  const [text, setText] = useState(value);
  // The address may change under the box (back button, a cleared filter, a shared link); the box then shows it.
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    if (text.trim() !== value) setText(value);
  }

  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => onSearch(text), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);

  return (
    <TextField
      label={label}
      type="search"
      placeholder={placeholder}
      autoComplete="off"
      maxLength={SEARCH_MAX_LENGTH}
      value={text}
      onChange={(event) => setText(event.target.value)}
      containerClassName={containerClassName}
    />
  );
}
