import { Link } from 'react-router';
import { AUTH_MESSAGES } from '@cosa/contracts';
import { Alert } from '../../components/ui/alert';
import { buttonClasses } from '../../components/ui/button';
import { paths } from '../../lib/paths';
import { AuthCard } from './components/auth-card';

/** /google-unavailable: where Google sign-in ends when this portal has no Google settings. */
export function GoogleUnavailablePage() {
  return (
    <AuthCard title="Google sign-in unavailable">
      <div className="flex flex-col gap-4">
        <Alert tone="info">{AUTH_MESSAGES.googleNotConfigured}</Alert>
        <p className="text-sm text-ink-muted">
          Sign in with your email and password instead, or ask the portal administrator to set up Google
          sign-in.
        </p>
        <Link to={paths.login} className={buttonClasses({ fullWidth: true })}>
          Back to Login
        </Link>
      </div>
    </AuthCard>
  );
}
