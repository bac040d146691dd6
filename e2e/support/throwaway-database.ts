import { randomBytes } from 'node:crypto';

export type ThrowawayDatabase = { url: string; drop: () => Promise<void> };

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

async function run(connectionString: string, sql: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Creates an empty database on the server of adminUrl; drop() removes it even with open connections. */
export async function createThrowawayDatabase(adminUrl: string): Promise<ThrowawayDatabase> {
  const name = `cosa_e2e_${Date.now()}_${randomBytes(4).toString('hex')}`;
  await run(adminUrl, `CREATE DATABASE ${quoteIdent(name)}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => run(adminUrl, `DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`),
  };
}
