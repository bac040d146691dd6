import './supported-node.js';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Command, InvalidArgumentError } from 'commander';
import { count } from 'drizzle-orm';
import { ROLES } from '@cosa/contracts';
import { ConfigError, loadConfig, type Config } from './config';
import type { Database } from './db/client';
import { users } from './db/schema/index';
import { DEMO_PASSWORD, seedDemoCampus } from './db/seed/demo';
import { generatePassword } from './lib/passwords';
import { MAX_SCALE_STUDENTS, seedScaleCampus, type ScaleProgress } from './db/seed/scale';
import { checkCreateUser, createUserAccount, parseRole, setUserRole } from './cli/accounts';
import { CliError, oneLine } from './cli/cli-error';
import { openCliDatabase } from './cli/open-database';
import { createBackup } from './cli/backup-create';
import { readBackupFile, restoreBackup } from './cli/backup-restore';
import { publishedKeys, rotateSigningKey } from './modules/credentials/signing-keys.service';

const say = (line = '') => process.stdout.write(`${line}\n`);

function loadCliConfig(): Config {
  // The settings the portal starts with (server.ts): a command works on the portal's own database.
  if (existsSync('.env')) process.loadEnvFile('.env');
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) throw new CliError(error.message);
    throw error;
  }
}

/** Opens the configured database, runs the work, and always closes it. */
async function withDatabase(
  work: (db: Database, config: Config) => Promise<void>,
  config: Config = loadCliConfig(),
): Promise<void> {
  const handle = await openCliDatabase(config);
  try {
    await work(handle.db, config);
  } finally {
    await handle.close();
  }
}

function positiveInteger(max: number) {
  return (value: string): number => {
    const number = Number(value);
    if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(number) || number < 1 || number > max) {
      throw new InvalidArgumentError(`expected a whole number from 1 to ${max}.`);
    }
    return number;
  };
}

const roleList = ROLES.join(', ');
const program = new Command()
  .name('npm run cli --')
  .description(
    'Administration commands of the COSA Portal. They use the database the environment names (DATABASE_URL, or the embedded one in DATA_DIR).',
  )
  .showSuggestionAfterError()
  .configureOutput({ outputError: (text, write) => write(text.split('\n')[0] + '\n') });

program
  .command('user:create')
  .description(
    'Create an account. Officials count as onboarded; a student completes onboarding at first sign-in.',
  )
  .requiredOption('--email <email>', 'e-mail address of the institute domain (INSTITUTE_EMAIL_DOMAIN)')
  .requiredOption('--name <name>', 'full name')
  .requiredOption('--role <role>', `one of ${roleList}`)
  .option(
    '--password <password>',
    'password of 8 or more characters; omit it to generate a strong one, printed once',
  )
  .option('--student-id <digits>', 'student id (digits only)')
  .option('--club <club name>', 'the club a CLUB_COORDINATOR coordinates (required for that role)')
  .action(
    async (options: {
      email: string;
      name: string;
      role: string;
      password?: string;
      studentId?: string;
      club?: string;
    }) => {
      const config = loadCliConfig();
      const input = checkCreateUser(options, config.INSTITUTE_EMAIL_DOMAIN);
      await withDatabase(async (db) => {
        const created = await createUserAccount(db, input);
        say(
          `Created ${created.role} ${created.email} (username ${created.username})${created.club ? `, coordinator of ${created.club}` : ''}.`,
        );
        if (created.generatedPassword)
          say(`Password: ${created.generatedPassword}  (shown once: pass it on securely)`);
      }, config);
    },
  );

program
  .command('user:set-role')
  .description("Change a user's role. CLUB_COORDINATOR needs --club; any other role unlinks the club.")
  .requiredOption('--email <email>', 'e-mail address of the account')
  .requiredOption('--role <role>', `one of ${roleList}`)
  .option('--club <club name>', 'the club a CLUB_COORDINATOR coordinates')
  .action(async (options: { email: string; role: string; club?: string }) => {
    parseRole(options.role);
    await withDatabase(async (db) => {
      const change = await setUserRole(db, options);
      say(
        `Changed the role of ${change.email} from ${change.from} to ${change.to}${change.club ? `, coordinator of ${change.club}` : ''}.`,
      );
    });
  });

program
  .command('seed:demo')
  .description(
    'Fill an empty database with the demo campus and one account per role (refuses a database that has users).',
  )
  .action(async () => {
    await withDatabase(async (db, config) => {
      const [row] = await db.select({ n: count() }).from(users);
      const existing = row?.n ?? 0;
      if (existing > 0)
        throw new CliError(
          `The database already has ${existing} user${existing === 1 ? '' : 's'}: seed:demo only fills an empty database.`,
        );
      // In production the published demo password would open every demo account, the president's too.
      const result = await seedDemoCampus(
        db,
        config.INSTITUTE_EMAIL_DOMAIN,
        config.NODE_ENV === 'production' ? generatePassword() : DEMO_PASSWORD,
      );
      say('Demo campus created. Demo accounts:');
      for (const account of result.accounts)
        say(`  ${account.role.padEnd(17)} ${account.email}  (${account.name})`);
      say(`  Password for every demo account: ${result.password}`);
    });
  });

