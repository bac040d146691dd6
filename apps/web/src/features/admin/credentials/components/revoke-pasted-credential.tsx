import { useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  CREDENTIAL_MESSAGES,
  RevokePastedCredentialRequestSchema,
  type RevokePastedCredentialRequest,
} from '@cosa/contracts';
import { TextAreaField } from '../../../../components/ui/text-area-field';
import { TextField } from '../../../../components/ui/text-field';
import { ApiError } from '../../../../lib/api-client';
import { applyFieldErrors } from '../../../../lib/form-errors';
import { toast } from '../../../../lib/toast';
import { FormDialog } from '../../components/form-dialog';
import { RevocationReasonFields } from './revocation-reason-fields';
import { useRevokePastedCredential } from '../api/admin-credentials';

const FAILED = 'The credential could not be revoked. Check your connection and try again.';
const UNREADABLE =
  'That file could not be read. Open it in a text editor and paste its content instead.';

type Values = { credential: string; reason: string; note: string };
const FIELDS = ['credential', 'reason', 'note'] as const;

/**
 * Revokes a credential by its own text: the way to reach one signed before status lists, which is
 * on no list until then (the student or an employer has the file). Any credential of the portal
 * may be pasted; the list then shows it.
 */
export function RevokePastedCredential({ onRevoked }: { onRevoked: (id: string) => void }) {
  const [open, setOpen] = useState(false);
  const revoke = useRevokePastedCredential();
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<Values, unknown, RevokePastedCredentialRequest>({
    resolver: zodResolver(RevokePastedCredentialRequestSchema) as never,
    defaultValues: { credential: '', reason: '', note: '' },
  });
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      reset();
      revoke.reset();
    }
  };
  const pickFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    try {
      setValue('credential', (await file.text()).trim());
      clearErrors('credential');
    } catch {
      setError('credential', { message: UNREADABLE });
    }
  };
  const onSubmit = handleSubmit((values) =>
    revoke.mutate(values, {
      onSuccess: (revoked) => {
        toast.success(CREDENTIAL_MESSAGES.pastedRevoked);
        onOpenChange(false);
        onRevoked(revoked.id);
      },
      onError: (error) => void applyFieldErrors(error, setError, FIELDS),
    }),
  );
  const fieldError = FIELDS.some((field) => errors[field]);
  const rootError =
    revoke.isError && !fieldError
      ? revoke.error instanceof ApiError
        ? revoke.error.message
        : FAILED
      : undefined;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Revoke a credential by its file"
      description="For a credential found nowhere on this list: one downloaded before credentials carried a revocation status. Paste its file (the student or an employer has it); its check will then say it was revoked, with the date and the reason. A revocation cannot be undone."
      trigger={{ label: 'Revoke a credential by its file', variant: 'secondary' }}
      onSubmit={(event) => void onSubmit(event)}
      rootError={rootError}
      pending={revoke.isPending}
      submitLabel="Revoke credential"
      pendingLabel="Revoking..."
    >
      <TextAreaField
        label="Credential"
        hint="Paste the whole text of the .jwt file."
        rows={5}
        spellCheck={false}
        autoComplete="off"
        className="font-mono"
        required
        error={errors.credential?.message}
        {...register('credential')}
      />
      <TextField
        label="Or choose the .jwt file"
        type="file"
        accept=".jwt,application/jwt,text/plain"
        onChange={(event) => void pickFile(event)}
      />
      <RevocationReasonFields register={register} errors={errors} />
    </FormDialog>
  );
}
