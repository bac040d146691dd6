import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { describe, expect, it } from 'vitest';
import * as schema from './schema/index';

type Snapshot = Parameters<typeof generateMigration>[0];
type Journal = { entries: { idx: number; tag: string }[] };

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

const journal = readJson<Journal>(path.join(migrationsDir, 'meta', '_journal.json'));

/** drizzle-kit names each snapshot after the number that starts its migration's tag. */
function snapshotPath(tag: string): string {
  return path.join(migrationsDir, 'meta', `${tag.split('_')[0]}_snapshot.json`);
}

describe('migrations', () => {
  it('lists in the journal exactly the SQL files on disk, each with its snapshot', () => {
    const onDisk = readdirSync(migrationsDir)
      .filter((f) => f.endsWith('.sql'))
      .sort();
    expect(journal.entries.map((e) => `${e.tag}.sql`).sort()).toEqual(onDisk);
    for (const entry of journal.entries)
      expect(existsSync(snapshotPath(entry.tag)), entry.tag).toBe(true);
  });

  // The same comparison `npm run db:generate` makes: a statement here is a migration nobody generated.
  it('match the Drizzle schema, so drizzle-kit generate has nothing to add', async () => {
    const last = journal.entries.at(-1);
    expect(last, 'the journal lists no migration').toBeDefined();
    const committed = readJson<Snapshot>(snapshotPath(last!.tag));
    const current = generateDrizzleJson(schema, committed.id);
    let statements: string[];
    try {
      statements = await generateMigration(committed, current);
    } catch (error) {
      // drizzle-kit asks on a terminal whether a changed name is a rename; here it can only throw
      throw new Error(
        `The schema differs from migration ${last!.tag} in a way drizzle-kit asks about (a rename?); run npm run db:generate.`,
        { cause: error },
      );
    }
    expect(
      statements,
      `the schema has changed since migration ${last!.tag}; run npm run db:generate`,
    ).toEqual([]);
  });
});
