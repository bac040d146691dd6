import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { themeForRole } from '../../lib/theme';
import { useSession } from '../../lib/session';
import { SiteFooter } from './site-footer';

/** The frame of every page: a skip link, the page itself, and the footer; themed by the user's role. */
export function AppLayout() {
  const { data: user } = useSession();
  const theme = themeForRole(user?.role);
  // Dialogs and toasts render at the end of <body>, outside this frame: the document carries the theme too.
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
  return (
    <div data-theme={theme} className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-surface focus:px-4 focus:py-2 focus:text-accent-ink focus:shadow-card"
      >
        Skip to main content
      </a>
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto w-full max-w-7xl min-w-0 flex-1 px-4 py-6 focus:outline-none sm:px-6 lg:px-8"
      >
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
