import { POSITION_ADMIN_MESSAGES, type LookupItem } from '@cosa/contracts';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { lazyPart } from '../../../lib/lazy-part';
import { toast } from '../../../lib/toast';
import { useCreateHolder } from '../api/holders';
import { useCreatePosition } from '../api/positions';
import { EMPTY_HOLDER_FORM } from '../holder-form-values';
import { emptyPositionForm } from '../position-form-values';

export const formLoading = <Spinner label="Loading form..." visibleLabel size="lg" className="py-10" />;
// The forms, with their pickers and form library, load beside the page while it asks whose
// positions these are, so that the page shows before them.
export const PositionForm = lazyPart(
  async () => (await import('./position-form')).PositionForm,
  formLoading,
);
export const HolderForm = lazyPart(async () => (await import('./holder-form')).HolderForm, formLoading);

/** The server's reason when it refused for one the official can act on (no seat, not their club, retired), else the spec's line. */
function failure(error: unknown, fallback: string): string {
  return error instanceof ApiError && (error.status === 403 || error.status === 409) && !error.fields
    ? `${fallback} ${error.message}`
    : fallback;
}

/** The Add Position form; fixed to the club of a club coordinator. */
export function AddPosition({ club }: { club: LookupItem | null }) {
  const create = useCreatePosition();
  return (
    <PositionForm.Part
      label="Add Position"
      defaultValues={emptyPositionForm(club)}
      fixedUnit={club}
      submitLabel="Create Position"
      pendingLabel="Creating..."
      pending={create.isPending}
      onSubmit={async (body) => {
        await create.mutateAsync(body);
        // Spec section 8: the form resets after a success.
        toast.success(POSITION_ADMIN_MESSAGES.created);
        return true;
      }}
      failureMessage={(error) => {
        const message = failure(error, POSITION_ADMIN_MESSAGES.createFailed);
        toast.error(POSITION_ADMIN_MESSAGES.createFailed);
        return message;
      }}
    />
  );
}

/** The Add Position Holder (POR) form; the server's refusal (no seat, a council office) is shown in its words. */
export function AddHolder() {
  const create = useCreateHolder();
  return (
    <HolderForm.Part
      label="Add Position Holder (POR)"
      defaultValues={EMPTY_HOLDER_FORM}
      submitLabel="Create Position Holder"
      pendingLabel="Creating..."
      pending={create.isPending}
      onSubmit={async (body) => {
        await create.mutateAsync(body);
        // Spec section 8: the form is not reset.
        toast.success(POSITION_ADMIN_MESSAGES.holderCreated);
      }}
      failureMessage={(error) => {
        toast.error(POSITION_ADMIN_MESSAGES.holderCreateFailed);
        return failure(error, POSITION_ADMIN_MESSAGES.holderCreateFailed);
      }}
    />
  );
}
