import { useState } from 'react';
import { formatRupees, TransferInputSchema, type BudgetLine, type LookupItem } from '@cosa/contracts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { LazySearchPicker } from '../../../components/ui/lazy-search-picker';
import { useTransfer } from '../api/allocations';
import { unitLookupKey, unitSearch } from '../api/unit-lookup';
import { lineLabel } from '../money-labels';
import { MovementFields } from './movement-fields';
import { useMovementDialog } from './use-movement-dialog';

const NO_UNITS: readonly { id: string; name: string; type: string }[] = [];

/** 'Pass down to a club': part of a council's line given to one of the council's clubs, same tenure. */
export function TransferDialog({ councilName, line }: { councilName: string; line: BudgetLine }) {
  const transfer = useTransfer();
  const [club, setClub] = useState<LookupItem | null>(null);
  const from = `${councilName}, ${lineLabel(line.heading)}`;
  const dialog = useMovementDialog({
    schema: TransferInputSchema,
    mutation: transfer,
    resetOwn: () => setClub(null),
    failed: 'The money could not be passed down. Please try again.',
  });
  const send = () =>
    dialog.send(
      { fromLineId: line.id, toUnitId: club?.id },
      `The money is passed down to ${club?.label ?? 'the club'}.`,
    );

  return (
    <Dialog
      open={dialog.open}
      onOpenChange={dialog.setOpen}
      trigger={
        <Button variant="secondary" size="sm" aria-label={`Pass down to a club from ${from}`}>
          Pass down to a club
        </Button>
      }
      title="Pass down to a club"
      description={`From ${from}: ${formatRupees(line.available)} available.`}
      footer={
        <>
          <Button variant="secondary" onClick={dialog.close} disabled={transfer.isPending}>
            Cancel
          </Button>
          <Button loading={transfer.isPending} loadingText="Passing down..." onClick={send}>
            Pass down
          </Button>
        </>
      }
    >
      <div className="grid gap-3">
        {dialog.failure && <Alert tone="error">{dialog.failure}</Alert>}
        <LazySearchPicker
          label="Club"
          required
          value={club}
          onChange={(item) => {
            setClub(item);
            dialog.clearError('toUnitId');
          }}
          search={unitSearch(NO_UNITS)}
          queryKey={unitLookupKey}
          placeholder="Type the club's name"
          hint={`A club of ${councilName}.`}
          error={dialog.errors.toUnitId}
        />
        <MovementFields
          value={dialog.movement}
          errors={dialog.errors}
          onChange={dialog.changeMovement}
        />
      </div>
    </Dialog>
  );
}
