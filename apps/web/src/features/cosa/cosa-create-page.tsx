import { Link } from 'react-router';
import { normalizeRole, POSITION_ADMIN_MESSAGES } from '@cosa/contracts';
import { Alert } from '../../components/ui/alert';
import { buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ErrorState } from '../../components/ui/error-state';
import { PageHeader } from '../../components/ui/page-header';
import { Tabs } from '../../components/ui/tabs';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { usePositions } from './api/positions';
import {
  AddHolder,
  AddPosition,
  formLoading,
  HolderForm,
  PositionForm,
} from './components/create-forms';

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
