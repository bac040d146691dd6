import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app-routes';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';

export function App() {
  const [client] = useState(createQueryClient);
  return (
    <AppProviders client={client}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
