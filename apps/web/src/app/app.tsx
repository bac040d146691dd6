import { useEffect, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { shareAccountAcrossTabs } from '../lib/account-across-tabs';
import { createShell } from '../lib/shell';
import { AppRoutes } from './app-routes';
import { PageTrail } from './page-trail';
import { AppProviders } from './providers';

export function App() {
  const [shell] = useState(() => createShell());
  useEffect(() => shareAccountAcrossTabs(shell.session), [shell]);
  return (
    <AppProviders shell={shell}>
      <BrowserRouter>
        <PageTrail />
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
