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
  // The address may change under the box (back button, a cleared filter, a shared link); the box
  // then shows it. But the address changes a moment after it is asked to, so letters typed
  // meanwhile (just after "Clear", or while the search before them arrives) are newer than what
  // it brings: they stay, and are sent in their turn.
  const [shown, setShown] = useState(value);
  /** Something was typed that the address has not caught up with yet. */
  const [typed, setTyped] = useState(false);
  if (value !== shown) {
    setShown(value);
    const newer = typed && text.trim() !== shown;
    if (value === text.trim()) setTyped(false);
    else if (!newer) {
      setText(value);
      setTyped(false);
    }
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
      onChange={(event) => {
        setText(event.target.value);
        setTyped(true);
      }}
      containerClassName={containerClassName}
    />
  );
}
