import { useEffect, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { shareAccountAcrossTabs } from '../lib/account-across-tabs';
import { createShell } from '../lib/shell';
import { whenIdle } from '../lib/when-idle';
import { AppRoutes } from './app-routes';
import { PageTrail } from './page-trail';
import { AppProviders } from './providers';

export function App() {
  const [shell] = useState(() => createShell());
  useEffect(() => shareAccountAcrossTabs(shell.session), [shell]);
  // The service worker (offline use, updates, pushes) is no part of a page's first load: it is
  // fetched and registered once the browser is idle after the page has shown.
  useEffect(
    () =>
      whenIdle(() => {
        import('../lib/offline/service-worker').then(
          (worker) => worker.startServiceWorker(shell),
          () => undefined,
        );
      }),
    [shell],
  );
  return (
    <AppProviders shell={shell}>
      <BrowserRouter>
        <PageTrail />
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
