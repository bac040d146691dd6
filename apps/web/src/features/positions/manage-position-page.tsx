import { useState } from 'react';
import { POSITION_MESSAGES } from '@cosa/contracts';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorState } from '../../components/ui/error-state';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { usePublicConfig } from '../../lib/public-config';
import { useSession } from '../../lib/session';
import { useMyPositions } from './api/get-my-positions';
import { Pager } from '../../components/ui/pager';
import { PositionCard } from './components/position-card';
import { PositionFilters } from './components/position-filters';
import { usePositionFilters } from './use-position-filters';
import { lazyPart } from '../../lib/lazy-part';

/** The form (react-hook-form and the pickers) loads when the browser is idle, or when the dialog opens. */
const AddPositionFormPart = lazyPart(
  async () => (await import('./components/add-position-form')).AddPositionForm,
  <Spinner label="Loading..." visibleLabel />,
);

/** The '+ Add a Position' button and its dialog with the Add New Position-holder form. */
function AddPositionDialog({ holderName }: { holderName: string }) {
  const [open, setOpen] = useState(false);
  AddPositionFormPart.usePreload();
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      size="lg"
      trigger={<Button>{POSITION_MESSAGES.addButton}</Button>}
      title={POSITION_MESSAGES.modalTitle}
      description="Your record shows as self-declared until an official verifies it."
    >
      <AddPositionFormPart.Part
        holderName={holderName}
        onCreated={() => setOpen(false)}
        onCancel={() => setOpen(false)}
      />
    </Dialog>
  );
}

/** /manage-position: the student's positions of responsibility, searched and filtered on the server. */
export function ManagePositionPage() {
  const { data: user } = useSession();
  const { data: config } = usePublicConfig();
  const { filters, update } = usePositionFilters();
  const positions = useMyPositions(filters);
  const list = positions.data;

  let body;
  if (positions.isPending) {
    body = (
      <div className="flex justify-center py-10">
        <Spinner label="Loading positions" visibleLabel />
      </div>
    );
  } else if (positions.isError && !list) {
    body = (
      <ErrorState
        message={POSITION_MESSAGES.fetchFailed}
        onRetry={() => void positions.refetch()}
        retrying={positions.isFetching}
      />
    );
  } else if (list && list.overall === 0) {
    body = (
      <EmptyState
        title={POSITION_MESSAGES.emptyMine}
        description="Use '+ Add a Position' to record a position you hold."
      />
    );
  } else if (list && list.items.length === 0) {
    body = (
      <EmptyState
        title={POSITION_MESSAGES.noMatch}
        description="Try another search, status or tenure year."
      />
    );
  } else if (list) {
    body = (
      <ul className="grid gap-4 lg:grid-cols-2" aria-busy={positions.isPlaceholderData || undefined}>
        {list.items.map((position) => (
          <li key={position.id} className="min-w-0">
            <PositionCard
              position={position}
              timeZone={config?.timeZone}
              holderName={user?.name ?? ''}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="mx-auto w-full max-w-6xl">
      <PageHeader
        title="Manage Positions"
        description="Your positions of responsibility, their appointments and performance."
        actions={user ? <AddPositionDialog holderName={user.name} /> : null}
      />
      <div className="flex flex-col gap-4">
        <PositionFilters filters={filters} tenureYears={list?.tenureYears ?? []} onChange={update} />
        {list && (
          <p className="text-sm text-ink-muted" aria-live="polite">
            {POSITION_MESSAGES.showing(list.total, list.overall)}
          </p>
        )}
        {positions.isError && list && (
          <ErrorState message={POSITION_MESSAGES.fetchFailed} onRetry={() => void positions.refetch()} />
        )}
        {body}
        {list && (
          <Pager
            label="Positions pages"
            page={filters.page}
            pageSize={list.pageSize}
            total={list.total}
            onPage={(page) => update({ page })}
          />
        )}
      </div>
    </div>
  );
}
