import type { ReactNode } from 'react';
import { Toaster } from '../components/ui/toaster';
import { ShellContext, type Shell } from '../lib/shell';

/** What every page shares: the session and settings the shell keeps, and toasts. */
export function AppProviders({ shell, children }: { shell: Shell; children: ReactNode }) {
  return (
    <ShellContext value={shell}>
      {children}
      <Toaster />
    </ShellContext>
  );
}
