import type { ComponentType, ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { setInstituteTimeZone } from '../lib/format';
import { usePublicConfig } from '../lib/public-config';
import { useShell } from '../lib/shell';
import { AppShell } from './layouts/app-shell';
import { createQueryClient } from './query-client';

/**
 * The query client the signed-in pages read through: one for the app, kept in the shell so that
 * its data outlives a page.
 */
function SignedInArea({ children }: { children: ReactNode }) {
  const shell = useShell();
  const client = shell.queryClient.get(() => createQueryClient(shell.session));
  // Every date the pages write is on the institute's clock: the formatters take it from here (the
  // sign-in pages write none, and stay without the formatters' code).
  const timeZone = usePublicConfig().data?.timeZone;
  if (timeZone) setInstituteTimeZone(timeZone);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/**
 * The frame of the signed-in area's pages (header, navigation, bell), loaded with the pages'
 * common parts rather than by the sign-in pages.
 * @public (read from the dynamically imported module)
 */
export function SignedInLayout() {
  return (
    <SignedInArea>
      <AppShell />
    </SignedInArea>
  );
}

/** The page inside the signed-in pages' common parts. */
export function inSignedInArea(Page: ComponentType): ComponentType {
  return function PageInArea() {
    return (
      <SignedInArea>
        <Page />
      </SignedInArea>
    );
  };
}
