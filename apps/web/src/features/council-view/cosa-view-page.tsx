import { COUNCIL_DIRECTORY_MESSAGES } from '@cosa/contracts';
import { PageHeader } from '../../components/ui/page-header';
import { Tabs } from '../../components/ui/tabs';
import { DirectoryPositionsView } from './components/directory-positions-view';
import { OfficeBearersView } from './components/office-bearers-view';

/** /council, the side menu's 'COSA view': the council's office-bearers and positions, for everyone signed in (deviation 58). */
export function CosaViewPage() {
  return (
    <div className="flex flex-col">
      <PageHeader
        title={COUNCIL_DIRECTORY_MESSAGES.title}
        description={COUNCIL_DIRECTORY_MESSAGES.intro}
      />
      <Tabs
        label="COSA View lists"
        items={[
          {
            value: 'office-bearers',
            label: COUNCIL_DIRECTORY_MESSAGES.bearersTab,
            content: <OfficeBearersView />,
          },
          {
            value: 'positions',
            label: COUNCIL_DIRECTORY_MESSAGES.positionsTab,
            content: <DirectoryPositionsView />,
          },
        ]}
      />
    </div>
  );
}
