import type { Database } from './client';

const statements = new WeakMap<Database, Map<string, unknown>>();

/**
 * A statement built once per database and prepared under `name`: on PostgreSQL each connection
 * parses and plans it once, for the queries whose planning costs more than running them (a
 * dashboard's dozen counts). Values go in through sql.placeholder(); the same name must always
 * build the same statement.
 */
export function prepared<T>(db: Database, name: string, build: (db: Database, name: string) => T): T {
  let byName = statements.get(db);
  if (!byName) {
    byName = new Map();
    statements.set(db, byName);
  }
  if (!byName.has(name)) byName.set(name, build(db, name));
  return byName.get(name) as T;
}
