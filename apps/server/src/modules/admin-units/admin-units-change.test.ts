import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, orgUnits } from '../../db/schema/index';
import { useTestApp } from '../../../test/build-test-app';
import { createOrgUnit, createUser } from '../../../test/factories';
import { adminClientOf, unitTreeOf } from '../../../test/admin-client';

// Typed by hand from issue 13 (administration: the council and its clubs).
const NAME_REQUIRED = 'Name is required.';
const NAME_TAKEN = 'Another unit already has this name.';
const EMAIL_INVALID = 'Enter a valid e-mail address.';
const COMMITTEE_PARENT = 'A council sits directly under the apex council.';
const CYCLE = 'A unit cannot sit under itself or under one of its own units.';
const NOT_FOUND = 'This unit no longer exists.';

describe('administration: the council and its clubs', () => {
  const ctx = useTestApp();
  const { send, admin } = adminClientOf(ctx);
  const { council, unitRow } = unitTreeOf(ctx);

  describe('PATCH /api/admin/units/:id', () => {
    it('renames, moves and describes a unit; its budget is not typed here', async () => {
      const { apex, scitech } = await council();
      const club = await createOrgUnit(ctx.db, { name: 'Patch Club', parentId: scitech.id });
      const { cookie } = await admin();
      const response = await send('PATCH', `/api/admin/units/${club.id}`, cookie, {
        name: 'Patched Club',
        parentId: apex.id,
        description: 'Moved under the apex council.',
        category: 'cultural',
        contactEmail: 'patched@iitbhilai.ac.in',
        budgetAllocated: 99.99,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().unit).toMatchObject({
        name: 'Patched Club',
        parentId: apex.id,
        description: 'Moved under the apex council.',
        category: 'cultural',
        budgetAllocated: 0,
      });
      const cleared = await send('PATCH', `/api/admin/units/${club.id}`, cookie, {
        description: '',
        contactEmail: '',
      });
      expect(cleared.json().unit).toMatchObject({
        name: 'Patched Club',
        description: null,
        contactEmail: null,
        category: 'cultural',
      });
    });

    it('refuses bad input, an unknown unit and a taken name', async () => {
      const { scitech } = await council();
      const club = await createOrgUnit(ctx.db, { name: 'Patch Input Club', parentId: scitech.id });
      await createOrgUnit(ctx.db, { name: 'Patch Taken Club', parentId: scitech.id });
      const { cookie } = await admin();
      const bad = await send('PATCH', `/api/admin/units/${club.id}`, cookie, {
        name: '',
        contactEmail: 'x@',
      });
      expect([bad.statusCode, bad.json().error.fields]).toEqual([
        400,
        { name: NAME_REQUIRED, contactEmail: EMAIL_INVALID },
      ]);
      const missing = await send(
        'PATCH',
        '/api/admin/units/00000000-0000-4000-8000-00000000abcd',
        cookie,
        { name: 'Ghost' },
      );
      expect([missing.statusCode, missing.json().error.message]).toEqual([404, NOT_FOUND]);
      const taken = await send('PATCH', `/api/admin/units/${club.id}`, cookie, {
        name: 'patch taken club',
      });
      expect([taken.statusCode, taken.json().error.fields]).toEqual([409, { name: NAME_TAKEN }]);
      expect(await unitRow(club.id)).toMatchObject({
        name: 'Patch Input Club',
        contactEmail: club.contactEmail,
      });
    });

    it('refuses a move under the unit itself or one of its own units', async () => {
      const { scitech } = await council();
      const club = await createOrgUnit(ctx.db, { name: 'Cycle Club', parentId: scitech.id });
      const team = await createOrgUnit(ctx.db, { name: 'Cycle Club Team', parentId: club.id });
      const squad = await createOrgUnit(ctx.db, { name: 'Cycle Club Squad', parentId: team.id });
      const { cookie } = await admin();
      for (const parentId of [club.id, squad.id]) {
        const response = await send('PATCH', `/api/admin/units/${club.id}`, cookie, { parentId });
        expect([response.statusCode, response.json().error.fields]).toEqual([409, { parentId: CYCLE }]);
      }
      expect((await unitRow(club.id)).parentId).toBe(scitech.id);
    });

    it('has the database refuse a cycle written past the service', async () => {
      const { scitech } = await council();
      const club = await createOrgUnit(ctx.db, { name: 'Trigger Club', parentId: scitech.id });
      const team = await createOrgUnit(ctx.db, { name: 'Trigger Club Team', parentId: club.id });
      const refusal = await ctx.db
        .update(orgUnits)
        .set({ parentId: team.id })
        .where(eq(orgUnits.id, club.id))
        .then(
          () => null,
          (error: unknown) => error,
        );
      const cause =
        (refusal as { cause?: { code?: string; constraint?: string } } | null)?.cause ??
        (refusal as { code?: string; constraint?: string } | null);
      expect(cause).toMatchObject({ code: '23514', constraint: 'org_units_no_cycle' });
      expect((await unitRow(club.id)).parentId).toBe(scitech.id);
    });

    it('refuses a new type its place does not fit', async () => {
      const { scitech } = await council();
      const club = await createOrgUnit(ctx.db, { name: 'Retype Club', parentId: scitech.id });
      const { cookie } = await admin();
      const clubAsCouncil = await send('PATCH', `/api/admin/units/${club.id}`, cookie, {
        type: 'committee',
      });
      expect([clubAsCouncil.statusCode, clubAsCouncil.json().error.fields]).toEqual([
        409,
        { parentId: COMMITTEE_PARENT },
      ]);
      const secondApex = await send('PATCH', `/api/admin/units/${scitech.id}`, cookie, {
        type: 'council',
        parentId: null,
      });
      expect(secondApex.json().error.message).toBe(
        'Council of Student Activities is already the apex council; a campus has one.',
      );
      expect([(await unitRow(club.id)).type, (await unitRow(scitech.id)).type]).toEqual([
        'club',
        'committee',
      ]);
    });

    it('refuses to retype a club while a club coordinator account is linked to it, naming the coordinators', async () => {
      const { apex } = await council();
      const club = await createOrgUnit(ctx.db, { name: 'Coordinated Retype Club', parentId: apex.id });
      await createUser(ctx.db, { role: 'CLUB_COORDINATOR', clubUnitId: club.id, name: 'Meera Pillai' });
      await createUser(ctx.db, { role: 'CLUB_COORDINATOR', clubUnitId: club.id, name: 'Arjun Bose' });
      const { cookie } = await admin();
      const asCouncil = await send('PATCH', `/api/admin/units/${club.id}`, cookie, {
        type: 'committee',
      });
      const message =
        'The club coordinator accounts of Arjun Bose, Meera Pillai are linked to this club, and only a club has a coordinator. Link them to another club in Users and roles first.';
      expect([
        asCouncil.statusCode,
        asCouncil.json().error.message,
        asCouncil.json().error.fields,
      ]).toEqual([409, message, { type: message }]);
      expect((await unitRow(club.id)).type).toBe('club');

      // A club with one coordinator is named in the singular; other changes to the club stay allowed.
      const single = await createOrgUnit(ctx.db, { name: 'Single Coordinator Club', parentId: apex.id });
      await createUser(ctx.db, { role: 'CLUB_COORDINATOR', clubUnitId: single.id, name: 'Kabir Menon' });
      const refused = await send('PATCH', `/api/admin/units/${single.id}`, cookie, {
        type: 'committee',
        name: 'Single Coordinator Council',
      });
      expect([refused.statusCode, refused.json().error.message]).toEqual([
        409,
        'The club coordinator account of Kabir Menon is linked to this club, and only a club has a coordinator. Link it to another club in Users and roles first.',
      ]);
      expect(await unitRow(single.id)).toMatchObject({ type: 'club', name: 'Single Coordinator Club' });
      const renamed = await send('PATCH', `/api/admin/units/${single.id}`, cookie, {
        type: 'club',
        name: 'Single Coordinator Club Renamed',
      });
      expect([renamed.statusCode, renamed.json().unit.type]).toEqual([200, 'club']);
    });
  });

  describe('the audit log', () => {
    it("records the administrator's creation and change of a unit, with the values before and after", async () => {
      const { scitech } = await council();
      const { user, cookie } = await admin();
      const created = (
        await send('POST', '/api/admin/units', cookie, {
          name: 'Audited Club',
          type: 'club',
          parentId: scitech.id,
        })
      ).json().unit;
      await send('PATCH', `/api/admin/units/${created.id}`, cookie, {
        name: 'Audited Club Renamed',
        contactEmail: 'audited@iitbhilai.ac.in',
      });
      const rows = await ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.subjectId, created.id), eq(auditLog.kind, 'unit')))
        .orderBy(auditLog.createdAt);
      expect(rows.map((row) => [row.action, row.actorId, row.subjectType, row.subjectLabel])).toEqual([
        ['create', user.id, 'org_units', 'Audited Club'],
        ['update', user.id, 'org_units', 'Audited Club Renamed'],
      ]);
      expect(rows[1]!.before).toMatchObject({ name: 'Audited Club', contact_email: null });
      expect(rows[1]!.after).toMatchObject({
        name: 'Audited Club Renamed',
        contact_email: 'audited@iitbhilai.ac.in',
      });
      // The search document the database keeps beside the name is no value anyone changed.
      expect(Object.keys(rows[1]!.after as object)).not.toContain('search_document');
      expect(Object.keys(rows[1]!.before as object)).not.toContain('search_document');
    });
  });
});
