import { execFileSync } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { foundIn } from '../../../test/database-dump';
import { useTestApp } from '../../../test/build-test-app';
import { IDENTIFYING, seedPerson } from '../../../test/erasure-scenario';
import { databaseUrlFor } from '../../../test/test-database-url';
import { eraseAccount } from './erasure.service';

/** The whole database as pg_dump writes it (schema and data, every schema). */
function pgDump(url: string): string {
  return execFileSync('pg_dump', ['--dbname', url, '--no-owner'], {
    maxBuffer: 512 * 1024 * 1024,
  }).toString();
}

/** The test on the PostgreSQL server (this file runs only with DATABASE_URL). */
describe('erasing an account leaves no trace of the person in a pg_dump', () => {
  const ctx = useTestApp();

  it('the dump holds the name, e-mail, phone and student id before, and none of them after', async () => {
    const [{ name }] = rowsOf<{ name: string }>(
      await ctx.db.execute(sql`select current_database() as name`),
    ) as [{ name: string }];
    const url = databaseUrlFor(process.env.DATABASE_URL!, name);
    const { user } = await seedPerson(ctx.db);
    expect(foundIn(pgDump(url), IDENTIFYING)).toEqual(IDENTIFYING);

    expect(await eraseAccount(ctx.db, user.id)).toBe(true);

    expect(foundIn(pgDump(url), IDENTIFYING)).toEqual([]);
  });
});
