import { useState } from 'react';
import { formatRupees, TransferInputSchema, type BudgetLine, type LookupItem } from '@cosa/contracts';
import { Button } from '../../../components/ui/button';
import { LazySearchPicker } from '../../../components/ui/lazy-search-picker';
import { useTransfer } from '../api/allocations';
import { unitLookupKey, unitSearch } from '../api/unit-lookup';
import { lineLabel } from '../money-labels';
import { MovementDialog } from './movement-dialog';
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
    <MovementDialog
      dialog={dialog}
      pending={transfer.isPending}
      trigger={
        <Button variant="secondary" size="sm" aria-label={`Pass down to a club from ${from}`}>
          Pass down to a club
        </Button>
      }
      title="Pass down to a club"
      description={`From ${from}: ${formatRupees(line.available)} available.`}
      action="Pass down"
      pendingText="Passing down..."
      onSend={send}
    >
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
    </MovementDialog>
  );
}
