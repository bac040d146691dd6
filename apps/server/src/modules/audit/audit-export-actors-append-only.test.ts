import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, type AuditEntry } from '../../db/schema/index';
import { signInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { auditReaderOf } from '../../../test/audit-client';

/**
 * The audit log's list, export and actor filter. Lines cannot be deleted, so each test writes its
 * own lines under its own actor (or subject) and reads them through that filter.
 */
describe('the audit log', () => {
  const ctx = useTestApp();

  let admin: string;

  const { get, write, actor } = auditReaderOf(ctx, () => admin);

  beforeAll(async () => {
    admin = await signInAs(ctx, await createUser(ctx.db, { role: 'ADMIN' }));
  });

  describe('GET /api/admin/audit/export', () => {
    it('streams the filtered lines as CSV, newest first, with before and after in words and as JSON', async () => {
      const actorId = await actor({ name: 'Priya Venkatesh', username: 'priya.venkatesh' });
      const subjectId = randomUUID();
      await write([
        {
          actorId,
          actorName: 'Priya Venkatesh',
          kind: 'unit',
          action: 'create',
          subjectType: 'org_units',
          subjectId,
          subjectLabel: 'Chess Club',
          after: { name: 'Chess Club' },
          createdAt: new Date('2026-04-01T05:00:00Z'),
        },
        {
          actorId,
          actorName: 'Priya Venkatesh',
          kind: 'unit',
          subjectType: 'org_units',
          subjectId,
          subjectLabel: '=Chess Club',
          before: { name: 'Chess Club' },
          after: { name: '=Chess Club' },
          createdAt: new Date('2026-04-02T19:00:00Z'),
        },
        {
          actorId,
          kind: 'room',
          action: 'delete',
          subjectType: 'rooms',
          createdAt: new Date('2026-04-03T05:00:00Z'),
        },
      ]);
      const response = await get(`/api/admin/audit/export?actorId=${actorId}&kind=unit&page=4`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      expect(parse(response.body, { bom: true })).toEqual([
        [
          'When',
          'Who (name at the time)',
          'Who (current name)',
          'Renamed since',
          'Username',
          'Account deactivated',
          'Actor ID',
          'Kind',
          'Action',
          'Subject type',
          'Subject ID',
          'Subject',
          'Summary',
          'Before',
          'After',
          'Before (as stored)',
          'After (as stored)',
        ],
        [
          '2026-04-03 00:30',
          'Priya Venkatesh',
          'Priya Venkatesh',
          '',
          'priya.venkatesh',
          '',
          actorId,
          'Unit',
          'Changed',
          'org_units',
          subjectId,
          "'=Chess Club",
          '',
          'Name: Chess Club',
          'Name: =Chess Club',
          '{"name":"Chess Club"}',
          '{"name":"=Chess Club"}',
        ],
        [
          '2026-04-01 10:30',
          'Priya Venkatesh',
          'Priya Venkatesh',
          '',
          'priya.venkatesh',
          '',
          actorId,
          'Unit',
          'Created',
          'org_units',
          subjectId,
          'Chess Club',
          '',
          '',
          'Name: Chess Club',
          '',
          '{"name":"Chess Club"}',
        ],
      ]);
    });

    it('pages through more lines than one page of the export holds', async () => {
      const actorId = await actor({ name: 'Priya Venkatesh' });
      // Many lines share one instant: the export still writes each exactly once.
      await ctx.db
        .execute(sql`insert into audit_log (actor_id, kind, action, subject_type, subject_id, created_at)
        select ${actorId}::uuid, 'room', 'update', 'rooms', gen_random_uuid(), timestamptz '2025-06-01 00:00Z' + (n / 3) * interval '1 microsecond' from generate_series(1, 4500) n`);
      const rows = parse((await get(`/api/admin/audit/export?actorId=${actorId}`)).body, {
        bom: true,
      }) as string[][];
      expect(rows).toHaveLength(4501);
      expect(new Set(rows.slice(1).map((row) => row[10])).size).toBe(4500);
    });

    it('refuses bad filters with 400', async () => {
      expect((await get('/api/admin/audit/export?kind=gossip')).statusCode).toBe(400);
    });
  });

  describe('GET /api/admin/audit/actors', () => {
    it('lists the people who made changes by their current name and username, searchable', async () => {
      const zeta = await createUser(ctx.db, {
        role: 'PRESIDENT',
        name: 'Zeta Actor',
        email: 'zeta.actor@iitbhilai.ac.in',
      });
      await write([
        { actorId: zeta.id, actorName: 'Zeta Old Name' },
        { actorId: zeta.id },
        // A line from before the actor was a reference: its name alone, no account to filter by.
        { actorId: null, actorName: 'Zeta Former' },
      ]);
      const zetaItem = {
        id: zeta.id,
        label: 'Zeta Actor',
        detail: 'President · zeta.actor · zeta.actor@iitbhilai.ac.in',
      };
      const response = await get('/api/admin/audit/actors?q=zeta');
      expect(response.statusCode).toBe(200);
      expect(response.json().items).toEqual([zetaItem]);
      expect((await get('/api/admin/audit/actors?q=zeta.act')).json().items).toEqual([zetaItem]);
      // The filter's label comes from the server by the id in the address.
      expect((await get(`/api/admin/audit/actors?id=${zeta.id}`)).json().items).toEqual([zetaItem]);
      expect((await get(`/api/admin/audit/actors?id=${randomUUID()}`)).json().items).toEqual([]);
      expect((await get('/api/admin/audit/actors?id=zeta')).statusCode).toBe(400);
      expect((await get('/api/admin/audit/actors?q=' + 'x'.repeat(101))).statusCode).toBe(400);
    });
  });

  describe('append-only', () => {
    it('refuses UPDATE, DELETE and TRUNCATE of the audit log in the database itself', async () => {
      const [line] = await write([{ actorId: await actor(), summary: 'kept' }]);
      await expect(
        ctx.db.execute(sql`update audit_log set summary = 'changed' where id = ${line!.id}`),
      ).rejects.toThrow();
      await expect(ctx.db.execute(sql`delete from audit_log where id = ${line!.id}`)).rejects.toThrow();
      await expect(ctx.db.execute(sql`truncate audit_log`)).rejects.toThrow();
      const [still] = await ctx.db.select().from(auditLog).where(eq(auditLog.id, line!.id));
      expect((still as AuditEntry).summary).toBe('kept');
    });

    it('has no route that changes or removes a line', async () => {
      const [line] = await write([{ actorId: await actor() }]);
      for (const method of ['PUT', 'PATCH', 'DELETE', 'POST'] as const) {
        const response = await ctx.app.inject({
          method,
          url: `/api/admin/audit/${line!.id}`,
          headers: { cookie: admin, origin: 'http://localhost:3000' },
        });
        expect(response.statusCode).toBe(404);
      }
    });
  });
});
