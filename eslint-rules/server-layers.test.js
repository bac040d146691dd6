import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { serverLayersPlugin } from './server-layers.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const eslint = new ESLint({ cwd: root });

/** Messages of the repository's own lint config about the server's layers (and parse errors). */
async function layerMessages(code, filePath, linter = eslint, at = root) {
  const [result] = await linter.lintText(code, { filePath: path.join(at, filePath) });
  return (result?.messages ?? []).filter((m) => m.fatal || m.ruleId === 'cosa/server-layers');
}

const src = 'apps/server/src';
const positionsService = `${src}/modules/positions/positions.service.ts`;
const positionsPolicy = `${src}/modules/positions/positions.policy.ts`;
const authRoutes = `${src}/modules/auth/auth.routes.ts`;
const bookingsService = `${src}/modules/rooms/bookings.service.ts`;
const sessionPlugin = `${src}/plugins/session.ts`;
const demoSeed = `${src}/db/seed/demo.ts`;

describe('lint: the server keeps its layers', () => {
  it.each([
    [
      "another module's file that is not its service",
      positionsService,
      "import { describeSlot } from '../rooms/rooms.policy';\nexport const x = describeSlot;\n",
      'crossModule',
    ],
    [
      "a type from another module's read file",
      positionsService,
      "import type { AdminUserRow } from '../admin-users/admin-users.read';\nexport type X = AdminUserRow;\n",
      'crossModule',
    ],
    [
      "a re-export of another module's file",
      positionsService,
      "export { startSweeping } from '../auth/sweep';\n",
      'crossModule',
    ],
    [
      "a dynamic import of another module's file",
      positionsService,
      "export const load = () => import('../auth/session-cookies');\n",
      'crossModule',
    ],
    [
      'a service of a module that already depends on this one (a circle)',
      `${src}/modules/notifications/notify.service.ts`,
      "import { requestBooking } from '../rooms/bookings.service';\nexport const x = requestBooking;\n",
      'moduleCycle',
    ],
    [
      "a dynamic import of a file named by a template in another module's folder",
      positionsService,
      'export const load = (name: string) => import(`../auth/${name}.service`);\n',
      'crossModule',
    ],
    [
      "a plugin using a module's file that is not its service",
      sessionPlugin,
      "import { signIn } from '../modules/auth/session-cookies';\nexport const x = signIn;\n",
      'pluginInternals',
    ],
    [
      'a route file using a helper of a plugin',
      authRoutes,
      "import { registerSessionLookup } from '../../plugins/session';\nexport const x = registerSessionLookup;\n",
      'pluginImported',
    ],
    [
      'lib/ using a plugin',
      `${src}/lib/current-user.ts`,
      "import { isApiRoute } from '../plugins/api-route';\nexport const x = isApiRoute;\n",
      'pluginImported',
    ],
    [
      'lib/ using a module',
      `${src}/lib/current-user.ts`,
      "import { findSession } from '../modules/auth/session.service';\nexport const x = findSession;\n",
      'lowerLayer',
    ],
    [
      "the seed using a module's policy",
      demoSeed,
      "import { describeSlot } from '../../modules/rooms/rooms.policy';\nexport const x = describeSlot;\n",
      'seedInternals',
    ],
    [
      'product code using a test helper',
      bookingsService,
      "import { createUser } from '../../../test/factories';\nexport const x = createUser;\n",
      'testHelper',
    ],
    [
      'lib/ using a test helper',
      `${src}/lib/tokens.ts`,
      "import { signInAs } from '../../test/auth-helpers';\nexport const x = signInAs;\n",
      'testHelper',
    ],
    [
      'a policy using the database client',
      positionsPolicy,
      "import type { Database } from '../../db/client';\nexport type X = Database;\n",
      'impurePolicy',
    ],
    [
      'a policy using the schema',
      positionsPolicy,
      "import { users } from '../../db/schema/index';\nexport const x = users;\n",
      'impurePolicy',
    ],
    [
      'a policy using drizzle',
      positionsPolicy,
      "import { eq } from 'drizzle-orm';\nexport const x = eq;\n",
      'impurePolicy',
    ],
    [
      'a policy using a service',
      positionsPolicy,
      "import { coordinatorClub } from '../clubs/club-scope.service';\nexport const x = coordinatorClub;\n",
      'impurePolicy',
    ],
    [
      'a policy using a read file of its module',
      positionsPolicy,
      "import { scopeOf } from './positions.read';\nexport const x = scopeOf;\n",
      'impurePolicy',
    ],
    [
      'a policy reading a file',
      positionsPolicy,
      "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n",
      'impurePolicy',
    ],
    [
      'a policy that is an async function',
      positionsPolicy,
      'export async function decide() {}\n',
      'policyAwaits',
    ],
    [
      'a policy awaiting',
      positionsPolicy,
      'export const facts = await Promise.resolve(1);\n',
      'policyAwaits',
    ],
    [
      'a service using Fastify',
      positionsService,
      "import type { FastifyRequest } from 'fastify';\nexport type X = FastifyRequest;\n",
      'serviceFastify',
    ],
    [
      'a route file querying the database',
      authRoutes,
      "import { users } from '../../db/schema/index';\nexport const x = users;\n",
      'routeDatabase',
    ],
    [
      'a route file using drizzle',
      authRoutes,
      "import { eq } from 'drizzle-orm';\nexport const x = eq;\n",
      'routeDatabase',
    ],
  ])('reports %s', async (_label, filePath, code, messageId) => {
    const messages = await layerMessages(code, filePath);
    expect(messages.map((message) => message.messageId)).toEqual([messageId]);
  });

  it.each([
    [
      "another module's service",
      positionsService,
      "import { notifyPerson } from '../notifications/notify.service';\nexport const x = notifyPerson;\n",
    ],
    [
      "a type from another module's service",
      positionsService,
      "import type { MemberScope } from '../clubs/club-scope.service';\nexport type X = MemberScope;\n",
    ],
    [
      "its own module's files",
      positionsService,
      "import { requireCovered } from './positions.policy';\nimport { scopeOf } from './positions.read';\nexport const x = [requireCovered, scopeOf];\n",
    ],
    [
      'lib/, db/ and packages',
      positionsService,
      "import { eq } from 'drizzle-orm';\nimport { users } from '../../db/schema/index';\nimport { AppError } from '../../lib/app-error';\nexport const x = [eq, users, AppError];\n",
    ],
    [
      "a plugin using a module's service",
      sessionPlugin,
      "import { findSession } from '../modules/auth/session.service';\nexport const x = findSession;\n",
    ],
    [
      'a plugin using another plugin and lib/',
      sessionPlugin,
      "import { isApiRoute } from './api-route';\nimport { SESSION_COOKIE } from '../lib/session-cookie';\nexport const x = [isApiRoute, SESSION_COOKIE];\n",
    ],
    [
      'app.ts registering plugins and routes',
      `${src}/app.ts`,
      "import { registerSessionLookup } from './plugins/session';\nimport { startSweeping } from './modules/auth/sweep';\nexport const x = [registerSessionLookup, startSweeping];\n",
    ],
    [
      "the seed using a module's service, db/ and lib/",
      demoSeed,
      "import { describeSlot } from '../../modules/rooms/bookings.service';\nimport { users } from '../schema/index';\nimport { hashPassword } from '../../lib/passwords';\nexport const x = [describeSlot, users, hashPassword];\n",
    ],
    [
      'a policy using contracts, lib/ and its own module',
      `${src}/modules/roll-import/roll-import.policy.ts`,
      "import { ROLES } from '@cosa/contracts';\nimport { AppError } from '../../lib/app-error';\nimport type { RawRollRow } from './roll-import.parse';\nexport const x = [ROLES, AppError];\nexport type X = RawRollRow;\n",
    ],
    [
      'a route file calling its services and lib/',
      authRoutes,
      "import type { FastifyInstance } from 'fastify';\nimport { attemptLimiter } from '../../lib/rate-limiter';\nimport { register } from './auth.service';\nexport const x = [attemptLimiter, register];\nexport type X = FastifyInstance;\n",
    ],
  ])('allows %s', async (_label, filePath, code) => {
    expect(await layerMessages(code, filePath)).toEqual([]);
  });

  it('leaves test files alone: they use test helpers and any module file', async () => {
    const code =
      "import { createUser } from '../../../test/factories';\nimport { reviewTypesOf } from '../endorsements/endorsements.policy';\nexport const x = [createUser, reviewTypesOf];\n";
    expect(await layerMessages(code, `${src}/modules/positions/positions.test.ts`)).toEqual([]);
  });
});

