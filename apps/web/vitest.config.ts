import { defineProject } from 'vitest/config';

/** Test files that replace or reload modules (vi.mock, vi.resetModules): each needs a module registry of its own. */
export const MODULE_REPLACING_TESTS = [
  'src/lib/toast.test.ts',
  'src/components/ui/toaster-unavailable.test.tsx',
  'src/lib/notifications/live-unread.test.tsx',
];

/** What both web projects share. */
export const WEB_PROJECT = {
  test: {
    environment: 'jsdom' as const,
    setupFiles: ['./test/setup.ts'],
  },
};

export default defineProject({
  ...WEB_PROJECT,
  test: {
    ...WEB_PROJECT.test,
    name: 'web',
    setupFiles: [...WEB_PROJECT.test.setupFiles, './test/setup-shared-modules.ts'],
    include: ['src/**/*.test.tsx', 'src/**/*.test.ts', 'build/**/*.test.ts'],
    exclude: MODULE_REPLACING_TESTS,
    // The files of one worker share its loaded modules and its document (the setup file cleans
    // the document after each test): loading them again for every file took longer than the tests.
    // The files that replace a module run in 'web-isolated' (vitest.isolated.config.ts).
    isolate: false,
  },
});
