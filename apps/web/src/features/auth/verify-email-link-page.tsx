import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { AUTH_MESSAGES, checkAccountPasswordForm, type SessionUser } from '@cosa/contracts';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClasses } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api-client';
import { useCheckedForm } from '../../lib/checked-form';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { useVerifyEmail } from './api/verify-email';
import { refusalMessage } from './auth-messages';
import { AuthCard } from './components/auth-card';
import { PasswordWithResetLink } from './components/password-with-reset-link';

const VERIFY_FAILED = 'We could not verify your e-mail address. Check your connection and try again.';

/** A refusal the server explains (invalid, expired, used, too many attempts), as opposed to one worth retrying. */
function isRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/** The server's demand for the account's password, when this browser is not signed in to it. */
function passwordDemand(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 400 || !error.fields?.password) return null;
  return error.message || error.fields.password;
}

/** A refusal of the link itself, after which no password helps. */
function isLinkRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.status === 400 && !error.fields;
}

function Verified({ message }: { message: string }) {
  return (
    <div className="flex flex-col gap-4">
      <Alert tone="success">{message || AUTH_MESSAGES.verificationDone}</Alert>
      <Link to={paths.root} className={buttonClasses({ fullWidth: true })}>
        Continue
      </Link>
    </div>
  );
}

/** Where to go after a refused link: ask for a new one when signed in and still unproven, else sign in or carry on. */
function nextStep(signedIn: SessionUser | null | undefined): { to: string; label: string } {
  if (!signedIn) return { to: paths.login, label: 'Login' };
  if (signedIn.emailVerified) return { to: paths.root, label: 'Continue' };
  return { to: paths.verifyEmail, label: 'Ask for a new link' };
}

function Refused({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const session = useSession();
  const refused = isRefusal(error);
  const next = nextStep(session.data);
  return (
    <div className="flex flex-col gap-4">
      {/* A token the server refuses as a field (too long, say) was never one of its links. */}
      <Alert tone="error">
        {refused
          ? error.fields?.token
            ? AUTH_MESSAGES.verificationInvalid
            : error.message
          : VERIFY_FAILED}
      </Alert>
      {!refused && onRetry && (
        <Button fullWidth onClick={onRetry}>
          Try again
        </Button>
      )}
      <Link
        to={next.to}
        className={buttonClasses({ variant: refused ? 'primary' : 'secondary', fullWidth: true })}
      >
        {next.label}
      </Link>
    </div>
  );
}

/** The link proves the mailbox; the password proves that whoever opened it is the one who registered. */
function PasswordStep({ token, demand }: { token: string; demand: string }) {
  const verification = useVerifyEmail();
  // Unlike the link's own request, the form always carries the password.
  const { field, errors, failure, setFailure, handleSubmit, showFieldErrors } = useCheckedForm({
    initial: { password: '' },
    check: checkAccountPasswordForm,
  });

  const onSubmit = handleSubmit(({ password }) =>
    verification.mutate(
      { token, password },
      {
        onError: (error) => {
          if (isLinkRefusal(error) || showFieldErrors(error, ['password'])) return;
          setFailure(refusalMessage(error, VERIFY_FAILED));
        },
      },
    ),
  );

  if (verification.isSuccess) return <Verified message={verification.data?.message ?? ''} />;
  if (verification.isError && isLinkRefusal(verification.error))
    return <Refused error={verification.error} />;

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Verify e-mail">
      {failure ? <Alert tone="error">{failure}</Alert> : <Alert tone="info">{demand}</Alert>}
      <PasswordWithResetLink error={errors.password} field={field('password')} />
      <Button type="submit" fullWidth loading={verification.isPending} loadingText="Verifying...">
        Verify e-mail
      </Button>
    </form>
  );
}

function VerifyLink({ token }: { token: string }) {
  const verification = useVerifyEmail();
  const { mutate } = verification;
  // A link may be spent by its first use: StrictMode's second effect run must not send it again.
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    mutate({ token });
  }, [mutate, token]);

  if (verification.isSuccess) return <Verified message={verification.data?.message ?? ''} />;
  if (verification.isError) {
    const demand = passwordDemand(verification.error);
    if (demand) return <PasswordStep token={token} demand={demand} />;
    return <Refused error={verification.error} onRetry={() => mutate({ token })} />;
  }
  return <Spinner label="Verifying your e-mail..." visibleLabel />;
}

/** /verify-email/:token: the link of the verification e-mail; works signed in or not, on any device. */
export function VerifyEmailLinkPage() {
  const { token = '' } = useParams();
  return (
    <AuthCard title="E-mail verification">
      <VerifyLink key={token} token={token} />
    </AuthCard>
  );
}
