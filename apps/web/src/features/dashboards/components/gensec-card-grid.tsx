import { useId } from 'react';
import { Link } from 'react-router';
import type { CouncilSummary } from '@cosa/contracts';
import { Badge } from '../../../components/ui/badge';
import { EmptyState } from '../../../components/ui/empty-state';
import { Spinner } from '../../../components/ui/spinner';
import type { GensecCard } from '../gensec-cards';

/** Where the cards' counts stand: loading, failed (no counts at all) or known. */
export type SummaryState =
  { status: 'pending' } | { status: 'error' } | { status: 'success'; summary: CouncilSummary };

function CardLink({ card, summary }: { card: GensecCard; summary: SummaryState }) {
  const id = useId();
  const count = card.count && summary.status === 'success' ? card.count(summary.summary) : null;
  return (
    <Link
      to={card.to}
      aria-labelledby={`${id}-title`}
      aria-describedby={count ? `${id}-description ${id}-count` : `${id}-description`}
      className="flex h-full min-w-0 flex-col gap-2 rounded-card border border-line-soft bg-surface p-4 shadow-card transition-colors hover:border-accent hover:bg-accent-soft focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={`${id}-title`} className="min-w-0 text-lg font-semibold break-words text-ink">
          {card.title}
        </h2>
        {card.count && summary.status === 'pending' && (
          <Spinner size="sm" label="Loading count" className="text-accent-ink" />
        )}
        {count && (
          <Badge id={`${id}-count`} tone="accent">
            {count}
          </Badge>
        )}
      </div>
      <p id={`${id}-description`} className="text-sm break-words text-ink-muted">
        {card.description}
      </p>
    </Link>
  );
}

type GensecCardGridProps = {
  cards: readonly GensecCard[];
  summary: SummaryState;
  search: string;
  onClearSearch: () => void;
};

/** The dashboard's cards, each a link to its page, with its live count where one fits. */
export function GensecCardGrid({ cards, summary, search, onClearSearch }: GensecCardGridProps) {
  if (!cards.length) {
    return (
      <EmptyState
        title={search.trim() ? `Nothing matches “${search.trim()}”.` : 'Nothing here.'}
        description="Try another word or another tab."
        action={
          search.trim() ? (
            <button
              type="button"
              onClick={onClearSearch}
              className="rounded-sm text-sm font-medium text-accent-ink underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-accent"
            >
              Clear search
            </button>
          ) : undefined
        }
      />
    );
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {cards.map((card) => (
        <li key={card.to} className="min-w-0">
          <CardLink card={card} summary={summary} />
        </li>
      ))}
    </ul>
  );
}