describe('lint: the circle check reads the module graph from the files', () => {
  const campus = fs.mkdtempSync(path.join(os.tmpdir(), 'server-layers-'));
  const modules = path.join(campus, 'apps/server/src/modules');
  const write = (file, text) => {
    fs.mkdirSync(path.dirname(path.join(modules, file)), { recursive: true });
    fs.writeFileSync(path.join(modules, file), text);
  };
  const linter = new ESLint({
    cwd: campus,
    overrideConfigFile: true,
    overrideConfig: {
      files: ['**/*.ts'],
      languageOptions: { parser: tseslint.parser },
      plugins: { cosa: serverLayersPlugin },
      rules: { 'cosa/server-layers': 'error' },
    },
  });
  const lint = (file, code) => layerMessages(code, `apps/server/src/modules/${file}`, linter, campus);
  afterAll(() => fs.rmSync(campus, { recursive: true, force: true }));

  it('reports an import that closes a circle through other modules, naming the way round', async () => {
    write('a/a.service.ts', "import { b } from '../b/b.service';\nexport const a = b;\n");
    write('b/b.service.ts', "import { c } from '../c/c.service';\nexport const b = c;\n");
    write('c/c.service.ts', 'export const c = 1;\n');
    expect(await lint('c/c.service.ts', 'export const c = 1;\n')).toEqual([]);
    const messages = await lint(
      'c/c.service.ts',
      "import { a } from '../a/a.service';\nexport const c = a;\n",
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]?.message).toContain('a → b → c');
  });

  it('sees a change of a module file on disk in the same run', async () => {
    write('d/d.service.ts', 'export const d = 1;\n');
    write('e/e.service.ts', 'export const e = 1;\n');
    const importsD = "import { d } from '../d/d.service';\nexport const e = d;\n";
    expect(await lint('e/e.service.ts', importsD)).toEqual([]);
    // d now imports e (written a moment later, so its modification time differs)
    await new Promise((resolve) => setTimeout(resolve, 20));
    write('d/d.service.ts', "import { e } from '../e/e.service';\nexport const d = e;\n");
    expect(await lint('e/e.service.ts', importsD)).toHaveLength(1);
  });

  it("does not count a module's tests in the graph", async () => {
    write('h/h.service.ts', 'export const h = 1;\n');
    write('h/h.test.ts', "import { i } from '../i/i.service';\nexport const t = i;\n");
    write('i/i.service.ts', 'export const i = 1;\n');
    const code = "import { h } from '../h/h.service';\nexport const i = h;\n";
    expect(await lint('i/i.service.ts', code)).toEqual([]);
  });
});
