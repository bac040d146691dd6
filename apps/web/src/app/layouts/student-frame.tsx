import type { ReactNode } from 'react';
import { Link } from 'react-router';
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
        <nav aria-label="Back" className="mb-4">
          <Link to={landingRouteFor(user)} className="text-sm font-medium text-accent-ink underline underline-offset-2 hover:text-accent-strong">
            ← Back to your dashboard
          </Link>
        </nav>
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
