import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // One worker more than the cores: the API tests wait on the database, spawned servers and
    // timers as much as they compute, and the extra worker fills those waits (decision 0012).
    maxWorkers: os.availableParallelism() + 1,
    projects: [
      'packages/contracts',
      'apps/server',
      // the files that replace a module, each with a module registry of its own
      'apps/server/vitest.isolated.config.ts',
      'apps/web',
      'apps/web/vitest.isolated.config.ts',
      // checks of the repository's own tooling (lint rules), run in Node
      {
        test: {
          name: 'tools',
          include: ['eslint-rules/**/*.test.js'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
    ],
  },
});
