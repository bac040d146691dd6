import type { ReactNode } from 'react';
import { BackLink } from '../../components/ui/back-link';
import { landingRouteFor, normalizeRole } from '@cosa/contracts';
import { useSession } from '../../lib/session';
import { StudentMenu } from './student-menu';

/**
 * The frame of the student's record pages: the side menu of the home dashboard beside the page,
 * so every page leads on without the browser's back button. Officials, whose menu is their
 * dashboard, get a link back to it instead.
 */
export function StudentFrame({ children }: { children: ReactNode }) {
  const { data: user } = useSession();
  if (user && normalizeRole(user.role) !== 'STUDENT') {
    return (
      <>
        <BackLink to={landingRouteFor(user)}>Back to your dashboard</BackLink>
        {children}
      </>
    );
  }
  return (
    <div className="grid min-w-0 gap-6 lg:grid-cols-[14rem_minmax(0,1fr)]">
      <StudentMenu className="lg:self-start" />
      <div className="min-w-0">{children}</div>
    </div>
  );
}
