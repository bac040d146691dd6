import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { AUTH_MESSAGES, RESET_REDIRECT_MS, checkNewPasswordForm } from '@cosa/contracts';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { TextField } from '../../components/ui/text-field';
import { TextLink } from '../../components/ui/text-link';
import { ApiError } from '../../lib/api-client';
import { useCheckedForm } from '../../lib/checked-form';
import { paths } from '../../lib/paths';
import { useResetTokenCheck } from './api/check-reset-token';
import { useResetPassword } from './api/reset-password';
import { refusalMessage } from './auth-messages';
import { AuthCard } from './components/auth-card';

/** The server explains a refused link (invalid, expired, used); anything else is a failed check. */
function tokenCheckMessage(error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500)
    return error.message || AUTH_MESSAGES.tokenCheckDefault;
  return AUTH_MESSAGES.tokenCheckFailed;
}

function NewPasswordForm({
  id,
  token,
  checkMessage,
}: {
  id: string;
  token: string;
  checkMessage: string;
}) {
  const navigate = useNavigate();
  const reset = useResetPassword();
  const { field, errors, failure, setFailure, handleSubmit, showFieldErrors } = useCheckedForm({
    initial: { password: '' },
    check: checkNewPasswordForm,
  });

  const done = reset.isSuccess;
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => void navigate(paths.login, { replace: true }), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const onSubmit = handleSubmit((values) =>
    reset.mutate(
      { id, token, body: values },
      {
        onError: (error) => {
          if (showFieldErrors(error, ['password'])) return;
          setFailure(refusalMessage(error, AUTH_MESSAGES.resetError));
        },
      },
    ),
  );

  if (done) return <Alert tone="success">{reset.data?.message || AUTH_MESSAGES.resetDone}</Alert>;

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Reset Password">
      {failure ? <Alert tone="error">{failure}</Alert> : <Alert tone="info">{checkMessage}</Alert>}
      <TextField
        label="New Password"
        type="password"
        autoComplete="new-password"
        required
        error={errors.password}
        {...field('password')}
      />
      <Button type="submit" fullWidth loading={reset.isPending} loadingText="Resetting...">
        Reset Password
      </Button>
    </form>
  );
}

/** /reset-password/:id/:token: checks the e-mailed link, then takes the new password. */
export function ResetPasswordPage() {
  const { id = '', token = '' } = useParams();
  const check = useResetTokenCheck(id, token);

  return (
    <AuthCard
      title="Reset Password"
      footer={
        <p>
          <TextLink to={paths.login}>Back to Login</TextLink>
        </p>
      }
    >
      {check.status === 'pending' ? (
        <Spinner label="Verifying token..." visibleLabel />
      ) : check.status === 'error' ? (
        <div className="flex flex-col gap-4">
          <Alert tone="error">{tokenCheckMessage(check.error)}</Alert>
          <p className="text-sm text-ink-muted">
            <TextLink to={paths.forgotPassword}>Request a new reset link</TextLink>
          </p>
        </div>
      ) : (
        <NewPasswordForm
          id={id}
          token={token}
          checkMessage={check.data.message || AUTH_MESSAGES.tokenCheckDefault}
        />
      )}
    </AuthCard>
  );
}
