import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { createShell } from '../lib/shell';
import { AppRoutes } from './app-routes';
import { AppProviders } from './providers';

export function App() {
  const [shell] = useState(() => createShell());
  return (
    <AppProviders shell={shell}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
