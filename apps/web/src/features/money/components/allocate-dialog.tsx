import { useState } from 'react';
import { AllocationInputSchema, type BudgetUnit, type LookupItem } from '@cosa/contracts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { LazySearchPicker } from '../../../components/ui/lazy-search-picker';
import { SelectField } from '../../../components/ui/select';
import { toast } from '../../../lib/toast';
import { useAllocate } from '../api/allocations';
import { unitLookupKey, unitSearch } from '../api/unit-lookup';
import { refusalOf } from '../money-labels';
import { messagesOf, serverMessagesOf, type FieldMessages } from '../money-form';
import { MovementFields, NO_MOVEMENT, type Movement } from './movement-fields';

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
  const [open, setOpen] = useState(false);
  const [unit, setUnit] = useState<LookupItem | null>(null);
  const [change, setChange] = useState('add');
  const [movement, setMovement] = useState<Movement>(NO_MOVEMENT);
  const [errors, setErrors] = useState<FieldMessages>({});
  const [failure, setFailure] = useState<string | null>(null);

  const reset = () => {
    setUnit(null);
    setChange('add');
    setMovement(NO_MOVEMENT);
    setErrors({});
    setFailure(null);
  };

  const send = () => {
    setFailure(null);
    const parsed = AllocationInputSchema.safeParse({
      tenureYear,
      unitId: unit?.id,
      change,
      ...movement,
    });
    if (!parsed.success) {
      setErrors(messagesOf(parsed.error));
      return;
    }
    setErrors({});
    allocate.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(change === 'add' ? 'The allocation is made.' : 'The allocation is reduced.');
        setOpen(false);
        reset();
      },
      onError: (error) => {
        const fields = serverMessagesOf(error);
        setErrors(fields);
        if (Object.keys(fields).length === 0)
          setFailure(refusalOf(error, 'The allocation could not be made. Please try again.'));
      },
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
      trigger={<Button>Allocate</Button>}
      title={`Allocate money for ${tenureYear}`}
      description="Add to a council's or club's line, or reduce it. Every change is kept in the line's ledger with your reason."
      footer={
        <>
          <Button variant="secondary" onClick={() => setOpen(false)} disabled={allocate.isPending}>
            Cancel
          </Button>
          <Button loading={allocate.isPending} loadingText="Saving..." onClick={send}>
            {change === 'add' ? 'Allocate' : 'Reduce'}
          </Button>
        </>
      }
    >
      <div className="grid gap-3">
        {failure && <Alert tone="error">{failure}</Alert>}
        <LazySearchPicker
          label="Council or club"
          required
          value={unit}
          onChange={(item) => {
            setUnit(item);
            setErrors(({ unitId: _, ...rest }) => rest);
          }}
          search={unitSearch(units.map((shown) => shown.unit))}
          queryKey={[...unitLookupKey, 'money', units.map((shown) => shown.unit.id).join()]}
          placeholder="Type a council's or club's name"
          error={errors.unitId}
        />
        <SelectField
          label="Change"
          options={CHANGE_OPTIONS}
          value={change}
          error={errors.change}
          onChange={(event) => setChange(event.target.value)}
        />
        <MovementFields
          value={movement}
          errors={errors}
          onChange={(patch) => setMovement((before) => ({ ...before, ...patch }))}
        />
      </div>
    </Dialog>
  );
}
