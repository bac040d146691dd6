import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { currentTenure } from '@cosa/contracts';
import { orgUnits } from '../../db/schema/index';
import { signInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import {
  createOrgUnit,
  createPosition,
  createPositionHolder,
  createStudent,
  createUser,
} from '../../../test/factories';
import { adminClientOf, unitTreeOf } from '../../../test/admin-client';
import { ledgerMoney } from '../../../test/ledger-money';

// Typed by hand from issue 13 (administration: the council and its clubs).
const NAME_REQUIRED = 'Name is required.';
const NAME_TAKEN = 'Another unit already has this name.';
const TYPE_INVALID = 'Choose a type from the list.';
const EMAIL_INVALID = 'Enter a valid e-mail address.';
const PARENT_NOT_FOUND = 'Choose a unit from the list.';
const PARENT_REQUIRED = 'Choose the unit this one sits under.';
const COUNCIL_NO_PARENT = 'The apex council is the top of the tree: it sits under no unit.';
const COMMITTEE_PARENT = 'A council sits directly under the apex council.';

describe('administration: the council and its clubs', () => {
  const ctx = useTestApp();
  const { get, send, admin } = adminClientOf(ctx);
  const { council, unitRow } = unitTreeOf(ctx);

  describe('access', () => {
    it('asks a signed-out visitor to sign in and refuses every other role, changing nothing', async () => {
      // Under the file's council: a club made without a parent would make a council of that name first.
      const { scitech } = await council();
      const unit = await createOrgUnit(ctx.db, { name: 'Access Club', parentId: scitech.id });
      const calls: [method: 'GET' | 'POST' | 'PATCH', url: string, body?: object][] = [
        ['GET', '/api/admin/units'],
        ['POST', '/api/admin/units', { name: 'Sneaky Club', type: 'club' }],
        ['PATCH', `/api/admin/units/${unit.id}`, { name: 'Renamed' }],
        ['POST', `/api/admin/units/${unit.id}/retirement`],
        ['POST', `/api/admin/units/${unit.id}/reinstatement`],
      ];
      const call = (method: string, url: string, cookie?: string, body?: object) =>
        method === 'GET' ? get(url, cookie) : send(method as 'POST' | 'PATCH', url, cookie, body);
      for (const [method, url, body] of calls)
        expect((await call(method, url, undefined, body)).statusCode, url).toBe(401);
      const others = [
        await signInAs(ctx, (await createStudent(ctx.db)).user),
        await signInAs(ctx, await createUser(ctx.db, { role: 'PRESIDENT' })),
        await signInAs(ctx, await createUser(ctx.db, { role: 'GENSEC_SCITECH' })),
        await signInAs(ctx, await createUser(ctx.db, { role: 'CLUB_COORDINATOR', clubUnitId: unit.id })),
      ];
      for (const cookie of others) {
        for (const [method, url, body] of calls)
          expect((await call(method, url, cookie, body)).statusCode, url).toBe(403);
      }
      expect(await unitRow(unit.id)).toMatchObject({ name: 'Access Club', retiredAt: null });
    });
  });

  describe('GET /api/admin/units', () => {
    it("lists every unit, retired ones too, with its counts and this tenure's money from the ledger", async () => {
      const { scitech } = await council();
      const club = await createOrgUnit(ctx.db, {
        name: 'Listed Robotics Club',
        parentId: scitech.id,
        // Typed before the ledger: not what the list shows.
        budgetAllocated: 99_000,
      });
      const tenureYear = currentTenure();
      await ledgerMoney(ctx.db, {
        unitId: club.id,
        tenureYear,
        heading: 'travel',
        allocated: 1000,
        paid: 400.25,
      });
      await ledgerMoney(ctx.db, { unitId: club.id, tenureYear, allocated: 250.5 });
      await ledgerMoney(ctx.db, {
        unitId: club.id,
        tenureYear: '2001-2002',
        allocated: 5000,
        paid: 5000,
      });
      const open = await createPosition(ctx.db, { unitId: club.id });
      await createPosition(ctx.db, { unitId: club.id, retiredAt: new Date() });
      await createPositionHolder(ctx.db, { positionId: open.id });
      await createPositionHolder(ctx.db, { positionId: open.id, status: 'completed' });
      await createUser(ctx.db, { role: 'CLUB_COORDINATOR', clubUnitId: club.id });
      const retired = await createOrgUnit(ctx.db, {
        name: 'Listed Old Club',
        parentId: scitech.id,
        retiredAt: new Date('2025-01-02T03:04:05Z'),
      });
      const { cookie } = await admin();
      const response = await get('/api/admin/units', cookie);
      expect(response.statusCode).toBe(200);
      const units: { id: string }[] = response.json().units;
      expect(units.find((unit) => unit.id === club.id)).toMatchObject({
        name: 'Listed Robotics Club',
        type: 'club',
        parentId: scitech.id,
        budgetAllocated: 1250.5,
        budgetSpent: 400.25,
        retiredAt: null,
        counts: { positions: 2, openPositions: 1, holders: 1, coordinators: 1 },
      });
      expect(units.find((unit) => unit.id === retired.id)).toMatchObject({
        name: 'Listed Old Club',
        retiredAt: '2025-01-02T03:04:05.000Z',
        budgetAllocated: 0,
        budgetSpent: 0,
      });
    });
  });

  describe('POST /api/admin/units', () => {
    it('refuses bad input with field messages and creates nothing', async () => {
      const { cookie } = await admin();
      const response = await send('POST', '/api/admin/units', cookie, {
        name: '  ',
        type: 'society',
        parentId: 'nope',
        contactEmail: 'not-an-email',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toEqual({
        name: NAME_REQUIRED,
        type: TYPE_INVALID,
        parentId: PARENT_NOT_FOUND,
        contactEmail: EMAIL_INVALID,
      });
    });

    it('creates a club under a council, trimmed, its money left to the ledger', async () => {
      const { scitech } = await council();
      const { cookie } = await admin();
      const response = await send('POST', '/api/admin/units', cookie, {
        name: '  Astronomy Club ',
        type: 'club',
        parentId: scitech.id.toUpperCase(),
        description: 'Night-sky sessions.',
        category: 'technical',
        contactEmail: 'astro@iitbhilai.ac.in',
        // A budget is allocated on the club's lines, not typed with the unit: this is not kept.
        budgetAllocated: '15000.75',
      });
      expect(response.statusCode).toBe(201);
      const { unit } = response.json();
      expect(unit).toMatchObject({
        name: 'Astronomy Club',
        type: 'club',
        parentId: scitech.id,
        category: 'technical',
        contactEmail: 'astro@iitbhilai.ac.in',
        budgetAllocated: 0,
        budgetSpent: 0,
      });
      expect(unit.code).toMatch(/^UNIT-\d{4,}$/);
      expect(await unitRow(unit.id)).toMatchObject({
        name: 'Astronomy Club',
        description: 'Night-sky sessions.',
      });
    });

    it('refuses a name another unit has, whatever the case (409 on name)', async () => {
      const { scitech } = await council();
      await createOrgUnit(ctx.db, { name: 'Chess Club', parentId: scitech.id });
      const { cookie } = await admin();
      const response = await send('POST', '/api/admin/units', cookie, {
        name: 'CHESS club',
        type: 'club',
        parentId: scitech.id,
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().error.fields).toEqual({ name: NAME_TAKEN });
      // Names that only look different: doubled and no-break spaces, full-width letters, an accent typed as two characters.
      for (const lookalike of ['Chess  Club', 'Chess\u00a0Club', '\uff23hess Club', ' Chess\tClub ']) {
        const again = await send('POST', '/api/admin/units', cookie, {
          name: lookalike,
          type: 'club',
          parentId: scitech.id,
        });
        expect([lookalike, again.statusCode, again.json().error.fields]).toEqual([
          lookalike,
          409,
          { name: NAME_TAKEN },
        ]);
      }
      await createOrgUnit(ctx.db, { name: 'Caf\u00e9 Club', parentId: scitech.id });
      const decomposed = await send('POST', '/api/admin/units', cookie, {
        name: 'Cafe\u0301 Club',
        type: 'club',
        parentId: scitech.id,
      });
      expect([decomposed.statusCode, decomposed.json().error.fields]).toEqual([
        409,
        { name: NAME_TAKEN },
      ]);
    });

    it('keeps the tree rules: one apex council without a parent, councils under it, clubs under a unit', async () => {
      const { apex, scitech } = await council();
      const club = await createOrgUnit(ctx.db, { name: 'Rules Club', parentId: scitech.id });
      const { cookie } = await admin();
      const second = await send('POST', '/api/admin/units', cookie, {
        name: 'Second Apex',
        type: 'council',
      });
      expect(second.statusCode).toBe(409);
      expect(second.json().error.message).toBe(
        'Council of Student Activities is already the apex council; a campus has one.',
      );
      const withParent = await send('POST', '/api/admin/units', cookie, {
        name: 'Apex Below',
        type: 'council',
        parentId: apex.id,
      });
      expect(withParent.json().error.fields).toEqual({ parentId: COUNCIL_NO_PARENT });
      const councilUnderClub = await send('POST', '/api/admin/units', cookie, {
        name: 'Misplaced Council',
        type: 'committee',
        parentId: club.id,
      });
      expect([councilUnderClub.statusCode, councilUnderClub.json().error.fields]).toEqual([
        409,
        { parentId: COMMITTEE_PARENT },
      ]);
      const orphan = await send('POST', '/api/admin/units', cookie, {
        name: 'Orphan Club',
        type: 'club',
      });
      expect(orphan.json().error.fields).toEqual({ parentId: PARENT_REQUIRED });
      const unknown = await send('POST', '/api/admin/units', cookie, {
        name: 'Lost Club',
        type: 'club',
        parentId: '00000000-0000-4000-8000-00000000abcd',
      });
      expect([unknown.statusCode, unknown.json().error.fields]).toEqual([
        400,
        { parentId: PARENT_NOT_FOUND },
      ]);
      const team = await send('POST', '/api/admin/units', cookie, {
        name: 'Rules Club Drone Team',
        type: 'club',
        parentId: club.id,
      });
      expect(team.statusCode).toBe(201);
      const names = await ctx.db
        .select({ name: orgUnits.name })
        .from(orgUnits)
        .where(
          sql`${orgUnits.name} in ('Second Apex', 'Apex Below', 'Misplaced Council', 'Orphan Club', 'Lost Club')`,
        );
      expect(names).toEqual([]);
    });
  });
});
