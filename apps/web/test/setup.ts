import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';

// Pages are lazy chunks: on a busy machine the first render of one outlasts findBy's default one
// second. findBy returns as soon as the element shows, so a longer ceiling only slows a failure.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

// A toast that was closing when its test ended removes itself 200 ms later; let it do so while the
// page still exists, or its timer fires into a torn-down document.
afterAll(() => new Promise((resolve) => setTimeout(resolve, 250)));
