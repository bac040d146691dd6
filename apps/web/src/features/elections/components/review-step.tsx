import { useEffect, useRef } from 'react';
import type { Candidate } from '@cosa/contracts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ordinal } from '../election-labels';

type ReviewStepProps = {
  candidates: readonly Candidate[];
  ranking: readonly string[];
  casting: boolean;
  /** Why the ballot was refused (the server's words), or null. */
  failure: string | null;
  onCast: () => void;
  onBack: () => void;
};

/** The ballot as it will be cast, said once more before it cannot be changed. */
export function ReviewStep({ candidates, ranking, casting, failure, onCast, onBack }: ReviewStepProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const names = new Map(candidates.map((candidate) => [candidate.id, candidate.name]));
  return (
    <section aria-labelledby="ballot-review" className="flex flex-col gap-4">
      <h2
        id="ballot-review"
        ref={headingRef}
        tabIndex={-1}
        className="text-lg font-semibold text-ink focus:outline-none"
      >
        Review your ballot
      </h2>
      {ranking.length === 0 ? (
        <p className="text-sm text-ink">
          You rank no one: your ballot counts for <strong>None of the above</strong>.
        </p>
      ) : (
        <ol aria-label="Your ballot" className="flex flex-col gap-1">
          {ranking.map((id, index) => (
            <li key={id} className="text-ink">
              <span className="font-semibold">{ordinal(index + 1)}:</span> {names.get(id) ?? id}
            </li>
          ))}
        </ol>
      )}
      <p className="text-sm font-medium text-ink">
        Once cast, your ballot cannot be changed. It is secret: no one, the officer included, can see how
        you voted.
      </p>
      {failure && <Alert tone="error">{failure}</Alert>}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button onClick={onCast} loading={casting} loadingText="Casting...">
          Cast ballot
        </Button>
        <Button variant="secondary" onClick={onBack} disabled={casting}>
          Change my ranking
        </Button>
      </div>
    </section>
  );
}
