import { defineProject } from 'vitest/config';
import { MODULE_REPLACING_TESTS, SERVER_TEST } from './vitest.config.ts';

/** The server's test files that replace one of its modules, each with a module registry of its own. */
export default defineProject({
  test: { ...SERVER_TEST, name: 'server-isolated', include: MODULE_REPLACING_TESTS, isolate: true },
});
