import { defineProject } from 'vitest/config';
import { PREACT_ALIASES } from './build/preact-aliases.ts';

// The libraries' ES module builds, as the browser gets them: their CommonJS builds would require
// React itself, past the aliases.
const BROWSER_RESOLVE = { conditions: ['module', 'browser', 'development|production'], mainFields: ['module', 'browser', 'main'] };

export default defineProject({
  resolve: { alias: PREACT_ALIASES, ...BROWSER_RESOLVE },
  ssr: { resolve: BROWSER_RESOLVE },
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./test/setup.ts'],
    include: ['src/**/*.test.tsx', 'src/**/*.test.ts', 'build/**/*.test.ts'],
    // Every dependency goes through the aliases too, so that the tests run what the browser runs.
    server: { deps: { inline: true } },
  },
});
