import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const eslint = new ESLint({ cwd: root });

// The old pattern-based rule is listed too, so that either way of enforcing the boundary counts.
const boundaryRules = new Set(['cosa/feature-boundaries', 'no-restricted-imports']);

/** Messages of the repository's own lint config about imports across features (and parse errors). */
async function boundaryMessages(code, filePath) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return (result?.messages ?? []).filter((m) => m.fatal || boundaryRules.has(m.ruleId ?? ''));
}

const loginPage = 'apps/web/src/features/auth/login-page.tsx';
const authApiFile = 'apps/web/src/features/auth/api/login.ts';

describe('lint: web features do not import each other', () => {
  it.each([
    [
      'a sibling feature, one level up',
      loginPage,
      "import { StudentHomePage } from '../dashboards/student-home-page';\nexport const x = StudentHomePage;\n",
    ],
    [
      'a sibling feature, two levels up',
      authApiFile,
      "import { gensecPortals } from '../../dashboards/gensec-portals';\nexport const x = gensecPortals;\n",
    ],
    [
      'a sibling feature through features/',
      loginPage,
      "import { OnboardingPage } from '../../features/onboarding/onboarding-page';\nexport const x = OnboardingPage;\n",
    ],
    [
      'a type-only import',
      authApiFile,
      "import type { Thing } from '../../onboarding/api/complete-onboarding';\nexport type X = Thing;\n",
    ],
    ['a re-export', loginPage, "export { OnboardingPage } from '../onboarding/onboarding-page';\n"],
    ['a re-export of everything', loginPage, "export * from '../onboarding/onboarding-page';\n"],
    [
      'a dynamic import',
      loginPage,
      "export const load = () => import('../dashboards/club-dashboard-page');\n",
    ],
    [
      'a dynamic import with a template',
      loginPage,
      'export const load = (name: string) => import(`../dashboards/${name}`);\n',
    ],
  ])('reports %s', async (_label, filePath, code) => {
    const messages = await boundaryMessages(code, filePath);
    expect(messages).toHaveLength(1);
    expect(messages[0]?.fatal).toBeFalsy();
  });

  it.each([
    [
      'its own feature',
      authApiFile,
      "import { authMessages } from '../auth-messages';\nexport const x = authMessages;\n",
    ],
    [
      'its own feature, named through features/',
      loginPage,
      "import { authMessages } from '../../features/auth/auth-messages';\nexport const x = authMessages;\n",
    ],
    [
      'shared lib code',
      loginPage,
      "import { apiFetch } from '../../lib/api-client';\nexport const x = apiFetch;\n",
    ],
    [
      'shared lib code, two levels up',
      authApiFile,
      "import { apiFetch } from '../../../lib/api-client';\nexport const x = apiFetch;\n",
    ],
    ['a package', loginPage, "import { z } from 'zod';\nexport const x = z;\n"],
  ])('allows %s', async (_label, filePath, code) => {
    expect(await boundaryMessages(code, filePath)).toEqual([]);
  });

  it('allows the router outside features/ to lazy-load every feature', async () => {
    const code = "export const load = () => import('../features/dashboards/club-dashboard-page');\n";
    expect(await boundaryMessages(code, 'apps/web/src/app/routes.tsx')).toEqual([]);
  });
});
