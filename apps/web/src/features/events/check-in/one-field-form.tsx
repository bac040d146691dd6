import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';

type OneFieldFormProps = {
  label: string;
  hint?: string;
  button: string;
  /** The message for an empty field. */
  required: string;
  /** Checks the trimmed text: a message when it will not do, else null. */
  check?: (text: string) => string | null;
  inputMode?: 'text' | 'numeric';
  maxLength?: number;
  onSubmit: (text: string) => void;
};

/** One field and its button, cleared after each entry: a ticket code typed or read by a hand scanner, a walk-in's student ID. */
export function OneFieldForm({
  label,
  hint,
  button,
  required,
  check,
  inputMode,
  maxLength,
  onSubmit,
}: OneFieldFormProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim();
    const problem = value === '' ? required : (check?.(value) ?? null);
    if (problem) return setError(problem);
    setError(undefined);
    setText('');
    onSubmit(value);
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-start">
      <TextField
        label={label}
        hint={hint}
        error={error}
        value={text}
        inputMode={inputMode}
        maxLength={maxLength}
        autoComplete="off"
        onChange={(event) => setText(event.target.value)}
        containerClassName="min-w-0 flex-1"
      />
      <Button type="submit" variant="secondary" className="sm:mt-6">
        {button}
      </Button>
    </form>
  );
}
