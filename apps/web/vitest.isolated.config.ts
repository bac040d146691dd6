import { defineProject } from 'vitest/config';
import { MODULE_REPLACING_TESTS, WEB_PROJECT } from './vitest.config.ts';

/** The web app's test files that replace or reload modules, each with a module registry of its own. */
export default defineProject({
  ...WEB_PROJECT,
  test: { ...WEB_PROJECT.test, name: 'web-isolated', include: MODULE_REPLACING_TESTS, isolate: true },
});
