import { useEffect, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { AUTH_MESSAGES } from '@cosa/contracts';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClasses } from '../../components/ui/button';
import { ApiError } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { useSession, useSessionStore } from '../../lib/session';
import { useResendVerification } from './api/resend-verification';
import { refusalMessage } from './auth-messages';
import { AuthCard } from './components/auth-card';

type Outcome = { tone: 'success' | 'error'; message: string } | null;

const RESEND_FAILED = 'We could not send a new link. Please try again.';

/** /verify-email: a signed-in user whose address is not proven yet waits for the link here, and may ask for another. */
export function VerifyEmailPage() {
  const { data: user } = useSession();
  const session = useSessionStore();
  // The link is often opened in another tab or on a phone: opening or returning to this page checks again.
  useEffect(() => {
    void session.refresh();
    const onReturn = () => {
      if (document.visibilityState === 'visible') void session.refresh();
    };
    document.addEventListener('visibilitychange', onReturn);
    return () => document.removeEventListener('visibilitychange', onReturn);
  }, [session]);
  const resend = useResendVerification();
  const [outcome, setOutcome] = useState<Outcome>(null);

  if (!user) return null;
  if (user.emailVerified) return <Navigate to={paths.root} replace />;

  const onResend = () => {
    setOutcome(null);
    resend.mutate(undefined, {
      onSuccess: ({ message }) =>
        setOutcome({ tone: 'success', message: message || AUTH_MESSAGES.verificationSent }),
      onError: (error) => {
        setOutcome({ tone: 'error', message: refusalMessage(error, RESEND_FAILED) });
        // Verified elsewhere since this page loaded: the fresh session sends the user on.
        if (error instanceof ApiError && error.status === 409) void session.refresh();
      },
    });
  };

  return (
    <AuthCard title={AUTH_MESSAGES.verifyHeading}>
      <div className="flex flex-col gap-4">
        <p className="text-sm text-ink">
          We sent a verification link to{' '}
          <strong className="font-semibold break-all">{user.email}</strong>. Open it to start using the
          portal.
        </p>
        <p className="text-sm text-ink-muted">
          The link is valid for 24 hours. If the e-mail has not arrived, check your spam folder, or ask
          for a new link.
        </p>
        {outcome && <Alert tone={outcome.tone}>{outcome.message}</Alert>}
        <Button fullWidth loading={resend.isPending} loadingText="Sending..." onClick={onResend}>
          Resend link
        </Button>
        <Link to={paths.logout} className={buttonClasses({ variant: 'secondary', fullWidth: true })}>
          Sign out
        </Link>
      </div>
    </AuthCard>
  );
}
