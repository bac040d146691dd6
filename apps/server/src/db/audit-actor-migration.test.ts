import { readdirSync, readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/test-db';
import { createUser } from '../../test/factories';
import { auditLog } from './schema/index';

// Found by its name, whatever number it is given among the migrations.
const MIGRATIONS = new URL('./migrations/', import.meta.url);
const MIGRATION = new URL(
  readdirSync(MIGRATIONS).find((name) => name.endsWith('_audit_actor_reference.sql'))!,
  MIGRATIONS,
);

/**
 * The migration that makes the audit log's actor a reference to the account, run on a log written
 * before it: a line whose actor still exists keeps its id; a line whose actor is gone keeps the name
 * it stored, with no id; afterwards no line can name an account that does not exist, and an account
 * that has acted cannot be deleted.
 */
describe('the migration that makes the audit actor a reference', () => {
  const database = useTestDatabase();

  it('keeps known actors, clears the id of actors that are gone (their names kept), then holds the reference', async () => {
    const { db } = database;
    // The log as it was before: no reference on the actor.
    await db.execute(sql`alter table audit_log drop constraint audit_log_actor_id_users_id_fk`);
    const kept = await createUser(db, { role: 'ADMIN', name: 'Anita Desai' });
    const gone = randomUUID();
    await db.insert(auditLog).values([
      {
        actorId: kept.id,
        actorName: 'Anita Desai',
        kind: 'room',
        action: 'update',
        subjectType: 'rooms',
        summary: 'a',
      },
      {
        actorId: gone,
        actorName: 'Ravi Former',
        kind: 'room',
        action: 'update',
        subjectType: 'rooms',
        summary: 'b',
      },
    ]);

    for (const statement of readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint'))
      await db.execute(sql.raw(statement));

    const lines = await db
      .select({ actorId: auditLog.actorId, actorName: auditLog.actorName })
      .from(auditLog)
      .where(sql`${auditLog.summary} in ('a', 'b')`)
      .orderBy(asc(auditLog.summary));
    expect(lines).toEqual([
      { actorId: kept.id, actorName: 'Anita Desai' },
      { actorId: null, actorName: 'Ravi Former' },
    ]);
    // Still append-only after the migration lifted its guard for one statement.
    await expect(
      db.execute(sql`update audit_log set summary = 'c' where summary = 'a'`),
    ).rejects.toThrow();
    await expect(
      db
        .insert(auditLog)
        .values({ actorId: randomUUID(), kind: 'room', action: 'update', subjectType: 'rooms' }),
    ).rejects.toThrow();
    await expect(db.execute(sql`delete from users where id = ${kept.id}`)).rejects.toThrow();
    expect(await db.select().from(auditLog).where(eq(auditLog.actorId, kept.id))).toHaveLength(1);
  });
});
