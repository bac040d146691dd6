import { defineProject } from 'vitest/config';

/** Test files that replace one of the app's modules (vi.mock): each needs a module registry of its own. */
export const MODULE_REPLACING_TESTS = ['src/modules/*/*-export.test.ts'];

/** What both server projects share. */
export const SERVER_TEST = {
  // *.pg.test.ts need a PostgreSQL server shared by several processes; they run in the DATABASE_URL
  // pass. *.embedded.test.ts start the server on the embedded database whatever DATABASE_URL says,
  // or (the endpoints' fuzz) test what does not depend on the database, at length, so once is
  // enough: the pass that only repeats the database's tests on PostgreSQL (TEST_DATABASE_ONLY=1)
  // leaves them out.
  exclude: [
    ...(process.env.DATABASE_URL ? [] : ['**/*.pg.test.ts']),
    ...(process.env.TEST_DATABASE_ONLY === '1' ? ['**/*.embedded.test.ts'] : []),
  ],
  globalSetup: ['./test/global-setup.ts'],
  // Each file opens its own database; two cores run two files at a time.
  pool: 'forks' as const,
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

/**
 * TEST_EMBEDDED_ONLY=1: only the tests of the embedded database itself (*.embedded.test.ts), for a
 * run whose other server tests go to the PostgreSQL server (CI's TEST_POSTGRES=all, decision 0032).
 */
export const EMBEDDED_ONLY = process.env.TEST_EMBEDDED_ONLY === '1';

export default defineProject({
  test: {
    ...SERVER_TEST,
    name: 'server',
    include: EMBEDDED_ONLY
      ? ['src/**/*.embedded.test.ts', 'test/**/*.embedded.test.ts']
      : ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: [...SERVER_TEST.exclude, ...MODULE_REPLACING_TESTS],
    // The files of one worker share its loaded modules (each still builds its own app on its own
    // database): loading the app's module graph again for every file took longer than the tests.
    // The files that replace a module run in 'server-isolated' (vitest.isolated.config.ts).
    isolate: false,
  },
});
