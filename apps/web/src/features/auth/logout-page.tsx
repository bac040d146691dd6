import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { TEXTS } from '@cosa/contracts';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../lib/paths';
import { useSessionStore } from '../../lib/session';
import { logout } from './api/logout';

/**
 * /logout: ends the session and goes to /login, even when the call fails; what was loaded for the
 * user is forgotten with the session (app/query-client.ts).
 */
export function LogoutPage() {
  const session = useSessionStore();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void logout()
      .catch(() => undefined)
      .finally(() => {
        session.set(null);
        void navigate(paths.login, { replace: true });
      });
  }, [session, navigate]);

  return (
    <div className="flex min-h-[40vh] items-center justify-center">
      <Spinner label={TEXTS.loggingOut} visibleLabel size="lg" />
    </div>
  );
}
