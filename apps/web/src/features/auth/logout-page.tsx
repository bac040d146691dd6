import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { TEXTS } from '@cosa/contracts';
import { Spinner } from '../../components/ui/spinner';
import { textLinkClasses } from '../../components/ui/text-link';
import { ApiError, NETWORK_ERROR_CODE } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { useSessionStore } from '../../lib/session';
import { logout } from './api/logout';

/**
 * /logout: ends the session and goes to /login, even when the server refuses; what was loaded for
 * the user is forgotten with the session (app/query-client.ts). Without a connection the server
 * never heard of it and the session goes on: the page says so and signs nobody out (decision 0043).
 */
export function LogoutPage() {
  const session = useSessionStore();
  const navigate = useNavigate();
  const started = useRef(false);
  const [unreachable, setUnreachable] = useState(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void logout().then(
      () => {
        session.set(null);
        void navigate(paths.login, { replace: true });
      },
      (error: unknown) => {
        if (error instanceof ApiError && error.code === NETWORK_ERROR_CODE) return setUnreachable(true);
        session.set(null);
        void navigate(paths.login, { replace: true });
      },
    );
  }, [session, navigate]);

  if (unreachable)
    return (
      <div role="alert" className="mx-auto max-w-md space-y-3 p-6 text-center">
        <p>You are offline: signing out needs a connection. You are still signed in on this device.</p>
        <Link to={paths.root} className={textLinkClasses}>
          Back to the portal
        </Link>
      </div>
    );

  return (
    <div className="flex min-h-[40vh] items-center justify-center">
      <Spinner label={TEXTS.loggingOut} visibleLabel size="lg" />
    </div>
  );
}
