import { Navigate, useLocation } from 'react-router';
import { landingRouteFor } from '@cosa/contracts';
import { paths } from '../lib/paths';
import { useSession } from '../lib/session';
import { LoadingScreen } from './loading-screen';
import { SessionError } from './session-error';

/**
 * '/': a signed-in user goes to the landing page of their role (the guard sends others to sign in),
 * keeping the query: the installed app's start and its shortcuts ('/?search') come this way.
 */
export function RootRedirect() {
  const { data: user } = useSession();
  const { search } = useLocation();
  if (!user) return <Navigate to={paths.login} replace />;
  return <Navigate to={{ pathname: landingRouteFor(user), search }} replace />;
}

/** Any other path: '/' when signed in, otherwise the sign-in page. */
export function UnknownPathRedirect() {
  const session = useSession();
  if (session.isPending) return <LoadingScreen />;
  if (session.isError) return <SessionError />;
  return <Navigate to={session.data ? paths.root : paths.login} replace />;
}
