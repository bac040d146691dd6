import type { ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  CredentialCheckRequestSchema,
  REVOCATION_REASON_LABELS,
  type CredentialCheck,
  type CredentialCheckRequest,
} from '@cosa/contracts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { applyFieldErrors } from '../../../lib/form-errors';
import { formatDate } from '../../../lib/format';
import { useCheckCredential } from '../api/check-credential';
import { isRateLimited, TOO_MANY_CHECKS } from '../rate-limit';

const CHECK_FAILED = 'The credential could not be checked. Check your connection and try again.';
const UNREADABLE =
  'That file could not be read. Open it in a text editor and paste its content instead.';

function Detail({ term, value }: { term: string; value: string | null }) {
  if (!value) return null;
  return (
    <>
      <dt className="font-medium">{term}</dt>
      <dd className="break-words wrap-anywhere">{value}</dd>
    </>
  );
}

/** The server's verdict: green with what the credential states, or red with why it does not hold. */
function CheckResult({ result, timeZone }: { result: CredentialCheck; timeZone?: string }) {
  if (result.revocation && result.credential) {
    const { achievement, subject, issuedAt } = result.credential;
    return (
      <div
        role="alert"
        className="rounded-card border border-danger-700/30 bg-danger-50 p-4 text-danger-700"
      >
        <p className="text-lg font-semibold">Revoked</p>
        <p className="text-sm">{result.message}</p>
        <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm text-ink">
          <Detail
            term="Revoked"
            value={
              result.revocation.revokedAt
                ? formatDate(result.revocation.revokedAt, timeZone)
                : 'Date not recorded'
            }
          />
          <Detail term="Reason" value={REVOCATION_REASON_LABELS[result.revocation.reason]} />
          <Detail term="Achievement" value={achievement} />
          <Detail term="Subject" value={subject} />
          <Detail term="Issued" value={formatDate(issuedAt, timeZone)} />
        </dl>
      </div>
    );
  }
  if (!result.valid || !result.credential) {
    return (
      <div
        role="alert"
        className="rounded-card border border-danger-700/30 bg-danger-50 p-4 text-danger-700"
      >
        <p className="text-lg font-semibold">Not valid</p>
        <p className="text-sm">{result.message}</p>
      </div>
    );
  }
  const { achievement, description, subject, issuer, issuedAt } = result.credential;
  return (
    <div
      role="status"
      className="rounded-card border border-success-700/30 bg-success-50 p-4 text-success-700"
    >
      <p className="text-lg font-semibold">Valid</p>
      <p className="text-sm">{result.message}</p>
      <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm text-ink">
        <Detail term="Achievement" value={achievement} />
        <Detail term="Description" value={description} />
        <Detail term="Subject" value={subject} />
        <Detail term="Issuer" value={issuer} />
        <Detail term="Issued" value={formatDate(issuedAt, timeZone)} />
      </dl>
    </div>
  );
}

/** Paste a credential (.jwt) or pick its file, and the portal says whether it signed it and it is unaltered. */
export function CredentialCheckForm({ timeZone }: { timeZone?: string }) {
  const check = useCheckCredential();
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<CredentialCheckRequest>({
    resolver: zodResolver(CredentialCheckRequestSchema),
    defaultValues: { credential: '' },
  });

  const onSubmit = handleSubmit((values) =>
    check.mutate(values, {
      onError: (error) => void applyFieldErrors(error, setError, ['credential']),
    }),
  );

  const pickFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    check.reset();
    try {
      setValue('credential', (await file.text()).trim());
      clearErrors('credential');
    } catch {
      setError('credential', { message: UNREADABLE });
    }
  };

  let failure: string | null = null;
  if (check.isError && !errors.credential)
    failure = isRateLimited(check.error) ? TOO_MANY_CHECKS : CHECK_FAILED;

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <form
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        className="flex min-w-0 flex-col gap-4"
        aria-label="Check a credential"
      >
        <TextAreaField
          label="Credential"
          hint="Paste the whole text of the .jwt file."
          rows={6}
          spellCheck={false}
          autoComplete="off"
          className="font-mono"
          error={errors.credential?.message}
          {...register('credential')}
        />
        <TextField
          label="Or choose the .jwt file"
          type="file"
          accept=".jwt,application/jwt,text/plain"
          className="file:mr-3 file:rounded-md file:border-0 file:bg-accent-soft file:px-3 file:py-1 file:text-sm file:font-medium file:text-accent-ink"
          onChange={(event) => void pickFile(event)}
        />
        <div>
          <Button type="submit" loading={check.isPending} loadingText="Checking...">
            Check
          </Button>
        </div>
      </form>
      {failure && <Alert tone="error">{failure}</Alert>}
      {check.isSuccess && <CheckResult result={check.data} timeZone={timeZone} />}
    </div>
  );
}
