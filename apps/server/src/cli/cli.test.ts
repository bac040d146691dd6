import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { eq } from 'drizzle-orm';
import { openPglite, openPostgres, type DatabaseHandle } from '../db/client';
import { users } from '../db/schema/index';
import { createOrgUnit, createUser } from '../../test/factories';
import { copyTemplateOnServer } from '../../test/test-db';

const run = promisify(execFile);
const CLI = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'cli.ts');

/** A database the CLI can open from another process: a copy of the template, on the server or in a folder. */
async function prepareDatabase(): Promise<{
  env: Record<string, string>;
  open: () => Promise<DatabaseHandle>;
  cleanup: () => Promise<void>;
}> {
  const serverUrl = process.env.DATABASE_URL;
  const template = inject('postgresTemplate');
  if (serverUrl && template) {
    const copy = await copyTemplateOnServer(serverUrl, template);
    return {
      env: { DATABASE_URL: copy.url },
      open: () => openPostgres(copy.url, { max: 1 }),
      cleanup: copy.drop,
    };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cosa-cli-'));
  const dataDir = path.join(dir, 'data');
  const seeded = await openPglite({
    dataDir,
    loadDataDir: new Blob([readFileSync(inject('pgliteTemplatePath'))]),
  });
  await seeded.close();
  return {
    env: { DATA_DIR: dataDir },
    open: () => openPglite({ dataDir }),
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

type Outcome = { code: number; stdout: string; stderr: string };

describe('cli', () => {
  let database: Awaited<ReturnType<typeof prepareDatabase>>;

  async function cli(...args: string[]): Promise<Outcome> {
    return cliWith(database.env, ...args);
  }

  async function cliWith(databaseEnv: Record<string, string>, ...args: string[]): Promise<Outcome> {
    const env: Record<string, string | undefined> = {
      ...process.env,
      DATABASE_URL: undefined,
      LOG_LEVEL: 'silent',
      ...databaseEnv,
    };
    try {
      const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', CLI, ...args], {
        env,
        timeout: 60_000,
      });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failure = error as { code?: number; stdout?: string; stderr?: string };
      return { code: failure.code ?? -1, stdout: failure.stdout ?? '', stderr: failure.stderr ?? '' };
    }
  }

  async function withDb<T>(work: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
    const handle = await database.open();
    try {
      return await work(handle);
    } finally {
      await handle.close();
    }
  }

  beforeAll(async () => {
    database = await prepareDatabase();
    await withDb((handle) => createOrgUnit(handle.db, { name: 'Astronomy Club' }));
  });
  afterAll(async () => database.cleanup());

  it('user:create then user:set-role take effect', async () => {
    const created = await cli(
      'user:create',
      '--email',
      'Nisha.Rao@iitbhilai.ac.in',
      '--name',
      'Nisha Rao',
      '--role',
      'GENSEC_CULTURAL',
    );
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    expect(created.stdout).toContain('Created GENSEC_CULTURAL nisha.rao@iitbhilai.ac.in');
    expect(created.stdout).toMatch(/Password: \S{20,}/);

    const changed = await cli(
      'user:set-role',
      '--email',
      'nisha.rao@iitbhilai.ac.in',
      '--role',
      'CLUB_COORDINATOR',
      '--club',
      'astronomy club',
    );
    expect(changed.code).toBe(0);
    expect(changed.stdout).toContain(
      'from GENSEC_CULTURAL to CLUB_COORDINATOR, coordinator of Astronomy Club',
    );

    const user = await withDb(async (handle) => {
      const [row] = await handle.db
        .select()
        .from(users)
        .where(eq(users.email, 'nisha.rao@iitbhilai.ac.in'));
      return row;
    });
    expect(user?.role).toBe('CLUB_COORDINATOR');
    expect(user?.clubUnitId).not.toBeNull();
    expect(user?.onboardingComplete).toBe(true);
    expect(user?.username).toBe('nisha.rao');
    // The operator vouches for the address of an account they create.
    expect(user?.emailVerifiedAt).toBeInstanceOf(Date);
  }, 60_000);

  it('user:set-role gives a role only to an account whose e-mail is proven', async () => {
    await withDb((handle) =>
      createUser(handle.db, { email: 'unproven.squatter@iitbhilai.ac.in', emailVerifiedAt: null }),
    );
    const refused = await cli(
      'user:set-role',
      '--email',
      'unproven.squatter@iitbhilai.ac.in',
      '--role',
      'PRESIDENT',
    );
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toBe(
      'unproven.squatter@iitbhilai.ac.in: This account has not verified its e-mail address yet: only a verified account can hold a role other than Student.',
    );
    const role = await withDb(async (handle) => {
      const [row] = await handle.db
        .select({ role: users.role })
        .from(users)
        .where(eq(users.email, 'unproven.squatter@iitbhilai.ac.in'));
      return row?.role;
    });
    expect(role).toBe('STUDENT');
  }, 60_000);

  it('user:create makes an administrator without a student id, and user:set-role keeps the last one', async () => {
    const withId = await cli(
      'user:create',
      '--email',
      'dean.office@iitbhilai.ac.in',
      '--name',
      'Dean Office',
      '--role',
      'ADMIN',
      '--student-id',
      '12345',
    );
    expect(withId.code).toBe(1);
    expect(withId.stderr.trim()).toBe('An ADMIN is not a student: leave out --student-id.');

    // The campus starts with no administrator: the first comes from the command line.
    const created = await cli(
      'user:create',
      '--email',
      'Student.Affairs@iitbhilai.ac.in',
      '--name',
      'Student Affairs',
      '--role',
      'admin',
      '--password',
      'Office#2026',
    );
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    expect(created.stdout).toContain(
      'Created ADMIN student.affairs@iitbhilai.ac.in (username student.affairs)',
    );
    const row = await withDb(
      async (handle) =>
        (
          await handle.db.select().from(users).where(eq(users.email, 'student.affairs@iitbhilai.ac.in'))
        )[0],
    );
    expect(row).toMatchObject({
      role: 'ADMIN',
      studentId: null,
      onboardingComplete: true,
      deactivatedAt: null,
      clubUnitId: null,
    });
    expect(row?.emailVerifiedAt).toBeInstanceOf(Date);

    const demoted = await cli(
      'user:set-role',
      '--email',
      'student.affairs@iitbhilai.ac.in',
      '--role',
      'STUDENT',
    );
    expect(demoted.code).toBe(1);
    expect(demoted.stderr.trim()).toBe(
      'student.affairs@iitbhilai.ac.in: This is the last active administrator: make another account an administrator first.',
    );
  }, 60_000);

  it('a bad role prints one line and exits 1', async () => {
    const outcome = await cli(
      'user:create',
      '--email',
      'x.y@iitbhilai.ac.in',
      '--name',
      'X Y',
      '--role',
      'DEAN',
    );
    expect(outcome.code).toBe(1);
    expect(outcome.stderr.trim().split('\n')).toHaveLength(1);
    expect(outcome.stderr).toMatch(/^Unknown role 'DEAN': use one of STUDENT,/);
  });

  it('refuses an e-mail of another domain and a coordinator without a club', async () => {
    const foreign = await cli(
      'user:create',
      '--email',
      'someone@gmail.com',
      '--name',
      'Some One',
      '--role',
      'STUDENT',
    );
    expect(foreign.code).toBe(1);
    expect(foreign.stderr).toContain('@iitbhilai.ac.in');
    const clubless = await cli(
      'user:set-role',
      '--email',
      'nisha.rao@iitbhilai.ac.in',
      '--role',
      'CLUB_COORDINATOR',
    );
    expect(clubless.code).toBe(1);
    expect(clubless.stderr.trim().split('\n')).toHaveLength(1);
  }, 60_000);

  it('asks to stop the portal when the embedded database is open elsewhere', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cosa-cli-lock-'));
    const dataDir = path.join(dir, 'data');
    const holder = await openPglite({ dataDir });
    try {
      const outcome = await cliWith(
        { DATA_DIR: dataDir },
        'user:set-role',
        '--email',
        'nisha.rao@iitbhilai.ac.in',
        '--role',
        'STUDENT',
      );
      expect(outcome.stderr.trim().split('\n')).toHaveLength(1);
      expect(outcome.code).toBe(1);
      expect(outcome.stderr).toContain(
        `in use by another process (pid ${process.pid}): stop the portal first`,
      );
    } finally {
      await holder.close();
      rmSync(dir, { recursive: true, force: true });
    }
    // A new embedded database is made here from nothing: on a busy machine that alone takes seconds.
  }, 90_000);
});
