import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import { createStudent, createUser } from '../../../test/factories';
import { auditReaderOf } from '../../../test/audit-client';

/**
 * The audit log's list, export and actor filter. Lines cannot be deleted, so each test writes its
 * own lines under its own actor (or subject) and reads them through that filter.
 */
describe('the audit log', () => {
  const ctx = useTestApp();

  let admin: string;

  const { get, write, ids, actor } = auditReaderOf(ctx, () => admin);

  beforeAll(async () => {
    admin = await signInAs(ctx, await createUser(ctx.db, { role: 'ADMIN' }));
  });

  describe('access', () => {
    it('answers 401 signed out and 403 to a student and to the president', async () => {
      for (const url of ['/api/admin/audit', '/api/admin/audit/export', '/api/admin/audit/actors']) {
        expect((await get(url, '')).statusCode).toBe(401);
        const { user: student } = await createStudent(ctx.db);
        expect((await get(url, await signInAs(ctx, student))).statusCode).toBe(403);
        expect(
          (await get(url, await signInAs(ctx, await createUser(ctx.db, { role: 'PRESIDENT' }))))
            .statusCode,
        ).toBe(403);
      }
    });
  });

  describe('GET /api/admin/audit', () => {
    it('lists the lines newest first with who, what and the values before and after', async () => {
      const actorId = await actor({ name: 'Priya Venkatesh', username: 'priya.venkatesh' });
      const [older, newer] = await write([
        {
          actorId,
          actorName: 'Priya Venkatesh',
          kind: 'room',
          action: 'create',
          subjectType: 'rooms',
          subjectLabel: 'Room Z',
          after: { name: 'Room Z', capacity: 40 },
          createdAt: new Date('2026-01-05T10:00:00Z'),
        },
        {
          actorId,
          actorName: 'Priya Venkatesh',
          kind: 'room',
          subjectType: 'rooms',
          subjectLabel: 'Room Z',
          before: { name: 'Room Z', capacity: 40 },
          after: { name: 'Room Z', capacity: 60 },
          createdAt: new Date('2026-01-06T10:00:00Z'),
        },
      ]);
      const response = await get(`/api/admin/audit?actorId=${actorId}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        items: [
          {
            id: newer!.id,
            actor: {
              id: actorId,
              nameAtTheTime: 'Priya Venkatesh',
              name: 'Priya Venkatesh',
              username: 'priya.venkatesh',
              deactivated: false,
            },
            kind: 'room',
            action: 'update',
            subjectType: 'rooms',
            subjectId: null,
            subjectLabel: 'Room Z',
            summary: null,
            before: { name: 'Room Z', capacity: 40 },
            after: { name: 'Room Z', capacity: 60 },
            changes: [{ field: 'capacity', label: 'Capacity', before: '40', after: '60' }],
            createdAt: '2026-01-06T10:00:00.000Z',
          },
          expect.objectContaining({
            id: older!.id,
            action: 'create',
            before: null,
            after: { name: 'Room Z', capacity: 40 },
            changes: [
              { field: 'capacity', label: 'Capacity', after: '40' },
              { field: 'name', label: 'Name', after: 'Room Z' },
            ],
          }),
        ],
        total: 2,
        capped: false,
        page: 1,
        pageSize: 20,
      });
    });

    it('filters by actor, kind, action and subject, and pages with the total', async () => {
      const actorId = await actor({ name: 'Priya Venkatesh' });
      const subjectId = randomUUID();
      const day = (n: number) => new Date(Date.UTC(2026, 1, n, 6));
      const lines = await write([
        { actorId, kind: 'skill', action: 'update', createdAt: day(1) },
        { actorId, kind: 'skill', action: 'delete', createdAt: day(2) },
        {
          actorId,
          kind: 'event',
          action: 'create',
          subjectType: 'events',
          subjectId,
          createdAt: day(3),
        },
        { actorId, kind: 'skill', action: 'create', createdAt: day(4) },
        { actorId: await actor(), kind: 'skill', action: 'create', createdAt: day(5) },
      ]);
      const [l1, l2, l3, l4] = lines.map((line) => line.id);
      expect(ids(await get(`/api/admin/audit?actorId=${actorId}`))).toEqual([l4, l3, l2, l1]);
      expect(ids(await get(`/api/admin/audit?actorId=${actorId}&kind=skill`))).toEqual([l4, l2, l1]);
      expect(ids(await get(`/api/admin/audit?actorId=${actorId}&kind=skill&action=delete`))).toEqual([
        l2,
      ]);
      expect(ids(await get(`/api/admin/audit?subjectId=${subjectId}`))).toEqual([l3]);
      const second = await get(`/api/admin/audit?actorId=${actorId}&pageSize=3&page=2`);
      expect(second.json()).toMatchObject({ total: 4, capped: false, page: 2, pageSize: 3 });
      expect(ids(second)).toEqual([l1]);
    });

    it("takes days on the institute's calendar (Asia/Kolkata), both ends inclusive", async () => {
      const actorId = await actor({ name: 'Priya Venkatesh' });
      const [lateOn1st, earlyOn2nd, lateOn2nd, on3rd] = await write([
        // 23:45 on 1 March in Kolkata, 2 March never begins in UTC before 18:30.
        { actorId, createdAt: new Date('2026-03-01T18:15:00Z') },
        // 00:15 on 2 March in Kolkata, still 1 March in UTC.
        { actorId, createdAt: new Date('2026-03-01T18:45:00Z') },
        // 23:59 on 2 March in Kolkata.
        { actorId, createdAt: new Date('2026-03-02T18:29:00Z') },
        { actorId, createdAt: new Date('2026-03-02T18:31:00Z') },
      ]);
      expect(
        ids(await get(`/api/admin/audit?actorId=${actorId}&from=2026-03-02&to=2026-03-02`)),
      ).toEqual([lateOn2nd!.id, earlyOn2nd!.id]);
      expect(ids(await get(`/api/admin/audit?actorId=${actorId}&to=2026-03-01`))).toEqual([
        lateOn1st!.id,
      ]);
      expect(ids(await get(`/api/admin/audit?actorId=${actorId}&from=2026-03-03`))).toEqual([on3rd!.id]);
    });

    it('stops counting at 10,000 lines and refuses a page beyond them', async () => {
      const actorId = await actor({ name: 'Priya Venkatesh' });
      await ctx.db.execute(sql`insert into audit_log (actor_id, kind, action, subject_type, created_at)
        select ${actorId}::uuid, 'unit', 'update', 'org_units', timestamptz '2025-01-01 00:00Z' + n * interval '1 second' from generate_series(1, 10001) n`);
      const first = await get(`/api/admin/audit?actorId=${actorId}&pageSize=100`);
      expect(first.json()).toMatchObject({ total: 10000, capped: true });
      const last = await get(`/api/admin/audit?actorId=${actorId}&pageSize=100&page=100`);
      expect(last.statusCode).toBe(200);
      expect(last.json().items).toHaveLength(100);
      const beyond = await get(`/api/admin/audit?actorId=${actorId}&pageSize=100&page=101`);
      expect(beyond.statusCode).toBe(400);
      expect(beyond.json().error.fields).toEqual({
        page: 'Only the newest 10,000 lines can be paged: narrow the filters or export the log.',
      });
    });

    it('refuses bad filters with field messages', async () => {
      const bad = await get('/api/admin/audit?kind=gossip&action=erase&actorId=someone&from=2026-02-30');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.fields).toMatchObject({
        from: 'Enter a date as YYYY-MM-DD.',
        actorId: 'Not a valid id.',
      });
      expect(Object.keys(bad.json().error.fields).sort()).toEqual(['action', 'actorId', 'from', 'kind']);
      const reversed = await get('/api/admin/audit?from=2026-03-02&to=2026-03-01');
      expect(reversed.statusCode).toBe(400);
      expect(reversed.json().error.fields).toEqual({
        to: 'The end date must be on or after the start date.',
      });
    });
  });
});
