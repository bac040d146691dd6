import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'packages/contracts',
      'apps/server',
      // the files that replace a module, each with a module registry of its own
      'apps/server/vitest.isolated.config.ts',
      'apps/web',
      'apps/web/vitest.isolated.config.ts',
      // checks of the repository's own tooling (lint rules), run in Node
      { test: { name: 'tools', include: ['eslint-rules/**/*.test.js'], environment: 'node', testTimeout: 30_000 } },
    ],
  },
});
