import { useState } from 'react';
import { AllocationInputSchema, type BudgetUnit, type LookupItem } from '@cosa/contracts';
import { Button } from '../../../components/ui/button';
import { LazySearchPicker } from '../../../components/ui/lazy-search-picker';
import { SelectField } from '../../../components/ui/select';
import { useAllocate } from '../api/allocations';
import { unitLookupKey, unitSearch } from '../api/unit-lookup';
import { MovementDialog } from './movement-dialog';
import { useMovementDialog } from './use-movement-dialog';

const CHANGE_OPTIONS = [
  { value: 'add', label: 'Add to the allocation' },
  { value: 'reduce', label: 'Reduce the allocation' },
];

/** 'Allocate': the president or the administrator gives a council or club money for the tenure, or takes some back. */
export function AllocateDialog({
  tenureYear,
  units,
}: {
  tenureYear: string;
  units: readonly BudgetUnit[];
}) {
  const allocate = useAllocate();
  const [unit, setUnit] = useState<LookupItem | null>(null);
  const [change, setChange] = useState('add');
  const dialog = useMovementDialog({
    schema: AllocationInputSchema,
    mutation: allocate,
    resetOwn: () => {
      setUnit(null);
      setChange('add');
    },
    failed: 'The allocation could not be made. Please try again.',
  });
  const send = () =>
    dialog.send(
      { tenureYear, unitId: unit?.id, change },
      change === 'add' ? 'The allocation is made.' : 'The allocation is reduced.',
    );

  return (
    <MovementDialog
      dialog={dialog}
      pending={allocate.isPending}
      trigger={<Button>Allocate</Button>}
      title={`Allocate money for ${tenureYear}`}
      description="Add to a council's or club's line, or reduce it. Every change is kept in the line's ledger with your reason."
      action={change === 'add' ? 'Allocate' : 'Reduce'}
      pendingText="Saving..."
      onSend={send}
    >
      <LazySearchPicker
        label="Council or club"
        required
        value={unit}
        onChange={(item) => {
          setUnit(item);
          dialog.clearError('unitId');
        }}
        search={unitSearch(units.map((shown) => shown.unit))}
        queryKey={[...unitLookupKey, 'money', units.map((shown) => shown.unit.id).join()]}
        placeholder="Type a council's or club's name"
        error={dialog.errors.unitId}
      />
      <SelectField
        label="Change"
        options={CHANGE_OPTIONS}
        value={change}
        error={dialog.errors.change}
        onChange={(event) => setChange(event.target.value)}
      />
    </MovementDialog>
  );
}
