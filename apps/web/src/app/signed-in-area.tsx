import type { ComponentType, ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useShell } from '../lib/shell';
import { AdminFrame } from './layouts/admin-frame';
import { StudentFrame } from './layouts/student-frame';
import { createQueryClient } from './query-client';

/** 'student': beside the student's side menu (the record pages); 'admin': beside the administrator's. */
export type Frame = 'student' | 'admin';

/**
 * What every page but the sign-in pages shares, loaded with the page's own code rather than by
 * the shell: the query client the pages read through (one for the app, kept in the shell so that
 * its data outlives a page) and the side-menu frames.
 */
function SignedInArea({ frame, children }: { frame?: Frame; children: ReactNode }) {
  const shell = useShell();
  const client = shell.queryClient.get(() => createQueryClient(shell.session));
  return (
    <QueryClientProvider client={client}>
      {frame === 'student' ? (
        <StudentFrame>{children}</StudentFrame>
      ) : frame === 'admin' ? (
        <AdminFrame>{children}</AdminFrame>
      ) : (
        children
      )}
    </QueryClientProvider>
  );
}

/** The page inside the signed-in pages' common parts, in the frame named. */
export function inSignedInArea(Page: ComponentType, frame?: Frame): ComponentType {
  return function PageInArea() {
    return (
      <SignedInArea frame={frame}>
        <Page />
      </SignedInArea>
    );
  };
}
