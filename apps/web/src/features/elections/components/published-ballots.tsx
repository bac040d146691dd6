import { useState } from 'react';
import type { PostResults } from '@cosa/contracts';
import { buttonClasses } from '../../../components/ui/button';
import { Pager } from '../../../components/ui/pager';
import { rankingText } from '../results-format';

const PAGE_SIZE = 50;

type PublishedBallotsProps = {
  ballots: PostResults['ballots'];
  name: (id: string) => string;
  /** The CSV download of every ballot. */
  exportHref: string;
};

/** Every ballot by its receipt's hash, fifty a page (a post may have thousands), and the CSV download. */
export function PublishedBallots({ ballots, name, exportHref }: PublishedBallotsProps) {
  const [page, setPage] = useState(1);
  const first = (page - 1) * PAGE_SIZE;
  const shown = ballots.slice(first, first + PAGE_SIZE);
  return (
    <section aria-labelledby="ballots-heading" className="flex flex-col gap-3">
      <h2 id="ballots-heading" className="text-lg font-semibold text-ink">
        Published ballots
      </h2>
      <p className="text-sm text-ink">
        {ballots.length} {ballots.length === 1 ? 'ballot' : 'ballots'}, in the order of their receipts’
        hashes. Anyone can count them again by the rule above.
      </p>
      <div>
        <a href={exportHref} download className={buttonClasses({ variant: 'secondary' })}>
          Download ballots (CSV)
        </a>
      </div>
      {shown.length > 0 && (
        <ol
          start={first + 1}
          aria-label="Ballots"
          className="flex flex-col divide-y divide-line-soft text-sm"
        >
          {shown.map((ballot) => (
            <li key={ballot.receiptHash} className="flex flex-col gap-0.5 py-2">
              <span className="font-mono text-xs break-all text-ink-muted">{ballot.receiptHash}</span>
              <span className="break-words text-ink">{rankingText(ballot.ranking, name)}</span>
            </li>
          ))}
        </ol>
      )}
      <Pager
        page={page}
        pageSize={PAGE_SIZE}
        total={ballots.length}
        onPage={setPage}
        label="Ballot pages"
      />
    </section>
  );
}
