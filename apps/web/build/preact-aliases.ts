import type { Alias } from 'vite';

/**
 * The web app is written against React's API and runs on Preact's implementation of it
 * (preact/compat, decision 0010): every import of React, by the app or by a library, resolves to
 * Preact. React's own packages are installed only for their types and the libraries' peer ranges.
 */
export const PREACT_ALIASES: Alias[] = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
];
