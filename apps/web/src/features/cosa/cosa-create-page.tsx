import { Link } from 'react-router';
import {
  landingRouteFor,
  normalizeRole,
  POSITION_ADMIN_MESSAGES,
  type LookupItem,
} from '@cosa/contracts';
import { Alert } from '../../components/ui/alert';
import { BackLink } from '../../components/ui/back-link';
import { buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ErrorState } from '../../components/ui/error-state';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { Tabs } from '../../components/ui/tabs';
import { ApiError } from '../../lib/api-client';
import { lazyPart } from '../../lib/lazy-part';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { useCreateHolder } from './api/holders';
import { useCreatePosition, usePositions } from './api/positions';
import { EMPTY_HOLDER_FORM } from './holder-form-values';
import { emptyPositionForm } from './position-form-values';

const formLoading = <Spinner label="Loading form..." visibleLabel size="lg" className="py-10" />;
// The forms, with their pickers and form library, load beside the page while it asks whose
// positions these are, so that the page shows before them.
const PositionForm = lazyPart(
  async () => (await import('./components/position-form')).PositionForm,
  formLoading,
);
const HolderForm = lazyPart(
  async () => (await import('./components/holder-form')).HolderForm,
  formLoading,
);

/** The server's reason when it refused for one the official can act on (no seat, not their club, retired), else the spec's line. */
function failure(error: unknown, fallback: string): string {
  return error instanceof ApiError && (error.status === 403 || error.status === 409) && !error.fields
    ? `${fallback} ${error.message}`
    : fallback;
}

function AddPosition({ club }: { club: LookupItem | null }) {
  const create = useCreatePosition();
  return (
    <PositionForm.Part
      label="Add Position"
      defaultValues={emptyPositionForm(club)}
      fixedUnit={club}
      submitLabel="Create Position"
      pendingLabel="Creating..."
      pending={create.isPending}
      onSubmit={async (body) => {
        await create.mutateAsync(body);
        // Spec section 8: the form resets after a success.
        toast.success(POSITION_ADMIN_MESSAGES.created);
        return true;
      }}
      failureMessage={(error) => {
        const message = failure(error, POSITION_ADMIN_MESSAGES.createFailed);
        toast.error(POSITION_ADMIN_MESSAGES.createFailed);
        return message;
      }}
    />
  );
}

function AddHolder() {
  const create = useCreateHolder();
  return (
    <HolderForm.Part
      label="Add Position Holder (POR)"
      defaultValues={EMPTY_HOLDER_FORM}
      submitLabel="Create Position Holder"
      pendingLabel="Creating..."
      pending={create.isPending}
      onSubmit={async (body) => {
        await create.mutateAsync(body);
        // Spec section 8: the form is not reset.
        toast.success(POSITION_ADMIN_MESSAGES.holderCreated);
      }}
      failureMessage={(error) => {
        toast.error(POSITION_ADMIN_MESSAGES.holderCreateFailed);
        return failure(error, POSITION_ADMIN_MESSAGES.holderCreateFailed);
      }}
    />
  );
}

/**
 * /cosa/create: the Add Position and Add Position Holder (POR) forms (spec section 2, Position admin).
 * A club coordinator's forms are fixed to their club: until that is known (or when it cannot be
 * loaded) no form shows, so the unit picker is never open to them.
 */
export function CosaCreatePage() {
  const { data: user } = useSession();
  // The first page of positions tells whose they are.
  const scope = usePositions({ q: '', unitId: '', type: '', state: '', page: 1 });
  const club = scope.data?.scope.club;
  const coordinator = user ? normalizeRole(user.role) === 'CLUB_COORDINATOR' : false;
  PositionForm.usePreload();
  HolderForm.usePreload();
  return (
    <div className="mx-auto w-full max-w-3xl">
      {user && <BackLink to={landingRouteFor(user)}>Back to your dashboard</BackLink>}
      <PageHeader
        title="Create Positions"
        description={club ? `For ${club.name}` : undefined}
        actions={
          <Link to={paths.cosa} className={buttonClasses({ variant: 'secondary' })}>
            View positions
          </Link>
        }
      />
      {coordinator && <Alert className="mb-4">{POSITION_ADMIN_MESSAGES.pendingNote}</Alert>}
      {coordinator && scope.isError ? (
        <ErrorState
          message="Your club could not be loaded, so the forms cannot be shown. Please try again."
          onRetry={() => void scope.refetch()}
          retrying={scope.isFetching}
        />
      ) : scope.isPending ? (
        formLoading
      ) : (
        <Tabs
          label="Create"
          items={[
            {
              value: 'position',
              label: 'Add Position',
              content: (
                <Card>
                  <AddPosition club={club ? { id: club.id, label: club.name, detail: null } : null} />
                </Card>
              ),
            },
            {
              value: 'holder',
              label: 'Add Position Holder (POR)',
              content: (
                <Card>
                  <AddHolder />
                </Card>
              ),
            },
          ]}
        />
      )}
    </div>
  );
}
