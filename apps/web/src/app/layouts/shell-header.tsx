import type { ReactNode, RefObject } from 'react';
import { Link } from 'react-router';
import { landingRouteFor, type SessionUser } from '@cosa/contracts';
import { buttonClasses } from '../../components/ui/button';
import { InstituteLogo } from '../../components/ui/institute-logo';
import { NotificationBell } from '../../components/ui/notification-bell';
import { usePublicConfig } from '../../lib/public-config';
import { UserMenu } from './user-menu';

type ShellHeaderProps = {
  user: SessionUser;
  /** Opens the navigation sheet (phones only; the side navigation shows on a wide screen). */
  menuOpen: boolean;
  onOpenMenu: () => void;
  menuButtonRef: RefObject<HTMLButtonElement | null>;
  /** The global search: a box of 16 to 20rem on a wide screen, an icon-size button on a phone. */
  search?: ReactNode;
};

function MenuIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      className="size-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="M3.5 5.5h13M3.5 10h13M3.5 14.5h13" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The header of every signed-in page: the way to the whole menu on a phone, the portal's name
 * leading to the user's landing page, the search, the notification bell and the user's menu.
 */
export function ShellHeader({ user, menuOpen, onOpenMenu, menuButtonRef, search }: ShellHeaderProps) {
  const { data: config } = usePublicConfig();
  return (
    <header className="sticky top-0 z-30 border-b border-line-soft bg-surface">
      <div className="mx-auto flex h-16 w-full max-w-7xl min-w-0 items-center gap-2 px-3 sm:gap-3 sm:px-6 lg:px-8">
        <button
          ref={menuButtonRef}
          type="button"
          aria-label="Menu"
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          onClick={onOpenMenu}
          className={buttonClasses({ variant: 'ghost', size: 'icon', className: 'lg:hidden' })}
        >
          <MenuIcon />
        </button>
        <Link
          to={landingRouteFor(user)}
          aria-label="Your dashboard"
          className="min-w-0 shrink rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
        >
          {config ? (
            <InstituteLogo
              instituteName={config.instituteName}
              shortName={config.instituteShortName}
              logoUrl={config.logoUrl}
              size="sm"
              decorative
            />
          ) : (
            <span className="font-semibold text-ink">COSA Portal</span>
          )}
        </Link>
        <div className="ml-auto flex shrink-0 items-center gap-1 sm:gap-2">
          {search && <div className="flex items-center lg:w-80">{search}</div>}
          <NotificationBell userId={user.id} />
          <UserMenu user={user} />
        </div>
      </div>
    </header>
  );
}
