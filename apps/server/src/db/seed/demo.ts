import { count, eq, inArray, sql } from 'drizzle-orm';
import { DEFAULT_EMAIL_DOMAIN, normalizeRole, type Role } from '@cosa/contracts';
import type { Database } from '../client';
import { users } from '../schema/index';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { DEMO_ACCOUNTS } from './demo-people';
import { insertDemoCampus } from './demo-insert';

/** The published password of every demo account, outside production. */
export const DEMO_PASSWORD = 'CosaDemo@2026';

type DemoAccount = { role: Role; email: string; name: string };
/** password: the demo accounts' password when it may be shown (just created, or still the published one), else null. */
export type DemoResult = { created: boolean; accounts: DemoAccount[]; password: string | null };

// Serialises seeding when two processes start on one PostgreSQL server.
const SEED_LOCK_KEY = 727_2026;

/** The demo accounts, one per role, as they are created. */
function demoAccountsOf(domain: string = DEFAULT_EMAIL_DOMAIN): DemoAccount[] {
  return DEMO_ACCOUNTS.map((person) => ({
    role: person.role,
    email: `${person.key}@${domain.toLowerCase()}`,
    name: person.name,
  }));
}

/** True while the first demo account still has the published password, so printing it reveals nothing new. */
async function publishedPasswordWorks(db: Database, account: DemoAccount): Promise<boolean> {
  const [row] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(sql`lower(${users.email})`, account.email.toLowerCase()))
    .limit(1);
  return row?.passwordHash ? verifyPassword(row.passwordHash, DEMO_PASSWORD) : false;
}

async function userCount(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

/** Seeds the demo campus in one transaction; the database is expected to hold no demo data yet. */
export async function seedDemoCampus(
  db: Database,
  emailDomain: string = DEFAULT_EMAIL_DOMAIN,
  password: string = DEMO_PASSWORD,
): Promise<DemoResult> {
  const domain = emailDomain.toLowerCase();
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    await insertDemoCampus(tx, { domain, passwordHash, now: new Date() });
  });
  return { created: true, accounts: demoAccountsOf(domain), password };
}

/** The demo accounts as stored, when all of them exist. */
async function findDemoAccounts(
  db: Database,
  domain: string = DEFAULT_EMAIL_DOMAIN,
): Promise<DemoAccount[] | null> {
  const wanted = demoAccountsOf(domain);
  const rows = await db
    .select({ email: users.email, name: users.name, role: users.role })
    .from(users)
    .where(
      inArray(
        sql`lower(${users.email})`,
        wanted.map((account) => account.email.toLowerCase()),
      ),
    );
  const byEmail = new Map(rows.map((row) => [row.email.toLowerCase(), row]));
  const found: DemoAccount[] = [];
  for (const account of wanted) {
    const row = byEmail.get(account.email.toLowerCase());
    if (!row) return null;
    found.push({ role: normalizeRole(row.role), email: row.email, name: row.name });
  }
  return found;
}

/**
 * Seeds the demo campus into an empty database with the given password. Returns created false with
 * the accounts when the demo campus is already there (kept across restarts), and null for a campus
 * with real data.
 */
export async function seedDemoIfEmpty(
  db: Database,
  emailDomain: string = DEFAULT_EMAIL_DOMAIN,
  password: string = DEMO_PASSWORD,
): Promise<DemoResult | null> {
  const domain = emailDomain.toLowerCase();
  if ((await userCount(db)) === 0) {
    const passwordHash = await hashPassword(password);
    const seeded = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
      if ((await userCount(tx)) > 0) return false;
      await insertDemoCampus(tx, { domain, passwordHash, now: new Date() });
      return true;
    });
    if (seeded) return { created: true, accounts: demoAccountsOf(domain), password };
  }
  const accounts = await findDemoAccounts(db, domain);
  if (!accounts) return null;
  return {
    created: false,
    accounts,
    password: (await publishedPasswordWorks(db, accounts[0]!)) ? DEMO_PASSWORD : null,
  };
}
