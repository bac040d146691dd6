import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { events } from '../../db/schema/index';
import { signInAs } from '../../../test/auth-helpers';
import { TEST_ORIGIN, useTestApp } from '../../../test/build-test-app';
import { createEvent, createOrgUnit, createUser } from '../../../test/factories';

const OTHER_UNIT = 'You can create events for your own club only.';

/** A club coordinator creates events for their own club only, and edits or cancels none. */
describe("a club coordinator's events", () => {
  const ctx = useTestApp();
  const headers = (cookie: string) => ({ origin: TEST_ORIGIN, cookie });
  const create = (payload: object, cookie: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/events', payload, headers: headers(cookie) });
  const coordinatorOf = async (clubUnitId?: string) => {
    const user = await createUser(ctx.db, {
      role: 'CLUB_COORDINATOR',
      ...(clubUnitId ? { clubUnitId } : {}),
    });
    return { user, cookie: await signInAs(ctx, user) };
  };

  it('proposes an event of their club, as its creator, for the council to decide', async () => {
    const club = await createOrgUnit(ctx.db, { name: 'Photography Club' });
    const { user, cookie } = await coordinatorOf(club.id);
    const response = await create(
      { title: 'Photo walk', category: 'cultural', organizingUnitId: club.id },
      cookie,
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().event).toMatchObject({
      title: 'Photo walk',
      unit: { id: club.id, name: 'Photography Club' },
      approval: 'proposed',
      canEdit: true,
      canCancel: true,
      canDecide: false,
    });
    const [row] = await ctx.db.select().from(events).where(eq(events.id, response.json().event.id));
    expect(row!.createdBy).toBe(user.id);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/events', headers: headers(cookie) })).json()
        .canCreate,
    ).toBe(true);
  });

  it('refuses (403) an event of another unit, and one from an account without a club, and stores nothing', async () => {
    const club = await createOrgUnit(ctx.db);
    const other = await createOrgUnit(ctx.db);
    const { cookie } = await coordinatorOf(club.id);
    const refused = await create(
      { title: 'Not ours', category: 'other', organizingUnitId: other.id },
      cookie,
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(OTHER_UNIT);
    const lonely = await coordinatorOf();
    expect(
      (await create({ title: 'Nowhere', category: 'other', organizingUnitId: club.id }, lonely.cookie))
        .statusCode,
    ).toBe(403);
    expect(await ctx.db.select().from(events).where(eq(events.title, 'Not ours'))).toHaveLength(0);
  });

  it("edits and cancels their club's events, never another unit's", async () => {
    const club = await createOrgUnit(ctx.db);
    const { cookie } = await coordinatorOf(club.id);
    const change = (id: string, title: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/events/${id}`,
        payload: { title, category: 'other', organizingUnitId: club.id },
        headers: headers(cookie),
      });
    const cancel = (id: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/events/${id}/cancellation`,
        headers: headers(cookie),
      });
    const others = await createEvent(ctx.db, { title: 'Not theirs' });
    expect((await change(others.id, 'Renamed')).statusCode).toBe(403);
    expect((await cancel(others.id)).statusCode).toBe(403);
    const [row] = await ctx.db.select().from(events).where(eq(events.id, others.id));
    expect(row).toMatchObject({ title: 'Not theirs', status: 'planned' });

    const ours = await createEvent(ctx.db, { organizingUnitId: club.id });
    const edited = await change(ours.id, 'Renamed by the club');
    expect(edited.statusCode).toBe(200);
    expect(edited.json().event).toMatchObject({ title: 'Renamed by the club', approval: 'approved' });
    expect((await cancel(ours.id)).json().event).toMatchObject({ status: 'cancelled' });
  });

  it('lists the events one unit organizes with ?unitId, naming the unit, with the tab counts of that unit', async () => {
    const club = await createOrgUnit(ctx.db, { name: 'Astronomy Club Kappa' });
    const { cookie } = await coordinatorOf(club.id);
    const ours = await createEvent(ctx.db, { organizingUnitId: club.id, title: 'Star party Kappa' });
    await createEvent(ctx.db, {
      organizingUnitId: club.id,
      title: 'Moon watch Kappa',
      scheduleStart: new Date(Date.now() - 10 * 86_400_000),
      scheduleEnd: new Date(Date.now() - 9 * 86_400_000),
    });
    await createEvent(ctx.db, { title: 'Campus fest Kappa' });
    const list = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/events?unitId=${club.id.toUpperCase()}`,
        headers: headers(cookie),
      })
    ).json();
    expect(list.items.map((item: { id: string }) => item.id)).toEqual([ours.id]);
    expect(list).toMatchObject({
      total: 1,
      overall: 2,
      counts: { upcoming: 1, past: 1 },
      unit: { id: club.id, name: 'Astronomy Club Kappa' },
    });
    const searched = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/events?unitId=${club.id}&q=fest`,
        headers: headers(cookie),
      })
    ).json();
    expect(searched.items).toEqual([]);
    const everyone = (
      await ctx.app.inject({ method: 'GET', url: '/api/events?q=kappa', headers: headers(cookie) })
    ).json();
    expect(everyone).toMatchObject({ total: 2, unit: null });
    const bad = await ctx.app.inject({
      method: 'GET',
      url: '/api/events?unitId=coding-club',
      headers: headers(cookie),
    });
    expect(bad.statusCode).toBe(400);
  });
});
