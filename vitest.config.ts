import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'packages/contracts',
      'apps/server',
      'apps/web',
      // checks of the repository's own tooling (lint rules), run in Node
      { test: { name: 'tools', include: ['eslint-rules/**/*.test.js'], environment: 'node', testTimeout: 30_000 } },
    ],
  },
});
