import { Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { AppLayout } from './layouts/app-layout';
import { LoadingScreen } from './loading-screen';
import { PageErrorBoundary } from './page-error-boundary';
import { RequireAccess } from './route-guard';
import { RootRedirect, UnknownPathRedirect } from './root-pages';
import { pageRoutes as defaultRoutes, type PageRoute } from './routes';

/** The router's table: every listed page behind its guard, plus '/' and the fallback for unknown paths. */
export function AppRoutes({ routes = defaultRoutes }: { routes?: readonly PageRoute[] }) {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        {routes.map(({ path, Component }) => (
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
        ))}
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
    </Routes>
  );
}
