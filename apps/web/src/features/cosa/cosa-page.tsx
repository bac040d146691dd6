import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { PageHeader } from '../../components/ui/page-header';
import { Tabs } from '../../components/ui/tabs';
import { paths } from '../../lib/paths';
import { HoldersView } from './holders-view';
import { PositionsView } from './positions-view';

/** /cosa: the positions and their holders, with details, edit and delete (spec section 2, Position view). */
export function CosaPage() {
  return (
    <div className="mx-auto w-full max-w-6xl">
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
