import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { decideAccess, normalizeRole, PAGE_ACCESS } from '@cosa/contracts';
import { cn } from '../../lib/cn';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session';
import type { ThemeName } from '../../lib/theme';
import { Avatar } from './avatar';
import { buttonClasses } from './button';
import { NotificationBell } from './notification-bell';

type DashboardHeaderProps = {
  /** The page's h1, e.g. 'President Dashboard' or 'Welcome, Asha'. */
  title: ReactNode;
  /** A line under the title. */
  subtitle?: ReactNode;
  /** Shown beside the title, e.g. a Badge. */
  badge?: ReactNode;
  /** The signed-in user's name, shown as initials. */
  userName: string;
  /** The role's token set; the page's own theme when left out. */
  theme?: ThemeName;
  /** Extra controls before the bell and the initials, e.g. a search box and a settings button. */
  controls?: ReactNode;
  className?: string;
};

function MegaphoneIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      className="size-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
    >
      <path d="M3.5 8v4h3l6 3.5v-11l-6 3.5h-3Z" strokeLinejoin="round" />
      <path d="M6.5 12l1 4h2l-1-3.4M15.5 8a3 3 0 0 1 0 4" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function LogoutIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      className="size-4"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
    >
      <path d="M8 4H5a1 1 0 0 0-1 1v10a1 1 0 0 0 1 1h3" strokeLinecap="round" />
      <path d="M12 6l4 4-4 4M16 10H8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * The header of every landing page: title, optional controls, the way to announcements for those
 * who post them, the notification bell, the user's initials and the sign-out control.
 */
export function DashboardHeader({
  title,
  subtitle,
  badge,
  userName,
  theme,
  controls,
  className,
}: DashboardHeaderProps) {
  const { data: user } = useSession();
  const allowed = (access: Parameters<typeof decideAccess>[0]) =>
    !!user && decideAccess(access, user, normalizeRole) === 'allow';
  const notified = allowed('onboarded');
  const announces = allowed(PAGE_ACCESS['/announcements']);
  return (
    <header
      data-theme={theme}
      className={cn(
        'mb-6 flex min-w-0 flex-col gap-4 rounded-card border border-t-4 border-line-soft border-t-accent bg-surface p-4 shadow-card sm:p-6',
        // With extra controls the title needs the room of a wide screen before the two sit side by side.
        controls
          ? 'lg:flex-row lg:items-center lg:justify-between'
          : 'sm:flex-row sm:items-center sm:justify-between',
        className,
      )}
    >
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <h1 className="text-2xl font-bold tracking-tight break-words text-ink sm:text-3xl">{title}</h1>
          {badge}
        </div>
        {subtitle && <p className="mt-1 text-sm break-words text-ink-muted sm:text-base">{subtitle}</p>}
      </div>
      <div
        className={cn(
          'flex min-w-0 flex-wrap items-center',
          controls ? 'gap-2 sm:gap-3' : 'shrink-0 gap-3',
        )}
      >
        {controls}
        {announces && (
          <Link
            to={paths.announcements}
            aria-label="Announcements"
            title="Announcements"
            className={buttonClasses({ variant: 'secondary', size: 'icon' })}
          >
            <MegaphoneIcon />
          </Link>
        )}
        {notified && user && <NotificationBell userId={user.id} />}
        <Avatar name={userName} />
        <Link to={paths.logout} className={buttonClasses({ variant: 'secondary' })}>
          <LogoutIcon />
          Logout
        </Link>
      </div>
    </header>
  );
}
