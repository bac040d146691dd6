import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema/index';
import { signInAs } from '../../../test/auth-helpers';
import { TEST_ORIGIN, useTestApp } from '../../../test/build-test-app';
import { createOrgUnit, createPosition, createStudent, createUser } from '../../../test/factories';
import { auditReaderOf } from '../../../test/audit-client';

/**
 * Who made a change and what it changed, as people read them: the actor by the name the line kept
 * and by the account as it is now, roles, units, positions and people by name, instants on the
 * institute's clock (Asia/Kolkata). Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
describe('the audit log: who and what, readably', () => {
  const ctx = useTestApp();
  let admin: string;
  const { get, write } = auditReaderOf(ctx, () => admin);
  const put = (url: string, cookie: string, payload: object) =>
    ctx.app.inject({ method: 'PUT', url, payload, headers: { origin: TEST_ORIGIN, cookie } });
  const post = (url: string, cookie: string) =>
    ctx.app.inject({ method: 'POST', url, headers: { origin: TEST_ORIGIN, cookie } });
  const csvOf = async (url: string) => {
    const rows = parse((await get(url)).body, { bom: true }) as string[][];
    const [header, ...lines] = rows;
    return lines.map((line) => Object.fromEntries(header!.map((name, i) => [name, line[i]])));
  };

  beforeAll(async () => {
    admin = await signInAs(ctx, await createUser(ctx.db, { role: 'ADMIN' }));
  });

  it('still names who acted after the actor renames themselves, someone takes the old name, and the account is deactivated', async () => {
    const kavya = await createUser(ctx.db, {
      role: 'ADMIN',
      name: 'Kavya Menon',
      username: 'kavya.menon',
      email: 'kavya.menon@iitbhilai.ac.in',
    });
    const club = await createOrgUnit(ctx.db, { name: 'Robotics Club Audit', type: 'club' });
    const { user: rohan } = await createStudent(ctx.db, { name: 'Rohan Das' });
    const made = await put(`/api/admin/users/${rohan.id}/role`, await signInAs(ctx, kavya), {
      role: 'CLUB_COORDINATOR',
      clubId: club.id,
    });
    expect(made.statusCode).toBe(200);

    // The actor renames themselves (any rename changes the account's row), and another account
    // takes the name the line kept.
    await ctx.db.update(users).set({ name: 'Kavya Iyer' }).where(eq(users.id, kavya.id));
    await createUser(ctx.db, { role: 'ADMIN', name: 'Kavya Menon', username: 'kavya.m' });

    const page = await get(`/api/admin/audit?actorId=${kavya.id}&kind=role`);
    expect(page.statusCode).toBe(200);
    const [line] = page.json().items;
    expect(line.actor).toEqual({
      id: kavya.id,
      nameAtTheTime: 'Kavya Menon',
      name: 'Kavya Iyer',
      username: 'kavya.menon',
      deactivated: false,
    });
    expect(line.changes).toEqual([
      { field: 'club_unit_id', label: 'Club', before: 'none', after: 'Robotics Club Audit' },
      { field: 'role', label: 'Role', before: 'Student', after: 'Club Coordinator' },
    ]);
    // The actor filter lists the person by their current name and username.
    expect((await get('/api/admin/audit/actors?q=kavya')).json().items).toEqual([
      {
        id: kavya.id,
        label: 'Kavya Iyer',
        detail: 'Administrator · kavya.menon · kavya.menon@iitbhilai.ac.in',
      },
    ]);

    // Deactivated, the account stays the line's actor; deleting it is refused, the line kept.
    expect((await post(`/api/admin/users/${kavya.id}/deactivation`, admin)).statusCode).toBe(200);
    await expect(ctx.db.execute(sql`delete from users where id = ${kavya.id}`)).rejects.toThrow();
    const after = (await get(`/api/admin/audit?actorId=${kavya.id}&kind=role`)).json().items[0];
    expect(after.actor).toEqual({
      id: kavya.id,
      nameAtTheTime: 'Kavya Menon',
      name: 'Kavya Iyer',
      username: 'kavya.menon',
      deactivated: true,
    });

    const [row] = await csvOf(`/api/admin/audit/export?actorId=${kavya.id}&kind=role`);
    expect(row).toMatchObject({
      'Who (name at the time)': 'Kavya Menon',
      'Who (current name)': 'Kavya Iyer',
      'Renamed since': 'yes',
      Username: 'kavya.menon',
      'Account deactivated': 'yes',
      'Actor ID': kavya.id,
      Kind: 'Role',
      Action: 'Changed',
      Subject: 'Rohan Das',
      Before: 'Club: none; Role: Student',
      After: 'Club: Robotics Club Audit; Role: Club Coordinator',
    });
  });

  it('refuses a line whose actor is not an account', async () => {
    await expect(write([{ actorId: randomUUID(), actorName: 'Someone Else' }])).rejects.toThrow();
  });

  it('shows a line that names no account by the name it kept, at the time', async () => {
    const subjectId = randomUUID();
    await write([{ actorId: null, actorName: 'Legacy Admin', subjectId }]);
    const [line] = (await get(`/api/admin/audit?subjectId=${subjectId}`)).json().items;
    expect(line.actor).toEqual({
      id: null,
      nameAtTheTime: 'Legacy Admin',
      name: null,
      username: null,
      deactivated: false,
    });
  });

  it('names units, positions, people, unit types and instants, says when a unit or account is gone, and reads any new kind of line', async () => {
    const council = await createOrgUnit(ctx.db, { name: 'Science Council Audit', type: 'committee' });
    const club = await createOrgUnit(ctx.db, { name: 'Astronomy Club Audit', type: 'club' });
    const position = await createPosition(ctx.db, { title: 'Telescope Lead', unitId: club.id });
    const { user: student } = await createStudent(ctx.db, {
      name: 'Meera Pillai',
      username: 'meera.pillai',
    });
    const actorId = (
      await createUser(ctx.db, { role: 'ADMIN', name: 'Arjun Rao', username: 'arjun.rao' })
    ).id;
    const subjectId = randomUUID();
    const goneUnit = randomUUID();
    await write([
      {
        actorId,
        kind: 'unit',
        subjectType: 'org_units',
        subjectId,
        before: { name: 'Astronomy Club Audit', type: 'committee', parent_id: goneUnit },
        after: { name: 'Astronomy Club Audit', type: 'club', parent_id: council.id },
        createdAt: new Date('2026-05-01T10:00:00Z'),
      },
      {
        actorId,
        kind: 'position',
        action: 'create',
        subjectType: 'position_holders',
        subjectId,
        after: {
          id: randomUUID(),
          user_id: student.id,
          position_id: position.id,
          appointed_by: actorId,
          appointment_date: '2026-07-01',
          verified_at: '2026-07-01T04:30:00+00:00',
          budget_utilized: 1500,
          proposed_by: randomUUID(),
          created_at: '2026-07-01T04:30:00+00:00',
        },
        createdAt: new Date('2026-05-02T10:00:00Z'),
      },
      {
        // A kind of line the page has never seen: a correction of an institute-owned fact.
        actorId,
        kind: 'account',
        subjectType: 'identity_corrections',
        subjectId,
        before: { official_name: 'Meera Pilai', admission_year: 2022, decided_by: null },
        after: { official_name: 'Meera Pillai', admission_year: 2022, decided_by: actorId },
        createdAt: new Date('2026-05-03T10:00:00Z'),
      },
    ]);
    const items = (await get(`/api/admin/audit?subjectId=${subjectId}`)).json().items;
    expect(items.map((item: { changes: unknown }) => item.changes)).toEqual([
      [
        { field: 'decided_by', label: 'Decided by', before: 'none', after: 'Arjun Rao (arjun.rao)' },
        { field: 'official_name', label: 'Official name', before: 'Meera Pilai', after: 'Meera Pillai' },
      ],
      [
        { field: 'appointed_by', label: 'Appointed by', after: 'Arjun Rao (arjun.rao)' },
        { field: 'appointment_date', label: 'Appointment date', after: '1 Jul 2026' },
        { field: 'budget_utilized', label: 'Budget utilized', after: '₹1,500.00' },
        { field: 'user_id', label: 'Holder', after: 'Meera Pillai (meera.pillai)' },
        { field: 'position_id', label: 'Position', after: 'Telescope Lead, Astronomy Club Audit' },
        { field: 'proposed_by', label: 'Proposed by', after: 'a deleted account' },
        { field: 'verified_at', label: 'Verified at', after: '1 Jul 2026, 10:00' },
      ],
      [
        {
          field: 'parent_id',
          label: 'Parent unit',
          before: 'a deleted unit',
          after: 'Science Council Audit',
        },
        { field: 'type', label: 'Type', before: 'Council', after: 'Club' },
      ],
    ]);

    const rows = await csvOf(`/api/admin/audit/export?subjectId=${subjectId}`);
    expect(rows.map((row) => [row['Subject type'], row.Before, row.After])).toEqual([
      [
        'identity_corrections',
        'Decided by: none; Official name: Meera Pilai',
        'Decided by: Arjun Rao (arjun.rao); Official name: Meera Pillai',
      ],
      [
        'position_holders',
        '',
        'Appointed by: Arjun Rao (arjun.rao); Appointment date: 1 Jul 2026; Budget utilized: ₹1,500.00; ' +
          'Holder: Meera Pillai (meera.pillai); Position: Telescope Lead, Astronomy Club Audit; ' +
          'Proposed by: a deleted account; Verified at: 1 Jul 2026, 10:00',
      ],
      [
        'org_units',
        'Parent unit: a deleted unit; Type: Council',
        'Parent unit: Science Council Audit; Type: Club',
      ],
    ]);
    // The stored values stay in the export for whoever needs the ids.
    expect(rows[2]!['Before (as stored)']).toContain(goneUnit);
    expect(await ctx.db.select().from(auditLog).where(eq(auditLog.subjectId, subjectId))).toHaveLength(
      3,
    );
  });
});
