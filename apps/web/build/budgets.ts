import type { Budget } from './route-weights';

const KIB = 1024;

/** The account pages a signed-out visitor reaches first: signing in, registering, a reset or verification link. */
const SIGN_IN = new Set([
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password/:id/:token',
  '/google-unavailable',
  '/verify-email',
  '/verify-email/:token',
  '/logout',
  '/unauthorised',
]);

/**
 * The most each route may load before it shows, gzipped (docs/benchmarks.md, "Page weight";
 * decision 0013): 100 KiB of JavaScript for the sign-in pages, 176 KiB for every other page
 * (175 until the privacy pages, see "Page weight with the privacy pages"), 10 KiB of CSS everywhere.
 */
export const BUDGETS: Budget[] = [
  { name: 'sign-in page', paths: (route) => SIGN_IN.has(route), js: 100 * KIB, css: 10 * KIB },
  { name: 'page', paths: () => true, js: 176 * KIB, css: 10 * KIB },
];
