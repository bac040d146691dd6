import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The e2e folder and the repository root, wherever the tests are started from. */
export const e2eDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const repoRoot = path.resolve(e2eDir, '..');
export const resultsDir = path.join(e2eDir, 'test-results');
/** The built web app the tests' server serves; E2E_WEB_DIST_DIR names another build of it. */
export const webDistDir = process.env.E2E_WEB_DIST_DIR || path.join(repoRoot, 'apps', 'web', 'dist');
