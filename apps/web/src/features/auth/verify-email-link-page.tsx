import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { AUTH_MESSAGES, type SessionUser, type VerifyEmailResponse } from '@cosa/contracts';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClasses } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { useVerifyEmail } from './api/verify-email';
import { AuthCard } from './components/auth-card';

const VERIFY_FAILED = 'We could not verify your e-mail address. Check your connection and try again.';

const actionClasses = buttonClasses({ fullWidth: true });

/** A refusal the server explains (invalid, expired, used, too many attempts), as opposed to one worth retrying. */
function isRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

function Verified({ answer, signedIn }: { answer: VerifyEmailResponse; signedIn: SessionUser | null | undefined }) {
  const message = answer.message || AUTH_MESSAGES.verificationDone;
  if (answer.user) {
    return (
      <div className="flex flex-col gap-4">
        <Alert tone="success">{message}</Alert>
        <Link to={paths.root} className={actionClasses}>
          Continue
        </Link>
      </div>
    );
  }
  // Verified an account other than the one this browser is signed in to (or none).
  return (
    <div className="flex flex-col gap-4">
      <Alert tone="success">{message}</Alert>
      {signedIn ? (
        <>
          <p className="text-sm text-ink-muted">
            This browser is signed in as <span className="break-all">{signedIn.email}</span>. Sign out, then sign in with the address you just verified.
          </p>
          <Link to={paths.logout} className={actionClasses}>
            Sign out
          </Link>
        </>
      ) : (
        <>
          <p className="text-sm text-ink-muted">You can now sign in with your e-mail address and password.</p>
          <Link to={paths.login} className={actionClasses}>
            Login
          </Link>
        </>
      )}
    </div>
  );
}

/** Where to go after a refused link: ask for a new one when signed in and still unproven, else sign in or carry on. */
function nextStep(signedIn: SessionUser | null | undefined): { to: string; label: string } {
  if (!signedIn) return { to: paths.login, label: 'Login' };
  if (signedIn.emailVerified) return { to: paths.root, label: 'Continue' };
  return { to: paths.verifyEmail, label: 'Ask for a new link' };
}

function Refused({ error, signedIn, onRetry }: { error: unknown; signedIn: SessionUser | null | undefined; onRetry: () => void }) {
  const refused = isRefusal(error);
  const next = nextStep(signedIn);
  return (
    <div className="flex flex-col gap-4">
      <Alert tone="error">{refused ? error.message : VERIFY_FAILED}</Alert>
      {!refused && (
        <Button fullWidth onClick={onRetry}>
          Try again
        </Button>
      )}
      <Link to={next.to} className={buttonClasses({ variant: refused ? 'primary' : 'secondary', fullWidth: true })}>
        {next.label}
      </Link>
    </div>
  );
}

function VerifyLink({ token }: { token: string }) {
  const session = useSession();
  const verification = useVerifyEmail();
  const { mutate } = verification;
  // A link is spent by its first use: StrictMode's second effect run must not send it again.
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    mutate({ token });
  }, [mutate, token]);

  if (verification.isSuccess) return <Verified answer={verification.data} signedIn={session.data} />;
  if (verification.isError) return <Refused error={verification.error} signedIn={session.data} onRetry={() => mutate({ token })} />;
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
