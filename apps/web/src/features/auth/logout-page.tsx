import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { TEXTS } from '@cosa/contracts';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../lib/paths';
import { setSessionUser } from '../../lib/session';
import { useLogout } from './api/logout';

/** /logout: ends the session, forgets everything loaded for the user and goes to /login, even when the call fails. */
export function LogoutPage() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const { mutateAsync } = useLogout();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void mutateAsync()
      .catch(() => undefined)
      .finally(() => {
        client.clear();
        setSessionUser(client, null);
        void navigate(paths.login, { replace: true });
      });
  }, [client, mutateAsync, navigate]);

  return (
    <div className="flex min-h-[40vh] items-center justify-center">
      <Spinner label={TEXTS.loggingOut} visibleLabel size="lg" />
    </div>
  );
}
