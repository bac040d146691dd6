import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { useTestApp } from '../../../test/build-test-app';
import { createOrgUnit, createUser } from '../../../test/factories';
import { adminClientOf } from '../../../test/admin-client';

describe('administration: users and roles', () => {
  const ctx = useTestApp();
  const { get, admin } = adminClientOf(ctx);

  describe('GET /api/admin/users/export', () => {
    it('streams the filtered list as CSV by name, with dates on the institute clock', async () => {
      const { cookie } = await admin();
      const club = await createOrgUnit(ctx.db, { name: 'Export Club Ibis' });
      await createUser(ctx.db, {
        name: 'Ibis Two',
        email: 'ibis.two@iitbhilai.ac.in',
        username: 'ibis.two',
        studentId: '77000002',
        emailVerifiedAt: new Date('2026-01-05T04:30:00Z'),
        createdAt: new Date('2026-01-01T18:45:00Z'),
      });
      await createUser(ctx.db, {
        name: '=Ibis One',
        email: 'ibis.one@iitbhilai.ac.in',
        username: 'ibis.one',
        role: 'CLUB_COORDINATOR',
        clubUnitId: club.id,
        emailVerifiedAt: new Date('2026-02-10T00:00:00Z'),
        createdAt: new Date('2026-02-09T23:00:00Z'),
      });
      await createUser(ctx.db, { name: 'Ibis Gone', deactivatedAt: new Date() });
      const response = await get('/api/admin/users/export?q=ibis&state=active&page=3', cookie);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="users-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      expect(response.body.startsWith('\uFEFF')).toBe(true);
      const rows = parse(response.body, { bom: true }) as string[][];
      expect(rows).toEqual([
        [
          'Name',
          'E-mail',
          'Username',
          'Student ID',
          'Role',
          'Club',
          'State',
          'E-mail verified at',
          'Created at',
        ],
        [
          "'=Ibis One",
          'ibis.one@iitbhilai.ac.in',
          'ibis.one',
          '',
          'Club Coordinator',
          'Export Club Ibis',
          'Active',
          '2026-02-10 05:30',
          '2026-02-10 04:30',
        ],
        [
          'Ibis Two',
          'ibis.two@iitbhilai.ac.in',
          'ibis.two',
          '77000002',
          'Student',
          '',
          'Active',
          '2026-01-05 10:00',
          '2026-01-02 00:15',
        ],
      ]);
    });

    it('reads every page of a long list once, in order', async () => {
      const { cookie } = await admin();
      // More than one page of EXPORT_PAGE_SIZE (2000) rows, with names that tie.
      const many = Array.from({ length: 2003 }, (_, index) => ({
        name: `Kestrel ${index % 3}`,
        email: `kestrel.${index}@iitbhilai.ac.in`,
        username: `kestrel.${index}`,
        passwordHash: 'x',
      }));
      await ctx.db.insert(users).values(many);
      const rows = parse((await get('/api/admin/users/export?q=kestrel', cookie)).body, {
        bom: true,
      }) as string[][];
      expect(rows).toHaveLength(2004);
      expect(new Set(rows.slice(1).map((row) => row[1])).size).toBe(2003);
      expect(rows[1]![0]).toBe('Kestrel 0');
      expect(rows[2003]![0]).toBe('Kestrel 2');
    });
  });
});
