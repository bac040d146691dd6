import { afterAll, beforeAll } from 'vitest';
import { buildApp, type App } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import type { Database, DatabaseHandle } from '../src/db/client';
import type { Mailer } from '../src/lib/mailer';
import { openTestDatabase } from './test-db';

export const TEST_ORIGIN = 'http://localhost:3000';

/** The configuration of a test app: defaults plus the given environment. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', PUBLIC_URL: TEST_ORIGIN, LOG_LEVEL: 'silent', ...env });
}

export type TestContext = { app: App; db: Database; database: DatabaseHandle; config: Config };

export type TestAppOptions = {
  /** Called when the app is built (after the file's earlier beforeAll hooks), e.g. to reach a loopback SMTP server. */
  mailer?: () => Mailer;
  /** Environment known only once the file's earlier beforeAll hooks ran, e.g. a mock provider's port. */
  env?: () => Record<string, string>;
};

/** Builds the real app on a fresh database for the current test file and closes both afterwards. */
export function useTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): TestContext {
  const context = {} as TestContext;
  beforeAll(async () => {
    context.database = await openTestDatabase();
    context.db = context.database.db;
    context.config = testConfig({ ...env, ...options.env?.() });
    context.app = await buildApp({
      config: context.config,
      database: context.database,
      webDistDir: null,
      ...(options.mailer ? { mailer: options.mailer() } : {}),
    });
  });
  afterAll(async () => {
    await context.app?.close();
    await context.database?.close();
  });
  return context;
}
