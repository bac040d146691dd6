import { useState, type FormEvent } from 'react';
import { ELECTION_MESSAGES, type PostResults } from '@cosa/contracts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { receiptHashOf } from '../results-format';

type Ballot = PostResults['ballots'][number];
type Outcome = { found: Ballot | null } | null;

type ReceiptCheckProps = { ballots: readonly Ballot[]; name: (id: string) => string };

/**
 * A voter checks their ballot is in the count: the receipt code is hashed here, in the browser
 * (the code itself is sent nowhere), and looked up among the published ballots.
 */
export function ReceiptCheck({ ballots, name }: ReceiptCheckProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [checking, setChecking] = useState(false);

  const check = async (event: FormEvent) => {
    event.preventDefault();
    if (!/[0-9a-z]/i.test(code)) {
      setError('Enter the receipt code you were given when you voted.');
      setOutcome(null);
      return;
    }
    setChecking(true);
    try {
      const hash = await receiptHashOf(code);
      setOutcome({ found: ballots.find((ballot) => ballot.receiptHash === hash) ?? null });
    } catch {
      setError(
        'The receipt could not be checked in this browser. Download the ballots and look for it there.',
      );
    } finally {
      setChecking(false);
    }
  };

  return (
    <section aria-labelledby="receipt-check-heading" className="flex flex-col gap-3">
      <h2 id="receipt-check-heading" className="text-lg font-semibold text-ink">
        Check your receipt
      </h2>
      <form
        aria-label="Check your receipt"
        noValidate
        onSubmit={(event) => void check(event)}
        className="flex flex-col gap-2 sm:flex-row sm:items-start"
      >
        <TextField
          label="Receipt code"
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="characters"
          hint="The code you were shown when you voted; dashes and spaces do not matter."
          containerClassName="min-w-0 flex-1"
          value={code}
          error={error}
          onChange={(event) => {
            setCode(event.target.value);
            setError(undefined);
            setOutcome(null);
          }}
        />
        <Button
          type="submit"
          variant="secondary"
          loading={checking}
          loadingText="Checking..."
          className="sm:mt-6"
        >
          Check
        </Button>
      </form>
      {outcome &&
        (outcome.found ? (
          <Alert tone="success">
            <p>{ELECTION_MESSAGES.receiptFound}</p>
            <ol aria-label="Your ballot as counted" className="mt-1 list-inside list-decimal">
              {outcome.found.ranking.map((id) => (
                <li key={id}>{name(id)}</li>
              ))}
            </ol>
          </Alert>
        ) : (
          <Alert tone="error">{ELECTION_MESSAGES.receiptNotFound}</Alert>
        ))}
    </section>
  );
}
