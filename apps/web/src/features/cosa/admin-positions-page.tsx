import { Card } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page-header';
import { Tabs } from '../../components/ui/tabs';
import { AddHolder, AddPosition, HolderForm, PositionForm } from './components/create-forms';
import { HoldersView } from './holders-view';
import { HoldingConfirmationsView } from './holding-confirmations-view';
import { PositionsView } from './positions-view';

/**
 * /admin/positions: the administrator's positions and holders (decision 0017). Council offices (the
 * president, the general secretaries, every council-level position) are appointed, changed and ended
 * here, by the administrator alone; the server refuses what cannot be (a second president, a full
 * office) with its reason, shown under the form.
 */
export function AdminPositionsPage() {
  PositionForm.usePreload();
  HolderForm.usePreload();
  return (
    <div className="w-full">
      <PageHeader
        title="Positions and holders"
        description="Appoint, change and end the holders of council offices (the president, the general secretaries, every council position) and of the clubs' positions, and confirm the holdings recorded before the portal kept who verified them."
      />
      <Tabs
        label="Positions and holders"
        items={[
          { value: 'holders', label: 'Current holders', content: <HoldersView /> },
          {
            value: 'appoint',
            label: 'Appoint a holder',
            content: (
              <Card>
                <AddHolder />
              </Card>
            ),
          },
          {
            value: 'confirm',
            label: 'Awaiting confirmation',
            content: <HoldingConfirmationsView />,
          },
          { value: 'positions', label: 'Positions', content: <PositionsView /> },
          {
            value: 'add-position',
            label: 'Add a position',
            content: (
              <Card>
                <AddPosition club={null} />
              </Card>
            ),
          },
        ]}
      />
    </div>
  );
}
