import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { decideAccess, normalizeRole, PAGE_ACCESS, type PagePath } from '@cosa/contracts';
import { paths } from '../lib/paths';
import { useSession } from '../lib/session';
import { LoadingScreen } from './loading-screen';
import { SessionError } from './session-error';

type RequireAccessProps = {
  /** The page's key in PAGE_ACCESS; its declaration decides who may see it. */
  path: PagePath;
  children: ReactNode;
};

/** Renders the page only for visitors its PAGE_ACCESS declaration allows, and redirects everyone else. */
export function RequireAccess({ path, children }: RequireAccessProps) {
  const access = PAGE_ACCESS[path];
  const session = useSession();

  if (access === 'public') return children;
  if (session.isPending) return <LoadingScreen />;
  if (session.isError) return <SessionError />;

  switch (decideAccess(access, session.data ?? null, normalizeRole)) {
    case 'allow':
      return children;
    case 'signIn':
      // After sign-in the user goes to their role's landing page (spec section 6), not back here.
      return <Navigate to={paths.login} replace />;
    case 'verify':
      return <Navigate to={paths.verifyEmail} replace />;
    case 'onboard':
      return <Navigate to={paths.onboarding} replace />;
    case 'forbidden':
      return <Navigate to={paths.unauthorised} replace />;
    case 'signedInAlready':
      return <Navigate to={paths.root} replace />;
  }
}
