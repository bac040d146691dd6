import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  CREDENTIAL_MESSAGES,
  RevokeCredentialRequestSchema,
  type AdminCredential,
  type RevokeCredentialRequest,
} from '@cosa/contracts';
import { ApiError } from '../../../../lib/api-client';
import { applyFieldErrors } from '../../../../lib/form-errors';
import { toast } from '../../../../lib/toast';
import { FormDialog } from '../../components/form-dialog';
import { RevocationReasonFields } from './revocation-reason-fields';
import { useRevokeCredential } from '../api/admin-credentials';

const FAILED = 'The credential could not be revoked. Check your connection and try again.';

type Values = { reason: string; note: string };

/** Asks for a reason class and an optional private note, says that revoking is final, then revokes. */
export function RevokeCredentialDialog({ credential }: { credential: AdminCredential }) {
  const [open, setOpen] = useState(false);
  const revoke = useRevokeCredential(credential.id);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<Values, unknown, RevokeCredentialRequest>({
    resolver: zodResolver(RevokeCredentialRequestSchema) as never,
    defaultValues: { reason: '', note: '' },
  });
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      reset();
      revoke.reset();
    }
  };
  const onSubmit = handleSubmit((values) =>
    revoke.mutate(values, {
      onSuccess: () => {
        toast.success(CREDENTIAL_MESSAGES.revoked);
        onOpenChange(false);
      },
      onError: (error) => void applyFieldErrors(error, setError, ['reason', 'note']),
    }),
  );
  const rootError =
    revoke.isError && !errors.reason && !errors.note
      ? revoke.error instanceof ApiError
        ? revoke.error.message
        : FAILED
      : undefined;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Revoke this credential?"
      description={`"${credential.title}"${credential.holder ? ` of ${credential.holder.name}` : ''}. Its check and the published status list will say it was revoked, with the date and the reason. A revocation cannot be undone: the student downloads a new credential if one is due.`}
      trigger={{
        label: 'Revoke',
        ariaLabel: `Revoke the credential ${credential.title}`,
        variant: 'danger',
        size: 'sm',
      }}
      onSubmit={(event) => void onSubmit(event)}
      rootError={rootError}
      pending={revoke.isPending}
      submitLabel="Revoke credential"
      pendingLabel="Revoking..."
    >
      <RevocationReasonFields register={register} errors={errors} />
    </FormDialog>
  );
}
