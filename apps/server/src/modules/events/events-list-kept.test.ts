import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { orgUnits } from '../../db/schema/index';
import { useTestApp } from '../../../test/build-test-app';
import { createEvent, createOrgUnit } from '../../../test/factories';
import { registrationClientOf } from '../../../test/registration-client';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/*
 * The /events list is kept a short while for everyone of a kind (decision 0030): what a person
 * sees must still follow every change at once, and never show one person's proposals to another.
 */
describe('the events list, kept for everyone who sees the same', () => {
  const ctx = useTestApp();
  const client = registrationClientOf(ctx);
  const titles = async (url: string, cookie: string) =>
    ((await client.inject('GET', url, cookie)).json().items as { title: string }[]).map(
      (event) => event.title,
    );

  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows a new, edited or cancelled event to the next request', async () => {
    const first = await client.student('Asha');
    const second = await client.student('Bala');
    const secretary = await client.as('GENSEC_CULTURAL');
    const unit = await createOrgUnit(ctx.db, { name: 'Music Club', category: 'cultural' });
    await createEvent(ctx.db, {
      title: 'Open mic',
      organizingUnitId: unit.id,
      scheduleStart: new Date(Date.now() + 2 * DAY),
    });
    const ofUnit = `/api/events?unitId=${unit.id}`;
    expect(await titles(ofUnit, first.cookie)).toEqual(['Open mic']);

    const created = await client.inject('POST', '/api/events', secretary.cookie, {
      title: 'Jazz evening',
      category: 'cultural',
      organizingUnitId: unit.id,
      start: new Date(Date.now() + DAY).toISOString(),
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().event.id as string;
    expect(await titles(ofUnit, second.cookie)).toEqual(['Jazz evening', 'Open mic']);
    const list = (await client.inject('GET', ofUnit, first.cookie)).json();
    expect(list).toMatchObject({ total: 2, overall: 2, counts: { upcoming: 2, past: 0 } });

    const edited = await client.inject('PUT', `/api/events/${id}`, secretary.cookie, {
      title: 'Jazz and blues evening',
      category: 'cultural',
      organizingUnitId: unit.id,
      start: new Date(Date.now() + DAY).toISOString(),
    });
    expect(edited.statusCode).toBe(200);
    expect(await titles(ofUnit, first.cookie)).toEqual(['Jazz and blues evening', 'Open mic']);

    expect(
      (await client.inject('POST', `/api/events/${id}/cancellation`, secretary.cookie)).statusCode,
    ).toBe(200);
    const afterCancel = (await client.inject('GET', ofUnit, second.cookie)).json();
    expect(afterCancel.items.map((event: { status: string }) => event.status)).toEqual([
      'cancelled',
      'planned',
    ]);
  });

  it("finds events by their unit's new name as soon as it is renamed", async () => {
    const student = await client.student('Chitra');
    const unit = await createOrgUnit(ctx.db, { name: 'Quiz Club', category: 'cultural' });
    await createEvent(ctx.db, {
      title: 'Monday quiz',
      organizingUnitId: unit.id,
      scheduleStart: new Date(Date.now() + DAY),
    });
    expect(await titles('/api/events?q=trivia', student.cookie)).toEqual([]);
    await ctx.db.update(orgUnits).set({ name: 'Trivia Society' }).where(eq(orgUnits.id, unit.id));
    expect(await titles('/api/events?q=trivia', student.cookie)).toEqual(['Monday quiz']);
    const list = (await client.inject('GET', `/api/events?unitId=${unit.id}`, student.cookie)).json();
    expect(list.items.map((event: { unitName: string }) => event.unitName)).toEqual(['Trivia Society']);
  });

  it("keeps a coordinator's proposal to those who may see it, whoever asked first", async () => {
    const club = await createOrgUnit(ctx.db, { name: 'Robotics Club', category: 'technical' });
    const ofClub = `/api/events?unitId=${club.id}`;
    const before = await client.student('Dev');
    expect(await titles(ofClub, before.cookie)).toEqual([]);

    const coordinator = await client.coordinatorOf(club.id);
    const proposed = await client.inject('POST', '/api/events', coordinator.cookie, {
      title: 'Line follower race',
      category: 'technical',
      organizingUnitId: club.id,
      start: new Date(Date.now() + 3 * DAY).toISOString(),
    });
    expect(proposed.statusCode).toBe(201);
    expect(await titles(ofClub, coordinator.cookie)).toEqual(['Line follower race']);
    expect(await titles(ofClub, before.cookie)).toEqual([]);
    const after = await client.student('Esha');
    expect(await titles(ofClub, after.cookie)).toEqual([]);
    expect((await client.inject('GET', ofClub, after.cookie)).json().counts).toEqual({
      upcoming: 0,
      past: 0,
    });
    // The coordinator, asking again after the students, still sees their own proposal.
    expect(await titles(ofClub, coordinator.cookie)).toEqual(['Line follower race']);
    const president = await client.as('PRESIDENT');
    expect(await titles(`${ofClub}&pending=true`, president.cookie)).toEqual(['Line follower race']);
  });

  it('moves an event that has ended to the past tab within half a minute', async () => {
    const student = await client.student('Farah');
    const unit = await createOrgUnit(ctx.db, { name: 'Yoga Club', category: 'sports' });
    const ofUnit = `/api/events?unitId=${unit.id}`;
    const now = Date.now();
    await createEvent(ctx.db, {
      title: 'Sunrise yoga',
      organizingUnitId: unit.id,
      scheduleStart: new Date(now - 30 * MINUTE),
      scheduleEnd: new Date(now + 10_000),
    });
    expect(await titles(ofUnit, student.cookie)).toEqual(['Sunrise yoga']);
    expect(await titles(`${ofUnit}&when=past`, student.cookie)).toEqual([]);

    vi.useFakeTimers({ toFake: ['Date'], now: now + 41_000 });
    expect(await titles(ofUnit, student.cookie)).toEqual([]);
    const past = (await client.inject('GET', `${ofUnit}&when=past`, student.cookie)).json();
    expect(past.items.map((event: { title: string }) => event.title)).toEqual(['Sunrise yoga']);
    expect(past.counts).toEqual({ upcoming: 0, past: 1 });
  });
});
