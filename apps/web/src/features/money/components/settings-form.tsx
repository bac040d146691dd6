import { useState, type FormEvent } from 'react';
import { formatRupees, MoneySettingsInputSchema } from '@cosa/contracts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../lib/toast';
import { useSaveMoneySettings } from '../api/allocations';
import { refusalOf } from '../money-labels';
import { messagesOf, serverMessagesOf } from '../money-form';

const LABEL = 'Claims above this amount also need the president’s approval (₹)';

/** The administrator's one setting of club money: the amount above which the president approves a claim too. */
export function MoneySettingsForm({ presidentAbove }: { presidentAbove: number }) {
  const save = useSaveMoneySettings();
  const [amount, setAmount] = useState(String(presidentAbove));
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = MoneySettingsInputSchema.safeParse({ presidentAbove: amount });
    if (!parsed.success) {
      setError(messagesOf(parsed.error).presidentAbove);
      return;
    }
    setError(undefined);
    save.mutate(parsed.data, {
      onSuccess: ({ presidentAbove: saved }) =>
        toast.success(`Claims above ${formatRupees(saved)} now also need the president’s approval.`),
      onError: (failed) => {
        const message = serverMessagesOf(failed).presidentAbove;
        setError(message);
        if (!message) setFailure(refusalOf(failed, 'The setting could not be saved. Please try again.'));
      },
    });
  };

  return (
    <Card aria-labelledby="money-settings-heading">
      <h2 id="money-settings-heading" className="mb-3 text-lg font-semibold text-ink">
        Approval by the president
      </h2>
      <form
        aria-label="Approval by the president"
        onSubmit={submit}
        noValidate
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
      >
        <TextField
          label={LABEL}
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          error={error}
          containerClassName="sm:max-w-md sm:flex-1"
          onChange={(event) => setAmount(event.target.value)}
        />
        <div>
          <Button type="submit" loading={save.isPending} loadingText="Saving...">
            Save
          </Button>
        </div>
      </form>
      {failure && (
        <Alert tone="error" className="mt-3">
          {failure}
        </Alert>
      )}
    </Card>
  );
}
