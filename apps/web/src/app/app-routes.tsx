import { Suspense, type ReactNode } from 'react';
import { Outlet, Route, Routes } from 'react-router';
import { PAGE_ACCESS } from '@cosa/contracts';
import { AppLayout } from './layouts/app-layout';
import { LoadingScreen } from './loading-screen';
import { PageErrorBoundary } from './page-error-boundary';
import { RequireAccess } from './route-guard';
import { RootRedirect, UnknownPathRedirect } from './root-pages';
import { pageRoutes as defaultRoutes, ShellLayout, type PageRoute } from './routes';

/**
 * The pages of the signed-in area, shown in the shell (header, navigation): those only an
 * onboarded user may open. Sign-in pages, onboarding and the public pages stand alone.
 */
const inShell = ({ path }: PageRoute) => {
  const access = PAGE_ACCESS[path];
  return access === 'onboarded' || Array.isArray(access);
};

/** The frame of a page outside the shell. */
function PlainMain({ children }: { children: ReactNode }) {
  return (
    <main
      id="main"
      tabIndex={-1}
      className="mx-auto w-full max-w-7xl min-w-0 flex-1 px-4 py-6 focus:outline-none sm:px-6 lg:px-8"
    >
      {children}
    </main>
  );
}

function pageRoute({ path, Component }: PageRoute) {
  return (
    <Route
      key={path}
      path={path}
      element={
        <RequireAccess path={path}>
          <PageErrorBoundary key={path}>
            <Suspense fallback={<LoadingScreen />}>
              <Component />
            </Suspense>
          </PageErrorBoundary>
        </RequireAccess>
      }
    />
  );
}

/** The router's table: every listed page behind its guard, plus '/' and the fallback for unknown paths. */
export function AppRoutes({ routes = defaultRoutes }: { routes?: readonly PageRoute[] }) {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route
          element={
            <PageErrorBoundary>
              <Suspense
                fallback={
                  <PlainMain>
                    <LoadingScreen />
                  </PlainMain>
                }
              >
                <ShellLayout />
              </Suspense>
            </PageErrorBoundary>
          }
        >
          {routes.filter(inShell).map(pageRoute)}
        </Route>
        <Route
          element={
            <PlainMain>
              <Outlet />
            </PlainMain>
          }
        >
          {routes.filter((route) => !inShell(route)).map(pageRoute)}
          <Route
            path="/"
            element={
              <RequireAccess path="/">
                <RootRedirect />
              </RequireAccess>
            }
          />
          <Route path="*" element={<UnknownPathRedirect />} />
        </Route>
      </Route>
    </Routes>
  );
}
