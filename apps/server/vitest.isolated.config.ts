import { defineProject } from 'vitest/config';
import { EMBEDDED_ONLY, MODULE_REPLACING_TESTS, SERVER_TEST } from './vitest.config.ts';

/** The server's test files that replace one of its modules, each with a module registry of its own. */
export default defineProject({
  test: {
    ...SERVER_TEST,
    name: 'server-isolated',
    // None of them tests the embedded database itself (vitest.config.ts, EMBEDDED_ONLY).
    include: EMBEDDED_ONLY ? [] : MODULE_REPLACING_TESTS,
    passWithNoTests: true,
    isolate: true,
  },
});
