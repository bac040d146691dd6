import { lazy, Suspense, useRef, useState, type ComponentType } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { decideAccess, normalizeRole, type SessionUser } from '@cosa/contracts';
import { cn } from '../../lib/cn';
import { lazyPart } from '../../lib/lazy-part';
import { GlobalSearch } from '../../features/search/global-search';
import { useSession } from '../../lib/session';
import { NavList } from './nav-list';
import { bottomBarFor, currentEntry, navigationFor } from './navigation';
import { ShellHeader } from './shell-header';

/** The phone's menu sheet (Radix's dialog): loaded when the browser is idle, or on the first press. */
const NavSheetPart = lazyPart(async () => (await import('./nav-sheet')).NavSheet);

/**
 * The notice of a page offline ("You are offline. This page is as of 18:04."): its own chunk,
 * asked for with the shell but no part of its first load; without it (it could not be fetched) the
 * page goes on.
 */
const OfflineNotice = lazy<ComponentType>(() =>
  import('./offline-notice').then(
    (module) => ({ default: module.OfflineNotice }),
    () => ({ default: () => null }),
  ),
);

const MAIN_CLASSES = 'w-full min-w-0 flex-1 px-4 py-6 focus:outline-none sm:px-6 lg:px-8';

function SignedInShell({ user }: { user: SessionUser }) {
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuOpened, setMenuOpened] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  NavSheetPart.usePreload();
  const sections = navigationFor(user);
  const entries = sections.flatMap((section) => section.entries);
  const current = currentEntry(entries, pathname);
  const bottomBar = bottomBarFor(user, sections);
  return (
    <>
      <ShellHeader
        user={user}
        menuOpen={menuOpen}
        menuButtonRef={menuButton}
        search={<GlobalSearch />}
        onOpenMenu={() => {
          setMenuOpened(true);
          setMenuOpen(true);
        }}
      />
      {/* On a phone the bar is fixed at the bottom, but its place in the order is before the page. */}
      <nav
        aria-label="Quick links"
        data-bottom-bar
        className="fixed inset-x-0 bottom-0 z-30 border-t border-line-soft bg-surface lg:hidden"
      >
        <ul className="mx-auto grid max-w-lg grid-cols-4">
          {bottomBar.map((entry) => {
            const active = entry === current;
            return (
              <li key={entry.to} className="min-w-0">
                <Link
                  to={entry.to}
                  aria-current={active ? 'page' : undefined}
                  className={cn(
                    'flex min-h-14 items-center justify-center px-1 text-center text-xs font-medium break-words',
                    'focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-accent',
                    active
                      ? 'bg-accent-soft font-semibold text-accent-ink'
                      : 'text-ink-muted hover:text-ink',
                  )}
                >
                  {entry.short}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="mx-auto flex w-full max-w-7xl min-w-0 flex-1">
        <nav
          aria-label="Main menu"
          className="sticky top-16 hidden max-h-[calc(100dvh-4rem)] w-60 shrink-0 self-start overflow-y-auto border-r border-line-soft px-3 py-6 lg:block"
        >
          <NavList sections={sections} current={current} />
        </nav>
        <main id="main" tabIndex={-1} className={MAIN_CLASSES}>
          <Suspense fallback={null}>
            <OfflineNotice />
          </Suspense>
          <Outlet />
        </main>
      </div>
      {menuOpened && (
        <NavSheetPart.Part
          open={menuOpen}
          onOpenChange={setMenuOpen}
          sections={sections}
          current={current}
          opener={menuButton}
          onCloseFailure={() => {
            setMenuOpen(false);
            setMenuOpened(false);
          }}
        />
      )}
    </>
  );
}

/**
 * The frame of every page of the signed-in area: the header, the role's navigation (a side
 * column on a wide screen; a sheet and a bottom bar on a phone) and the page. Until the user may
 * open the portal's pages (signed out, e-mail unproven, onboarding unfinished) the page stands
 * alone, and its guard sends the visitor on.
 */
export function AppShell() {
  const { data: user } = useSession();
  if (!user || decideAccess('onboarded', user, normalizeRole) !== 'allow')
    return (
      <main id="main" tabIndex={-1} className={cn(MAIN_CLASSES, 'mx-auto max-w-7xl')}>
        <Outlet />
      </main>
    );
  return <SignedInShell user={user} />;
}
