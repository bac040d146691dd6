import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // *.pg.test.ts need a PostgreSQL server shared by several processes; they run in the DATABASE_URL pass.
    exclude: process.env.DATABASE_URL ? [] : ['**/*.pg.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    // Each file opens its own database; two cores run two files at a time.
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
