import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  CLAIM_MESSAGES,
  ClaimInputSchema,
  MAX_CLAIM_RECEIPTS,
  type Claim,
  type ClaimOptions,
} from '@cosa/contracts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../lib/toast';
import { ClaimSaveError, useSaveClaim, type QueuedReceipt } from '../api/save-claim';
import { refusalOf } from '../money-labels';
import { messagesOf, serverMessagesOf, type FieldMessages } from '../money-form';
import { moneyPaths } from '../money-paths';
import { ClaimFields, type ClaimValues } from './claim-fields';
import { ReceiptsField } from './receipts-field';

const valuesOf = (claim: Claim | null, options: ClaimOptions): ClaimValues => ({
  unitId: claim?.unit.id ?? (options.units.length === 1 ? options.units[0]!.id : ''),
  eventId: claim?.event?.id ?? '',
  lineId: claim?.line.id ?? '',
  amount: claim ? String(claim.amount) : '',
  payee: claim?.payee ?? '',
  description: claim?.description ?? '',
});

/** What went wrong part way through saving, and what to do next. */
function failureOf(error: unknown): { message: string; fields: FieldMessages } {
  if (!(error instanceof ClaimSaveError))
    return { message: 'The claim could not be saved. Please try again.', fields: {} };
  const fields = serverMessagesOf(error.failure);
  const why = refusalOf(error.failure, 'the server could not be reached.');
  if (error.stage === 'receipt')
    return {
      message: `The claim is saved as a draft, but ${error.fileName ?? 'a receipt'} was not attached: ${why} Remove it or choose another file, then save again.`,
      fields: fields.receipt ? { receipts: fields.receipt } : {},
    };
  if (error.stage === 'submit')
    return {
      message: `The claim is saved with its receipts, but it was not submitted: ${why}`,
      fields: {},
    };
  return {
    message: Object.keys(fields).length > 0 ? 'Check the fields marked below.' : why,
    fields,
  };
}

/**
 * The claim form of a new claim or a draft (or one sent back): its fields and receipts, checked
 * here before anything is sent, then 'Save draft' or 'Submit'. Saving makes or changes the draft,
 * attaches the chosen receipts, and, for 'Submit', sends it for approval.
 */
export function ClaimForm({ claim: start, options }: { claim: Claim | null; options: ClaimOptions }) {
  const navigate = useNavigate();
  const save = useSaveClaim();
  const [claim, setClaim] = useState(start);
  const [values, setValues] = useState(() => valuesOf(start, options));
  const [queue, setQueue] = useState<QueuedReceipt[]>([]);
  const [errors, setErrors] = useState<FieldMessages>({});
  const [failure, setFailure] = useState<string | null>(null);
  const tenureYear = claim?.line.tenureYear ?? options.tenureYear;
  // A claim's own club stays offered even when the reader may no longer file for it.
  const units =
    claim && !options.units.some((unit) => unit.id === claim.unit.id)
      ? [
          ...options.units,
          { id: claim.unit.id, name: claim.unit.name, events: claim.event ? [claim.event] : [] },
        ]
      : options.units;

  const send = (submit: boolean) => {
    if (save.isPending) return;
    setFailure(null);
    const parsed = ClaimInputSchema.safeParse(values);
    const found = parsed.success ? {} : messagesOf(parsed.error);
    const receipts = (claim?.receipts.length ?? 0) + queue.length;
    if (submit && receipts === 0) found.receipts = CLAIM_MESSAGES.receiptRequired;
    if (receipts > MAX_CLAIM_RECEIPTS) found.receipts = CLAIM_MESSAGES.tooManyReceipts;
    setErrors(found);
    if (!parsed.success || Object.keys(found).length > 0) {
      setFailure(
        submit
          ? 'The claim cannot be submitted yet: see what is missing below.'
          : 'Check the fields marked below.',
      );
      return;
    }
    save.mutate(
      {
        claim,
        input: parsed.data,
        receipts: queue,
        submit,
        onProgress: (saved, attached) => {
          setClaim(saved);
          if (attached) setQueue((left) => left.filter((receipt) => receipt.key !== attached.key));
        },
      },
      {
        onSuccess: (saved) => {
          toast.success(submit ? 'Your claim is submitted for approval.' : 'Your draft is saved.');
          void navigate(moneyPaths.claim(saved.id));
        },
        onError: (error) => {
          const { message, fields } = failureOf(error);
          setErrors(fields);
          setFailure(message);
        },
      },
    );
  };

  return (
    <form
      aria-label={start ? `Edit claim ${start.claimCode}` : 'New claim'}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        send(true);
      }}
      className="flex flex-col gap-4"
    >
      {failure && <Alert tone="error">{failure}</Alert>}
      <ClaimFields
        values={values}
        units={units}
        tenureYear={tenureYear}
        errors={errors}
        onChange={(patch) => {
          setValues((before) => ({ ...before, ...patch }));
          setErrors((before) => {
            const left = { ...before };
            for (const key of Object.keys(patch)) delete left[key];
            return left;
          });
        }}
      />
      <ReceiptsField
        claim={claim}
        queue={queue}
        onQueue={(next) => {
          setQueue(next);
          setErrors(({ receipts: _, ...rest }) => rest);
        }}
        onClaim={setClaim}
        error={errors.receipts}
        disabled={save.isPending}
      />
      <div className="flex flex-wrap gap-2">
        <Button
          type="submit"
          loading={save.isPending && Boolean(save.variables?.submit)}
          loadingText="Submitting..."
          disabled={save.isPending}
        >
          Submit
        </Button>
        <Button
          variant="secondary"
          loading={save.isPending && !save.variables?.submit}
          loadingText="Saving..."
          disabled={save.isPending}
          onClick={() => send(false)}
        >
          Save draft
        </Button>
      </div>
      <p className="text-sm text-ink-muted">
        A draft is kept for you alone. Submitting sends it, with at least one receipt, to the general
        secretary of the club’s council.
      </p>
    </form>
  );
}
