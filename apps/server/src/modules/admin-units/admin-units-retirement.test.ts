import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, orgUnits, positions } from '../../db/schema/index';
import { signInAs } from '../../../test/auth-helpers';
import { TEST_ORIGIN, useTestApp } from '../../../test/build-test-app';
import {
  createEvent,
  createOrgUnit,
  createPosition,
  createStudent,
  createUser,
} from '../../../test/factories';

// Typed by hand from issue 13: a retired unit keeps its history and leaves every picker.
const ALREADY_RETIRED = 'This unit is already retired.';
const NOT_RETIRED = 'This unit is not retired.';
const IS_RETIRED = 'This unit is retired. Reinstate it before changing it.';
const NOT_FOUND = 'This unit no longer exists.';
const CHOOSE_UNIT = 'Please choose a unit from the list.';
const CHOOSE_TARGET = 'Please choose a target from the list.';

describe('administration: retiring and reinstating a unit', () => {
  const ctx = useTestApp();
  const get = (url: string, cookie?: string) =>
    ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const send = (method: 'POST' | 'PATCH' | 'PUT', url: string, cookie?: string, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    });
  const signIn = async (role: 'ADMIN' | 'PRESIDENT') => {
    const user = await createUser(ctx.db, { role });
    return { user, cookie: await signInAs(ctx, user) };
  };
  let apexOnce: Promise<{ id: string }> | undefined;
  /** A council under the file's one apex council. */
  const councilUnit = async (name: string) => {
    const apex = await (apexOnce ??= createOrgUnit(ctx.db, {
      name: 'Retirement Apex Council',
      type: 'council',
    }));
    return createOrgUnit(ctx.db, { name, type: 'committee', parentId: apex.id });
  };
  const unitRow = async (id: string) =>
    (await ctx.db.select().from(orgUnits).where(eq(orgUnits.id, id)))[0]!;
  const lookupNames = async (cookie: string, q: string) =>
    (
      (await get(`/api/lookup/units?q=${encodeURIComponent(q)}`, cookie)).json().items as {
        label: string;
      }[]
    ).map((item) => item.label);

  it('retires a club with its open positions; it keeps its history but leaves every picker', async () => {
    const parent = await councilUnit('Pickers Council');
    const club = await createOrgUnit(ctx.db, { name: 'Pickers Club', parentId: parent.id });
    const open = await createPosition(ctx.db, { unitId: club.id, title: 'Pickers Captain' });
    const oldRetiredAt = new Date('2024-06-01T00:00:00Z');
    const old = await createPosition(ctx.db, {
      unitId: club.id,
      title: 'Pickers Old Post',
      retiredAt: oldRetiredAt,
    });
    const event = await createEvent(ctx.db, { organizingUnitId: club.id, title: 'Pickers Meetup' });
    const { user: admin, cookie } = await signIn('ADMIN');
    const { cookie: president } = await signIn('PRESIDENT');
    expect(await lookupNames(president, 'Pickers')).toEqual(['Pickers Club', 'Pickers Council']);

    const response = await send('POST', `/api/admin/units/${club.id}/retirement`, cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json().retiredPositions).toBe(1);
    expect(response.json().unit).toMatchObject({
      name: 'Pickers Club',
      counts: { positions: 2, openPositions: 0 },
    });
    expect(response.json().unit.retiredAt).not.toBeNull();
    const [openAfter, oldAfter] = await Promise.all(
      [open.id, old.id].map(
        async (id) => (await ctx.db.select().from(positions).where(eq(positions.id, id)))[0]!,
      ),
    );
    expect(openAfter).toMatchObject({ retiredBy: admin.id });
    expect(openAfter!.retiredAt).not.toBeNull();
    expect(oldAfter!.retiredAt).toEqual(oldRetiredAt);

    // Gone from the pickers: the unit lookup, a new position, a new event, feedback about it.
    expect(await lookupNames(president, 'Pickers')).toEqual(['Pickers Council']);
    const newPosition = await send('POST', '/api/positions', president, {
      title: 'Pickers Treasurer',
      unitId: club.id,
      positionType: 'Member',
      positionCount: 1,
      responsibilities: ['Keep the accounts'],
      requirements: {},
    });
    expect([newPosition.statusCode, newPosition.json().error.fields]).toEqual([
      400,
      { unitId: CHOOSE_UNIT },
    ]);
    const newEvent = await send('POST', '/api/events', president, {
      title: 'Pickers Night',
      category: 'technical',
      organizingUnitId: club.id,
    });
    expect([newEvent.statusCode, newEvent.json().error.fields]).toEqual([
      400,
      { organizingUnitId: CHOOSE_UNIT },
    ]);
    const student = await signInAs(ctx, (await createStudent(ctx.db)).user);
    const about = await send('POST', '/api/feedback', student, {
      type: 'Suggestion',
      targetType: 'Club/Organization',
      targetId: club.id,
      comments: 'Please come back.',
      isAnonymous: false,
    });
    expect([about.statusCode, about.json().error.fields]).toEqual([400, { targetId: CHOOSE_TARGET }]);

    // Its records stay readable, and an event it organized can still be edited with it.
    const position = await get(`/api/positions/${open.id}`, president);
    expect([position.statusCode, position.json().position.unit.name]).toEqual([200, 'Pickers Club']);
    const edited = await send('PUT', `/api/events/${event.id}`, president, {
      title: 'Pickers Meetup (final)',
      category: 'technical',
      organizingUnitId: club.id,
    });
    expect([edited.statusCode, edited.json().event.title]).toEqual([200, 'Pickers Meetup (final)']);

    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, club.id), eq(auditLog.kind, 'unit')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: admin.id,
      action: 'update',
      before: { retired_at: null },
    });
    expect((audit[0]!.after as { retired_at: string | null }).retired_at).not.toBeNull();
    const positionAudit = await ctx.db.select().from(auditLog).where(eq(auditLog.subjectId, open.id));
    expect(positionAudit.map((row) => [row.kind, row.actorId])).toEqual([['position', admin.id]]);
  });

  it('refuses a unit already retired, with units in use below it, or with a coordinator linked; 404 for none', async () => {
    const parent = await councilUnit('Refusing Council');
    const busy = await createOrgUnit(ctx.db, { name: 'Refusing Busy Club', parentId: parent.id });
    await createOrgUnit(ctx.db, { name: 'Refusing Busy Team', parentId: busy.id });
    await createOrgUnit(ctx.db, {
      name: 'Refusing Gone Team',
      parentId: busy.id,
      retiredAt: new Date(),
    });
    const coordinated = await createOrgUnit(ctx.db, {
      name: 'Refusing Coordinated Club',
      parentId: parent.id,
    });
    await createUser(ctx.db, {
      role: 'CLUB_COORDINATOR',
      clubUnitId: coordinated.id,
      name: 'Kavya Rao',
    });
    const retired = await createOrgUnit(ctx.db, {
      name: 'Refusing Retired Club',
      parentId: parent.id,
      retiredAt: new Date(),
    });
    const { cookie } = await signIn('ADMIN');

    const withChildren = await send('POST', `/api/admin/units/${busy.id}/retirement`, cookie);
    expect([withChildren.statusCode, withChildren.json().error.message]).toEqual([
      409,
      'Retire or move its units first: Refusing Busy Team.',
    ]);
    const withCoordinator = await send('POST', `/api/admin/units/${coordinated.id}/retirement`, cookie);
    expect([withCoordinator.statusCode, withCoordinator.json().error.message]).toEqual([
      409,
      'The club coordinator account of Kavya Rao is linked to this unit. Link it to another club in Users and roles first.',
    ]);
    const again = await send('POST', `/api/admin/units/${retired.id}/retirement`, cookie);
    expect([again.statusCode, again.json().error.message]).toEqual([409, ALREADY_RETIRED]);
    const none = await send(
      'POST',
      '/api/admin/units/00000000-0000-4000-8000-00000000abcd/retirement',
      cookie,
    );
    expect([none.statusCode, none.json().error.message]).toEqual([404, NOT_FOUND]);
    const change = await send('PATCH', `/api/admin/units/${retired.id}`, cookie, {
      name: 'Refusing Revived Club',
    });
    expect([change.statusCode, change.json().error.message]).toEqual([409, IS_RETIRED]);
    const under = await send('POST', '/api/admin/units', cookie, {
      name: 'Refusing New Team',
      type: 'club',
      parentId: retired.id,
    });
    expect([under.statusCode, under.json().error.fields]).toEqual([
      409,
      { parentId: 'Refusing Retired Club is retired; choose a unit that is not.' },
    ]);
    expect((await unitRow(busy.id)).retiredAt).toBeNull();
    expect((await unitRow(coordinated.id)).retiredAt).toBeNull();
    expect((await unitRow(retired.id)).name).toBe('Refusing Retired Club');
  });

  it('reinstates a retired unit whose parent is in use, back into the pickers', async () => {
    const parent = await councilUnit('Reinstating Council');
    const club = await createOrgUnit(ctx.db, { name: 'Reinstating Club', parentId: parent.id });
    const team = await createOrgUnit(ctx.db, { name: 'Reinstating Team', parentId: club.id });
    const { cookie } = await signIn('ADMIN');
    const { cookie: president } = await signIn('PRESIDENT');
    expect((await send('POST', `/api/admin/units/${team.id}/retirement`, cookie)).statusCode).toBe(200);
    expect((await send('POST', `/api/admin/units/${club.id}/retirement`, cookie)).statusCode).toBe(200);

    const parentRetired = await send('POST', `/api/admin/units/${team.id}/reinstatement`, cookie);
    expect([parentRetired.statusCode, parentRetired.json().error.message]).toEqual([
      409,
      'It sits under Reinstating Club, which is retired. Reinstate Reinstating Club first.',
    ]);
    const back = await send('POST', `/api/admin/units/${club.id}/reinstatement`, cookie);
    expect([back.statusCode, back.json().unit.retiredAt]).toEqual([200, null]);
    expect(await lookupNames(president, 'Reinstating')).toEqual([
      'Reinstating Club',
      'Reinstating Council',
    ]);
    const notRetired = await send('POST', `/api/admin/units/${club.id}/reinstatement`, cookie);
    expect([notRetired.statusCode, notRetired.json().error.message]).toEqual([409, NOT_RETIRED]);
  });
});