program
  .command('seed:scale')
  .description(
    'Add a large generated campus (clubs, positions, events, feedback, achievements, skills, bookings) for load tests; it can run again.',
  )
  .requiredOption(
    '--students <n>',
    `number of students to add (1 to ${MAX_SCALE_STUDENTS})`,
    positiveInteger(MAX_SCALE_STUDENTS),
  )
  .option(
    '--seed <n>',
    'seed of the pseudo-random generator (the same seed gives the same shape)',
    positiveInteger(2 ** 31),
  )
  .option(
    '--events <n>',
    'number of events to add, with their registrations (default: one per 100 students)',
    positiveInteger(1_000_000),
  )
  .action(async (options: { students: number; seed?: number; events?: number }) => {
    await withDatabase(async (db, config) => {
      say(
        `Adding ${options.students} students to the ${config.DATABASE_URL ? 'PostgreSQL server' : `embedded database in ${config.DATA_DIR}`}...`,
      );
      const onProgress = progressPrinter();
      const result = await seedScaleCampus(db, {
        students: options.students,
        domain: config.INSTITUTE_EMAIL_DOMAIN,
        ...(options.seed ? { seed: options.seed } : {}),
        ...(options.events ? { events: options.events } : {}),
        onProgress,
      });
      say(`Done in ${(result.elapsedMs / 1000).toFixed(1)} s.`);
      say(
        `Rows added: ${Object.entries(result.counts)
          .map(([table, n]) => `${table} ${n}`)
          .join(', ')}.`,
      );
      say(
        `Student ids ${result.firstStudentId} to ${result.lastStudentId}; every generated account's password: ${result.password}`,
      );
    });
  });

program
  .command('keys:rotate')
  .description(
    'Retire the key that signs credentials and start signing with a new one; credentials signed by the old key keep verifying.',
  )
  .action(async () => {
    await withDatabase(async (db, config) => {
      const { thumbprint } = await rotateSigningKey(db);
      const published = (await publishedKeys(db, config)).length;
      say(`New signing key: ${thumbprint}`);
      say(
        `${published} key${published === 1 ? ' is' : 's are'} published at ${config.publicUrl}/.well-known/jwks.json; running portals sign with the new key within seconds.`,
      );
    });
  });

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;
const totalRows = (rows: Record<string, number>) => Object.values(rows).reduce((sum, n) => sum + n, 0);

program
  .command('backup:create')
  .description(
    'Back up the database to one file, with its SHA-256 beside it, while the portal runs: the embedded one (DATA_DIR) through the running portal, a PostgreSQL server (DATABASE_URL) with pg_dump.',
  )
  .option(
    '--out <file or folder>',
    'a file name ending in .tar, or a folder for a dated file (default: ./backups)',
  )
  .action(async (options: { out?: string }) => {
    const written = await createBackup(loadCliConfig(), options.out);
    const { manifest } = written;
    say(`Backup written: ${written.file} (${megabytes(written.bytes)})`);
    say(`  SHA-256 ${written.sha256}, in ${written.file}.sha256`);
    say(
      `  ${totalRows(manifest.rows)} rows in ${Object.keys(manifest.rows).length} tables, schema at migration ${manifest.schema.migrations}, PostgreSQL ${manifest.database.serverVersion}, taken ${manifest.createdAt}`,
    );
    say(
      written.madeBy.kind === 'running-portal'
        ? `  Made by the running portal (pid ${written.madeBy.pid}) from one consistent moment; it kept serving.`
        : written.madeBy.kind === 'pg_dump'
          ? `  Made by ${written.manifest.database.tool} from one snapshot of the PostgreSQL server; the portal kept serving.`
          : '  No portal was running: the command copied the database itself.',
    );
    say('  It holds password hashes and the keys that sign credentials: keep it as safe as the server.');
  });

program
  .command('backup:check')
  .description('Check a backup file (its manifest and SHA-256) without restoring it.')
  .argument('<file>', 'the backup file (.tar)')
  .action((file: string) => {
    const { manifest } = readBackupFile(file);
    say(`${file} is a whole backup, taken ${manifest.createdAt}:`);
    say(
      `  ${totalRows(manifest.rows)} rows in ${Object.keys(manifest.rows).length} tables (${plural(manifest.rows.users ?? 0, 'account')}, ${plural(manifest.rows.user_photos ?? 0, 'photo')}, ${plural(manifest.rows.signing_keys ?? 0, 'signing key')}), PostgreSQL ${manifest.database.serverVersion}, schema at migration ${manifest.schema.migrations}.`,
    );
  });

program
  .command('backup:restore')
  .description(
    'Replace the database (DATA_DIR, or DATABASE_URL with pg_restore and psql) with a backup; stop the portal first. Refuses a database that holds accounts unless --force.',
  )
  .argument('<file>', 'the backup file (.tar)')
  .option('--force', 'replace a database that holds accounts (it is kept beside the restored one)')
  .action(async (file: string, options: { force?: boolean }) => {
    const config = loadCliConfig();
    const restored = await restoreBackup(config, file, options.force === true);
    const into = config.DATABASE_URL ? 'the database DATABASE_URL names' : path.resolve(config.DATA_DIR);
    say(`Restored ${file} (taken ${restored.manifest.createdAt}) into ${into}:`);
    say(
      `  ${restored.rows} rows in ${restored.tables} tables, as the backup recorded; schema brought up to date.`,
    );
    if (restored.keptIn)
      say(
        `  The database that was there is kept in ${restored.keptIn}: delete it once you have checked the portal.`,
      );
    say('  Start the portal now.');
  });

/** One line per finished stage with its time since the start. */
function progressPrinter(): (progress: ScaleProgress) => void {
  const started = performance.now();
  return ({ stage, done, total }) => {
    if (done < total) return;
    say(
      `  ${stage.padEnd(20)} ${String(total).padStart(8)}  ${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s`,
    );
  };
}

try {
  await program.parseAsync(process.argv);
} catch (error) {
  process.stderr.write(`${error instanceof CliError ? error.message : `Error: ${oneLine(error)}`}\n`);
  process.exitCode = 1;
}
