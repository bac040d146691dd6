import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The e2e folder and the repository root, wherever the tests are started from. */
export const e2eDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const repoRoot = path.resolve(e2eDir, '..');
export const resultsDir = path.join(e2eDir, 'test-results');
export const webDistDir = path.join(repoRoot, 'apps', 'web', 'dist');
