import { useState } from 'react';
import { formatRupees, TransferInputSchema, type BudgetLine, type LookupItem } from '@cosa/contracts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { LazySearchPicker } from '../../../components/ui/lazy-search-picker';
import { toast } from '../../../lib/toast';
import { useTransfer } from '../api/allocations';
import { unitLookupKey, unitSearch } from '../api/unit-lookup';
import { lineLabel, refusalOf } from '../money-labels';
import { messagesOf, serverMessagesOf, type FieldMessages } from '../money-form';
import { MovementFields, NO_MOVEMENT, type Movement } from './movement-fields';

const NO_UNITS: readonly { id: string; name: string; type: string }[] = [];

/** 'Pass down to a club': part of a council's line given to one of the council's clubs, same tenure. */
export function TransferDialog({ councilName, line }: { councilName: string; line: BudgetLine }) {
  const transfer = useTransfer();
  const [open, setOpen] = useState(false);
  const [club, setClub] = useState<LookupItem | null>(null);
  const [movement, setMovement] = useState<Movement>(NO_MOVEMENT);
  const [errors, setErrors] = useState<FieldMessages>({});
  const [failure, setFailure] = useState<string | null>(null);
  const from = `${councilName}, ${lineLabel(line.heading)}`;

  const reset = () => {
    setClub(null);
    setMovement(NO_MOVEMENT);
    setErrors({});
    setFailure(null);
  };

  const send = () => {
    setFailure(null);
    const parsed = TransferInputSchema.safeParse({
      fromLineId: line.id,
      toUnitId: club?.id,
      ...movement,
    });
    if (!parsed.success) {
      setErrors(messagesOf(parsed.error));
      return;
    }
    setErrors({});
    transfer.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(`The money is passed down to ${club?.label ?? 'the club'}.`);
        setOpen(false);
        reset();
      },
      onError: (error) => {
        const fields = serverMessagesOf(error);
        setErrors(fields);
        if (Object.keys(fields).length === 0)
          setFailure(refusalOf(error, 'The money could not be passed down. Please try again.'));
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
      trigger={
        <Button variant="secondary" size="sm" aria-label={`Pass down to a club from ${from}`}>
          Pass down to a club
        </Button>
      }
      title="Pass down to a club"
      description={`From ${from}: ${formatRupees(line.available)} available.`}
      footer={
        <>
          <Button variant="secondary" onClick={() => setOpen(false)} disabled={transfer.isPending}>
            Cancel
          </Button>
          <Button loading={transfer.isPending} loadingText="Passing down..." onClick={send}>
            Pass down
          </Button>
        </>
      }
    >
      <div className="grid gap-3">
        {failure && <Alert tone="error">{failure}</Alert>}
        <LazySearchPicker
          label="Club"
          required
          value={club}
          onChange={(item) => {
            setClub(item);
            setErrors(({ toUnitId: _, ...rest }) => rest);
          }}
          search={unitSearch(NO_UNITS)}
          queryKey={unitLookupKey}
          placeholder="Type the club's name"
          hint={`A club of ${councilName}.`}
          error={errors.toUnitId}
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
