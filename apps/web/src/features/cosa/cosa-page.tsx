import { Link } from 'react-router';
import { landingRouteFor } from '@cosa/contracts';
import { BackLink } from '../../components/ui/back-link';
import { buttonClasses } from '../../components/ui/button';
import { PageHeader } from '../../components/ui/page-header';
import { Tabs } from '../../components/ui/tabs';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { HoldersView } from './holders-view';
import { PositionsView } from './positions-view';

/** /cosa: the positions and their holders, with details, edit and delete (spec section 2, Position view). */
export function CosaPage() {
  const { data: user } = useSession();
  return (
    <div className="mx-auto w-full max-w-6xl">
      {user && <BackLink to={landingRouteFor(user)}>Back to your dashboard</BackLink>}
      <PageHeader
        title="Positions of Responsibility"
        actions={
          <Link to={paths.cosaCreate} className={buttonClasses()}>
            Add positions and holders
          </Link>
        }
      />
      <Tabs
        label="Position lists"
        items={[
          { value: 'positions', label: 'View Positions', content: <PositionsView /> },
          { value: 'holders', label: 'View Position Holders (POR)', content: <HoldersView /> },
        ]}
      />
    </div>
  );
}
