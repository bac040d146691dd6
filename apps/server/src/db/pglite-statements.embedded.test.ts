import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { preparingPglite } from './pglite-statements';

/*
 * The embedded database's statements prepared once (decision 0028), on a real PGlite in memory:
 * answers as PGlite's own query gives them, and never a statement stuck failing.
 */

let raw: PGlite;
let clock = 0;
let db: PGlite;

beforeAll(async () => {
  raw = await PGlite.create();
});

afterAll(async () => {
  await raw.close();
});

// One database for the file (creating one takes seconds); each test has a wrapper and a table of its own.
beforeEach(async () => {
  await raw.exec('deallocate all; drop table if exists notes, later');
  await raw.exec(
    'create table notes (id int primary key, body text, at timestamptz, tags text[], data jsonb)',
  );
  clock = Date.parse('2026-11-29T10:00:00Z');
  db = preparingPglite(raw, () => clock);
});

/** The texts the database holds prepared under the wrapper's names. */
async function preparedTexts(): Promise<string[]> {
  const { rows } = await raw.query<{ statement: string }>(
    `select statement from pg_prepared_statements where name like 'cosa_q%' order by statement`,
  );
  return rows.map((row) => row.statement);
}

describe('statements prepared once on the embedded database', () => {
  it('runs one text with different values, each answered with its own rows and types', async () => {
    const insert = 'insert into notes (id, body, at, tags, data) values ($1, $2, $3, $4, $5)';
    await db.query(insert, [1, 'first', new Date('2026-01-02T03:04:05Z'), ['a', 'b'], { n: 1 }]);
    await db.query(insert, [2, null, null, [], { n: 2 }]);
    const select = 'select id, body, at, tags, data from notes where id = $1';
    const first = await db.query(select, [1]);
    const second = await db.query(select, [2]);
    expect(first.rows).toEqual([
      { id: 1, body: 'first', at: new Date('2026-01-02T03:04:05Z'), tags: ['a', 'b'], data: { n: 1 } },
    ]);
    expect(second.rows).toEqual([{ id: 2, body: null, at: null, tags: [], data: { n: 2 } }]);
    expect(await preparedTexts()).toEqual([insert, select]);
    const arrays = await db.query<[number]>(select.replace('id, body, at, tags, data', 'id'), [2], {
      rowMode: 'array',
    });
    expect(arrays.rows).toEqual([[2]]);
  });

  it('answers the next statement after one that fails, and runs a text that failed once its table exists', async () => {
    await expect(db.query('select 1 / $1::int as n', [0])).rejects.toThrow('division by zero');
    expect((await db.query('select 1 / $1::int as n', [1])).rows).toEqual([{ n: 1 }]);
    await expect(db.query('select * from later where id = $1', [1])).rejects.toThrow(
      'relation "later" does not exist',
    );
    await raw.exec('create table later (id int)');
    await raw.exec('insert into later values (1)');
    expect((await db.query('select * from later where id = $1', [1])).rows).toEqual([{ id: 1 }]);
  });

  it('answers with a table as it is now after its definition changed under a prepared text', async () => {
    await db.query('insert into notes (id, body) values ($1, $2)', [1, 'kept']);
    const select = 'select * from notes where id = $1';
    expect(Object.keys((await db.query(select, [1])).rows[0] as object)).toEqual([
      'id',
      'body',
      'at',
      'tags',
      'data',
    ]);
    await raw.exec('alter table notes add column pinned boolean not null default false');
    expect((await db.query(select, [1])).rows).toEqual([
      { id: 1, body: 'kept', at: null, tags: null, data: null, pinned: false },
    ]);
  });

  it('runs a statement again after the session let go of every prepared one', async () => {
    const count = 'select count(*)::int as n from notes where id > $1';
    expect((await db.query(count, [0])).rows).toEqual([{ n: 0 }]);
    await raw.exec('deallocate all');
    expect((await db.query(count, [0])).rows).toEqual([{ n: 0 }]);
  });

  it('commits a transaction of prepared statements, and leaves nothing of one that failed', async () => {
    const insert = 'insert into notes (id, body) values ($1, $2)';
    await db.transaction(async (tx) => {
      await tx.query(insert, [1, 'one']);
      await tx.query(insert, [2, 'two']);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query(insert, [3, 'three']);
        await tx.query(insert, [1, 'one again']);
      }),
    ).rejects.toThrow('duplicate key value violates unique constraint "notes_pkey"');
    const { rows } = await db.query('select id, body from notes order by id');
    expect(rows).toEqual([
      { id: 1, body: 'one' },
      { id: 2, body: 'two' },
    ]);
  });

  it('prepares a text again once its plan is ten minutes old', async () => {
    const select = 'select body from notes where id = $1';
    await db.query(select, [1]);
    const names = async () =>
      (
        await raw.query<{ name: string }>(
          `select name from pg_prepared_statements where statement = $1`,
          [select],
        )
      ).rows.map((row) => row.name);
    const [before] = await names();
    clock += 9 * 60_000;
    await db.query(select, [1]);
    expect(await names()).toEqual([before]);
    clock += 2 * 60_000;
    await db.query(select, [1]);
    const after = await names();
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(before);
  });

  it('keeps at most a thousand texts, letting go of the least recently run', async () => {
    const text = (n: number) => `select ${n} + $1::int as n`;
    for (let n = 0; n < 1001; n += 1) await db.query(text(n), [0]);
    const held = await preparedTexts();
    expect(held).toHaveLength(1000);
    expect(held).not.toContain(text(0));
    expect(held).toContain(text(1000));
    expect((await db.query(text(0), [1])).rows).toEqual([{ n: 1 }]);
    expect(await preparedTexts()).not.toContain(text(1));
  });

  it('leaves commands to PGlite, so a transaction begun and rolled back by hand works as before', async () => {
    await db.query('begin');
    await db.query('insert into notes (id) values (9)');
    await db.query('rollback');
    expect((await db.query('select count(*)::int as n from notes')).rows).toEqual([{ n: 0 }]);
    expect(await preparedTexts()).toEqual([
      'insert into notes (id) values (9)',
      'select count(*)::int as n from notes',
    ]);
  });
});
