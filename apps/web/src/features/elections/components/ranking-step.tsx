import { useEffect, useRef, useState } from 'react';
import type { Candidate } from '@cosa/contracts';
import { Button } from '../../../components/ui/button';
import { ordinal } from '../election-labels';

type RankingStepProps = {
  candidates: readonly Candidate[];
  /** Candidate ids, most preferred first. */
  ranking: readonly string[];
  onChange: (ranking: string[]) => void;
  onReview: () => void;
  onNoneOfTheAbove: () => void;
  seats: number;
};

/** Where focus goes after a change: a control by its id (the list re-orders, so focus is put back by hand). */
type FocusTarget = string | null;

const moveUpId = (id: string) => `rank-up-${id}`;
const moveDownId = (id: string) => `rank-down-${id}`;
const addId = (id: string) => `rank-add-${id}`;
const REVIEW_ID = 'ballot-review-button';

/**
 * The voter's ranking: candidates added in order of preference, moved up and down, or taken out,
 * all with buttons (keyboard and screen reader alike; each change is announced). Unranked
 * candidates get none of this ballot's vote.
 */
export function RankingStep({
  candidates,
  ranking,
  onChange,
  onReview,
  onNoneOfTheAbove,
  seats,
}: RankingStepProps) {
  const [announcement, setAnnouncement] = useState('');
  const [focusTarget, setFocusTarget] = useState<FocusTarget>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const names = new Map(candidates.map((candidate) => [candidate.id, candidate.name]));
  const unranked = candidates.filter((candidate) => !ranking.includes(candidate.id));

  useEffect(() => headingRef.current?.focus(), []);
  useEffect(() => {
    if (focusTarget) document.getElementById(focusTarget)?.focus();
  }, [focusTarget, ranking]);

  const add = (id: string) => {
    const next = [...ranking, id];
    onChange(next);
    setAnnouncement(`${names.get(id)} is your ${ordinal(next.length)} choice.`);
    // Focus stays in the list of those not ranked yet, on the next one; after the last, on Review.
    const position = unranked.findIndex((candidate) => candidate.id === id);
    const rest = unranked.filter((candidate) => candidate.id !== id);
    const following = rest[position] ?? rest[position - 1];
    setFocusTarget(following ? addId(following.id) : REVIEW_ID);
  };
  const move = (index: number, by: -1 | 1) => {
    const target = index + by;
    if (target < 0 || target >= ranking.length) return;
    const next = [...ranking];
    const [id] = next.splice(index, 1) as [string];
    next.splice(target, 0, id);
    onChange(next);
    setAnnouncement(`${names.get(id)} is now your ${ordinal(target + 1)} choice.`);
    setFocusTarget(by === -1 ? moveUpId(id) : moveDownId(id));
  };
  const remove = (id: string) => {
    onChange(ranking.filter((other) => other !== id));
    setAnnouncement(`${names.get(id)} is no longer ranked.`);
    setFocusTarget(addId(id));
  };

  return (
    <section aria-labelledby="ballot-rank" className="flex flex-col gap-4">
      <h2
        id="ballot-rank"
        ref={headingRef}
        tabIndex={-1}
        className="text-lg font-semibold text-ink focus:outline-none"
      >
        Rank the candidates
      </h2>
      <p className="text-sm text-ink">
        Add the candidates you support in order of preference, your 1st choice first. Rank as many or as
        few as you like:{' '}
        {seats === 1
          ? 'if your choice is excluded, your vote passes to your next choice.'
          : 'if your choice is elected with votes to spare or is excluded, your vote passes on to your next choice.'}{' '}
        A ballot that ranks no one counts for none of the above.
      </p>
      <div className="flex flex-col gap-2">
        <h3 className="font-semibold text-ink">Your ranking</h3>
        {ranking.length === 0 ? (
          <p className="text-sm text-ink-muted">You have not ranked anyone yet.</p>
        ) : (
          <ol aria-label="Your ranking" className="flex flex-col gap-2">
            {ranking.map((id, index) => {
              const name = names.get(id) ?? id;
              return (
                <li
                  key={id}
                  className="flex flex-col gap-2 rounded-card border border-line-soft p-3 sm:flex-row sm:items-center"
                >
                  <span className="min-w-0 flex-1 break-words text-ink">
                    <span className="font-semibold">{ordinal(index + 1)}:</span> {name}
                  </span>
                  <span className="flex flex-wrap gap-2">
                    <Button
                      id={moveUpId(id)}
                      size="sm"
                      variant="secondary"
                      aria-label={`Move up: ${name}`}
                      aria-disabled={index === 0 || undefined}
                      onClick={() => move(index, -1)}
                    >
                      Move up
                    </Button>
                    <Button
                      id={moveDownId(id)}
                      size="sm"
                      variant="secondary"
                      aria-label={`Move down: ${name}`}
                      aria-disabled={index === ranking.length - 1 || undefined}
                      onClick={() => move(index, 1)}
                    >
                      Move down
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Remove: ${name}`}
                      onClick={() => remove(id)}
                    >
                      Remove
                    </Button>
                  </span>
                </li>
              );
            })}
          </ol>
        )}
      </div>
      {unranked.length > 0 && (
        <div className="flex flex-col gap-2">
          <h3 className="font-semibold text-ink">Not ranked</h3>
          <ul aria-label="Candidates not ranked" className="flex flex-col gap-2">
            {unranked.map((candidate) => (
              <li
                key={candidate.id}
                className="flex flex-col gap-2 rounded-card border border-dashed border-line p-3 sm:flex-row sm:items-center"
              >
                <span className="min-w-0 flex-1 break-words text-ink">{candidate.name}</span>
                <Button
                  id={addId(candidate.id)}
                  size="sm"
                  aria-label={`Add as ${ordinal(ranking.length + 1)} choice: ${candidate.name}`}
                  onClick={() => add(candidate.id)}
                >
                  Add as {ordinal(ranking.length + 1)} choice
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <p role="status" className="sr-only">
        {announcement}
      </p>
      <div className="flex flex-col gap-2 border-t border-line-soft pt-4 sm:flex-row">
        <Button id={REVIEW_ID} onClick={onReview}>
          Review my ballot
        </Button>
        <Button variant="secondary" onClick={onNoneOfTheAbove}>
          None of the above
        </Button>
      </div>
    </section>
  );
}
