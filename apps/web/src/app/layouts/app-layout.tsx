import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { themeForRole } from '../../lib/theme';
import { useSession } from '../../lib/session';
import { SiteFooter } from './site-footer';

/**
 * The frame of every page: a skip link, the page in its own frame (the signed-in area's shell, or
 * a plain main for the pages outside it), and the footer; themed by the user's role.
 */
export function AppLayout() {
  const { data: user } = useSession();
  const theme = themeForRole(user?.role);
  // Dialogs and toasts render at the end of <body>, outside this frame: the document carries the theme too.
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
  return (
    // On a phone the shell's bottom bar is fixed over the page's end: the footer stays above it.
    <div
      data-theme={theme}
      className="flex min-h-dvh flex-col has-[[data-bottom-bar]]:pb-14 lg:has-[[data-bottom-bar]]:pb-0"
    >
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-surface focus:px-4 focus:py-2 focus:text-accent-ink focus:shadow-card"
      >
        Skip to main content
      </a>
      <Outlet />
      <SiteFooter />
    </div>
  );
}
