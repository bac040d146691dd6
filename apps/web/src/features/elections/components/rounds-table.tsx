import type { PostResults } from '@cosa/contracts';
import { formatVotes, roundOutcome } from '../results-format';

type RoundsTableProps = { results: PostResults; name: (id: string) => string };

const CELL = 'px-3 py-2 text-right tabular-nums whitespace-nowrap';
/** The names stay in view while the rounds scroll past them on a narrow screen. */
const NAME = 'sticky left-0 bg-surface px-3 py-2 text-left text-ink';

/**
 * The count round by round: a row per candidate (none of the above included) and one for the
 * exhausted ballots, a column per round, and what each round decided. On a phone the table
 * scrolls within its own frame, which the keyboard reaches too.
 */
export function RoundsTable({ results, name }: RoundsTableProps) {
  const elected = new Set(results.elected);
  return (
    <div
      role="region"
      aria-labelledby="rounds-caption"
      tabIndex={0}
      className="max-w-full overflow-x-auto rounded-card border border-line-soft focus-visible:outline-2 focus-visible:outline-accent"
    >
      <table className="w-full text-sm">
        <caption id="rounds-caption" className="px-3 py-2 text-left font-semibold text-ink">
          Votes in each round
        </caption>
        <thead>
          <tr className="border-b border-line">
            <th scope="col" className={`${NAME} font-semibold`}>
              Candidate
            </th>
            {results.rounds.map((round) => (
              <th
                key={round.number}
                scope="col"
                className="px-3 py-2 text-right font-semibold whitespace-nowrap text-ink"
              >
                Round {round.number}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {results.candidates.map((candidate) => (
            <tr key={candidate.id} className="border-b border-line-soft">
              <th scope="row" className={`${NAME} font-medium`}>
                {candidate.name}
                {elected.has(candidate.id) && (
                  <>
                    {' '}
                    <span className="text-success-700">(elected)</span>
                  </>
                )}
              </th>
              {results.rounds.map((round) => {
                const count = round.votes[candidate.id];
                return (
                  <td key={round.number} className={CELL}>
                    {count === undefined ? (
                      <>
                        <span aria-hidden="true">–</span>
                        <span className="sr-only">not counted</span>
                      </>
                    ) : (
                      formatVotes(count)
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
          <tr className="border-b border-line-soft">
            <th scope="row" className={`${NAME} font-medium`}>
              Exhausted
            </th>
            {results.rounds.map((round) => (
              <td key={round.number} className={CELL}>
                {formatVotes(round.exhausted)}
              </td>
            ))}
          </tr>
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" className={`${NAME} align-top font-semibold`}>
              Outcome
            </th>
            {results.rounds.map((round) => (
              <td key={round.number} className="min-w-40 px-3 py-2 align-top text-ink">
                {roundOutcome(round, name).map((line) => (
                  <p key={line}>{line}</p>
                ))}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
