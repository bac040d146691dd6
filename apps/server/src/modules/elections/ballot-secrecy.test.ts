import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { useTestDatabase } from '../../../test/test-db';

/** The database itself cannot tell who cast a ballot, nor when (decision 0037). */
describe('the secrecy of the ballot, in the schema', () => {
  const ctx = useTestDatabase();
  const columnsOf = async (table: string) =>
    rowsOf<{ column_name: string; data_type: string }>(
      await ctx.db.execute(sql`
        select column_name, data_type from information_schema.columns
        where table_schema = 'public' and table_name = ${table} order by column_name`),
    ).map((row) => `${row.column_name} ${row.data_type}`);

  it('keeps in a ballot only its post, its ranking and its receipt hash: no voter, no time', async () => {
    expect(await columnsOf('ballots')).toEqual([
      'id uuid',
      'post_id uuid',
      'ranking ARRAY',
      'receipt_hash text',
    ]);
  });

  it('keeps of a vote only who voted for which post, with nothing that leads to the ballot', async () => {
    expect(await columnsOf('ballot_participations')).toEqual(['post_id uuid', 'voter_id uuid']);
  });

  it('has no table that refers to a ballot, and no trigger that copies one anywhere', async () => {
    const references = rowsOf<{ table_name: string }>(
      await ctx.db.execute(sql`
        select conrelid::regclass::text as table_name from pg_constraint
        where contype = 'f' and confrelid = 'ballots'::regclass`),
    );
    expect(references).toEqual([]);
    const triggers = rowsOf<{ tgname: string }>(
      await ctx.db.execute(sql`
        select tgname from pg_trigger
        where not tgisinternal and tgrelid in ('ballots'::regclass, 'ballot_participations'::regclass)`),
    );
    expect(triggers).toEqual([]);
  });
});
