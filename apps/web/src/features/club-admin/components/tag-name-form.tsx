import { useState, type FormEvent, type ReactNode } from 'react';
import { ClubTagInputSchema, type ClubTagInput } from '@cosa/contracts';
import { Alert } from '../../../components/ui/alert';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { refusalOf } from '../club-admin-texts';

type TagNameFormProps = {
  label: string;
  /** The field's label. */
  fieldLabel: string;
  initial: string;
  /** Sends the name; a refusal shows under the field (the server's words). */
  onSave: (body: ClubTagInput) => Promise<unknown>;
  failureMessage: string;
  /** The form's buttons, given whether it is sending. */
  actions: (pending: boolean) => ReactNode;
  className?: string;
  fieldClassName?: string;
};

/** A tag's name, checked with the server's rules; a name already taken is refused under the field. */
export function TagNameForm({
  label,
  fieldLabel,
  initial,
  onSave,
  failureMessage,
  actions,
  className,
  fieldClassName,
}: TagNameFormProps) {
  const [name, setName] = useState(initial);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    setFailure(null);
    const checked = ClubTagInputSchema.safeParse({ name });
    if (!checked.success) {
      setFieldError(checked.error.issues[0]?.message);
      return;
    }
    setPending(true);
    try {
      await onSave(checked.data);
      setName(initial);
    } catch (error) {
      // A name already taken (409) or refused (400) is the field's; anything else the form's.
      const message =
        error instanceof ApiError && (error.status === 409 || error.fields?.name)
          ? (error.fields?.name ?? error.message)
          : undefined;
      if (message) setFieldError(message);
      else setFailure(refusalOf(error, failureMessage));
    } finally {
      setPending(false);
    }
  };

  return (
    <form noValidate aria-label={label} onSubmit={(event) => void onSubmit(event)} className={className}>
      {failure && (
        <Alert tone="error" className="w-full">
          {failure}
        </Alert>
      )}
      <TextField
        label={fieldLabel}
        required
        autoComplete="off"
        hint="One line, at most 30 characters."
        containerClassName={fieldClassName}
        value={name}
        error={fieldError}
        onChange={(event) => {
          setName(event.target.value);
          setFieldError(undefined);
        }}
      />
      {actions(pending)}
    </form>
  );
}
