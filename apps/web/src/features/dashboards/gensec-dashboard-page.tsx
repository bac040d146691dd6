import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { normalizeRole, TEXTS } from '@cosa/contracts';
import { buttonClasses } from '../../components/ui/button';
import { DashboardHeader } from '../../components/ui/dashboard-header';
import { ErrorState } from '../../components/ui/error-state';
import { Tabs } from '../../components/ui/tabs';
import { useCouncilSummary } from '../../lib/council-summary';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { GensecCardGrid, type SummaryState } from './components/gensec-card-grid';
import { cardsFor, GENSEC_CATEGORIES, isGensecCategory, type GensecCategory } from './gensec-cards';
import { GENSEC_PORTALS, type GensecPortal } from './gensec-portals';

function GearIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      className="size-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
    >
      <circle cx="10" cy="10" r="2.5" />
      <path
        d="M10 2.5v2M10 15.5v2M2.5 10h2M15.5 10h2M4.7 4.7l1.4 1.4M13.9 13.9l1.4 1.4M4.7 15.3l1.4-1.4M13.9 6.1l1.4-1.4"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** The selected category tab, kept in the address (?tab=) so a reload or a shared link shows the same cards. */
function useCategoryTab() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: GensecCategory = isGensecCategory(raw) ? raw : 'all';
  const setTab = (value: string) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value === 'all' || !isGensecCategory(value)) next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      { replace: true },
    );
  return [tab, setTab] as const;
}

function GensecDashboard({ portal }: { portal: GensecPortal }) {
  const summary = useCouncilSummary();
  const [tab, setTab] = useCategoryTab();
  const [filter, setFilter] = useState('');
  const summaryState: SummaryState = summary.isSuccess
    ? { status: 'success', summary: summary.data }
    : summary.isError
      ? { status: 'error' }
      : { status: 'pending' };

  const controls = (
    <>
      <Link
        to={paths.profile}
        aria-label="Settings"
        title="Settings"
        className={buttonClasses({ variant: 'secondary', size: 'icon' })}
      >
        <GearIcon />
      </Link>
    </>
  );

  return (
    <>
      <DashboardHeader
        title={portal.title}
        subtitle={portal.subtitle}
        theme={portal.theme}
        controls={controls}
      />
      {summary.isError && (
        <ErrorState
          className="mb-4"
          message="The counts could not be loaded. The links below still work."
          onRetry={() => void summary.refetch()}
          retrying={summary.isFetching}
        />
      )}
      {/* The portal header's search finds anything in the portal; this one narrows the cards below (deviation 72). */}
      <div role="search" className="mb-3 w-full sm:w-72">
        <input
          type="search"
          aria-label="Filter the cards"
          placeholder="Filter the cards..."
          autoComplete="off"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          className="block min-h-11 w-full min-w-0 rounded-lg border border-line bg-surface px-3 py-2 text-base text-ink placeholder:text-ink-muted focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-accent sm:text-sm"
        />
      </div>
      <Tabs
        label="Categories"
        value={tab}
        onValueChange={setTab}
        items={GENSEC_CATEGORIES.map((category) => ({
          value: category.value,
          label: category.label,
          content: (
            <GensecCardGrid
              cards={cardsFor(category.value, filter)}
              summary={summaryState}
              search={filter}
              onClearSearch={() => setFilter('')}
            />
          ),
        }))}
      />
    </>
  );
}

/**
 * /gensec-cult, /gensec-sport, /gensec-acad, /gensec-tech: the general secretary's portal, chosen
 * by the user's role. Its header's search box is the portal's global search, in the shell's header.
 */
export function GensecDashboardPage() {
  const { data: user } = useSession();
  if (!user) return null;
  const portal = GENSEC_PORTALS[normalizeRole(user.role)];
  if (!portal) return <ErrorState message={TEXTS.invalidGensecRole} />;
  return <GensecDashboard portal={portal} />;
}
