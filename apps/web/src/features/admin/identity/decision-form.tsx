import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { ApiError } from '../../../lib/api-client';

export type DecisionChoice = {
  value: string;
  label: string;
  variant?: 'primary' | 'secondary' | 'danger';
};

/** A reason and one button per decision; the server's refusal is shown beside the field or above. */
export function DecisionForm({
  label,
  choices,
  reasonLabel,
  send,
  pending,
}: {
  label: string;
  choices: DecisionChoice[];
  reasonLabel: string;
  send: (decision: string, reason: string) => Promise<unknown>;
  pending: boolean;
}) {
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [chosen, setChosen] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const decision = (event.nativeEvent as SubmitEvent).submitter?.getAttribute('value') ?? '';
    setChosen(decision);
    setErrors({});
    try {
      await send(decision, reason.trim());
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      else setErrors({ root: error instanceof Error ? error.message : String(error) });
    }
  };

  return (
    <form
      noValidate
      aria-label={label}
      onSubmit={(event) => void submit(event)}
      className="mt-3 flex flex-col gap-3"
    >
      {errors.root && <Alert tone="error">{errors.root}</Alert>}
      <TextAreaField
        label={reasonLabel}
        value={reason}
        rows={2}
        maxLength={500}
        error={errors.reason}
        onChange={(event) => setReason(event.target.value)}
      />
      <div className="flex flex-wrap gap-2">
        {choices.map((choice) => (
          <Button
            key={choice.value}
            type="submit"
            name="decision"
            value={choice.value}
            variant={choice.variant ?? 'secondary'}
            size="sm"
            disabled={pending}
            loading={pending && chosen === choice.value}
            loadingText="Saving..."
          >
            {choice.label}
          </Button>
        ))}
      </div>
    </form>
  );
}
