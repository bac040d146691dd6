import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activityLog, eventOrganizers, events } from '../../db/schema/index';
import { signInAs } from '../../../test/auth-helpers';
import { TEST_ORIGIN, useTestApp, type TestContext } from '../../../test/build-test-app';
import {
  addEventOrganizers,
  createEvent,
  createOrgUnit,
  createStudent,
  createUser,
} from '../../../test/factories';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const EVENT_CODE = /^EVT-\d{5,}$/;
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const MISSING = '11111111-2222-4333-8444-555555555555';

const NOT_FOUND = 'Event not found.';
const NOT_ALLOWED = "Only the event's creator or the president can change it.";
const ALREADY_CANCELLED = 'This event is cancelled and can no longer be changed.';
const UNIT_INVALID = 'Please choose a unit from the list.';
const ORGANIZERS_INVALID = 'Please choose organizers from the list.';

type Role = 'STUDENT' | 'GENSEC_SPORTS' | 'GENSEC_CULTURAL' | 'PRESIDENT';

/** Requests as the portal's pages send them, for one test app. */
function clientOf(ctx: TestContext) {
  const headers = (cookie?: string) => ({ origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) });
  return {
    get: (url: string, cookie?: string) =>
      ctx.app.inject({ method: 'GET', url, headers: headers(cookie) }),
    create: (payload: object, cookie?: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/events', payload, headers: headers(cookie) }),
    edit: (id: string, payload: object, cookie?: string) =>
      ctx.app.inject({ method: 'PUT', url: `/api/events/${id}`, payload, headers: headers(cookie) }),
    cancel: (id: string, cookie?: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/events/${id}/cancellation`,
        headers: headers(cookie),
      }),
    as: async (role: Role, name?: string) => {
      const user =
        role === 'STUDENT'
          ? (await createStudent(ctx.db, name ? { name } : {})).user
          : await createUser(ctx.db, { role, ...(name ? { name } : {}) });
      return { user, cookie: await signInAs(ctx, user) };
    },
    activityOf: (eventId: string) =>
      ctx.db.select().from(activityLog).where(eq(activityLog.subjectId, eventId)),
    rowOf: async (eventId: string) =>
      (await ctx.db.select().from(events).where(eq(events.id, eventId)))[0]!,
  };
}

describe('event changes', () => {
  const ctx = useTestApp();
  const client = clientOf(ctx);
  const form = async (overrides: Record<string, unknown> = {}) => ({
    title: 'Inter-hostel football final',
    category: 'sports',
    organizingUnitId: (await createOrgUnit(ctx.db)).id,
    ...overrides,
  });

  describe('access', () => {
    it('asks a signed-out visitor to sign in on every endpoint', async () => {
      const event = await createEvent(ctx.db);
      const [list, detail] = [
        await client.get('/api/events'),
        await client.get(`/api/events/${event.id}`),
      ];
      for (const response of [
        list,
        detail,
        await client.create(await form()),
        await client.edit(event.id, await form()),
        await client.cancel(event.id),
      ]) {
        expect(response.statusCode).toBe(401);
        expect(response.json().error.code).toBe('UNAUTHENTICATED');
      }
    });

    it('refuses a student creating, editing or cancelling, and changes nothing', async () => {
      const { cookie } = await client.as('STUDENT');
      const event = await createEvent(ctx.db, { title: 'Quiz night' });
      const created = await client.create(await form({ title: 'Student event' }), cookie);
      for (const response of [
        created,
        await client.edit(event.id, await form({ title: 'Renamed by a student' }), cookie),
        await client.cancel(event.id, cookie),
      ]) {
        expect(response.statusCode).toBe(403);
        expect(response.json().error.code).toBe('FORBIDDEN');
      }
      expect(await ctx.db.select().from(events).where(eq(events.title, 'Student event'))).toEqual([]);
      expect(await client.rowOf(event.id)).toMatchObject({ title: 'Quiz night', status: 'planned' });
    });

    it("refuses a secretary changing another official's event, with the reason", async () => {
      const { user: cultural } = await client.as('GENSEC_CULTURAL');
      const { cookie } = await client.as('GENSEC_SPORTS');
      const event = await createEvent(ctx.db, { title: 'Dance battle', createdBy: cultural.id });
      for (const response of [
        await client.edit(event.id, await form({ title: 'Taken over' }), cookie),
        await client.cancel(event.id, cookie),
      ]) {
        expect(response.statusCode).toBe(403);
        expect(response.json().error).toEqual({ code: 'FORBIDDEN', message: NOT_ALLOWED });
      }
      expect(await client.rowOf(event.id)).toMatchObject({ title: 'Dance battle', status: 'planned' });
      expect(await client.activityOf(event.id)).toEqual([]);
    });

    it('answers 404 for an event that does not exist and 400 for an id that is not one', async () => {
      const { cookie } = await client.as('PRESIDENT');
      for (const response of [
        await client.get(`/api/events/${MISSING}`, cookie),
        await client.edit(MISSING, await form(), cookie),
        await client.cancel(MISSING, cookie),
      ]) {
        expect(response.statusCode).toBe(404);
        expect(response.json().error).toEqual({ code: 'NOT_FOUND', message: NOT_FOUND });
      }
      expect((await client.get('/api/events/not-an-id', cookie)).statusCode).toBe(400);
    });
  });

  describe('POST /api/events', () => {
    it('records every field, the organizers once each and an activity line; the creator is the signed-in user', async () => {
      const { user: secretary, cookie } = await client.as('GENSEC_SPORTS', 'Meera Nair');
      const { user: other } = await client.as('PRESIDENT');
      const unit = await createOrgUnit(ctx.db, { name: 'Robotics Society' });
      const zara = await createUser(ctx.db, { name: 'Zara Khan', username: 'a.khan' });
      const aditya = await createUser(ctx.db, { name: 'Aditya Rao', username: 'z.rao' });
      const response = await client.create(
        {
          title: '  Robo Wars 2030 ',
          description: 'Robots fight in the arena.',
          category: 'technical',
          type: 'Competition',
          organizingUnitId: unit.id,
          organizerIds: [zara.id, zara.id.toUpperCase(), aditya.id],
          start: '2030-03-14T10:00:00+05:30',
          end: '2030-03-14T18:00:00+05:30',
          venue: 'Main Ground',
          mode: 'offline',
          registrationRequired: true,
          registrationStart: '2030-03-01T09:00:00+05:30',
          registrationEnd: '2030-03-13T23:59:00+05:30',
          registrationFees: '150.50',
          maxParticipants: '120',
          budgetAllocated: 25000.75,
          sponsors: ['TechCorp', 'TechCorp', 'Campus Bank'],
          createdBy: other.id,
          status: 'cancelled',
        },
        cookie,
      );
      expect(response.statusCode).toBe(201);
      const { event } = response.json();
      expect(event).toEqual({
        id: expect.stringMatching(UUID),
        eventCode: expect.stringMatching(EVENT_CODE),
        title: 'Robo Wars 2030',
        description: 'Robots fight in the arena.',
        category: 'technical',
        type: 'Competition',
        mode: 'offline',
        venue: 'Main Ground',
        start: '2030-03-14T04:30:00.000Z',
        end: '2030-03-14T12:30:00.000Z',
        status: 'planned',
        unitName: 'Robotics Society',
        unit: { id: unit.id, name: 'Robotics Society' },
        organizers: [
          { id: aditya.id, name: 'Aditya Rao', username: 'z.rao' },
          { id: zara.id, name: 'Zara Khan', username: 'a.khan' },
        ],
        registration: {
          required: true,
          start: '2030-03-01T03:30:00.000Z',
          end: '2030-03-13T18:29:00.000Z',
          fees: 150.5,
          maxParticipants: 120,
        },
        budget: { allocated: 25000.75, sponsors: ['TechCorp', 'Campus Bank'] },
        createdBy: { id: secretary.id, name: 'Meera Nair' },
        createdAt: expect.stringMatching(ISO_TIME),
        canEdit: true,
        canCancel: true,
      });
      expect(await client.rowOf(event.id)).toMatchObject({
        createdBy: secretary.id,
        status: 'planned',
        organizingUnitId: unit.id,
        scheduleStart: new Date('2030-03-14T04:30:00.000Z'),
        registrationFees: 150.5,
        budgetAllocated: 25000.75,
      });
      const organizerRows = await ctx.db
        .select()
        .from(eventOrganizers)
        .where(eq(eventOrganizers.eventId, event.id));
      expect(organizerRows.map((row) => row.userId).sort()).toEqual([zara.id, aditya.id].sort());
      expect(await client.activityOf(event.id)).toEqual([
        expect.objectContaining({
          type: 'event',
          actorId: secretary.id,
          subjectType: 'event',
          description: expect.stringContaining('Robo Wars 2030'),
        }),
      ]);
    });

    it('answers each invalid field with its message and records nothing', async () => {
      const { cookie } = await client.as('PRESIDENT');
      const registration = {
        registrationRequired: true,
        start: '2030-05-01T10:00:00Z',
        end: '2030-05-01T12:00:00Z',
      };
      const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
        [{ title: '   ' }, { title: 'Title is required' }],
        [{ category: undefined }, { category: 'Category is required' }],
        [{ category: '' }, { category: 'Category is required' }],
        [{ organizingUnitId: undefined }, { organizingUnitId: 'Organizing unit is required' }],
        [
          { start: '2030-05-01T10:00:00Z', end: '2030-05-01T09:00:00Z' },
          { end: 'The event must end after it starts.' },
        ],
        [
          {
            ...registration,
            registrationStart: '2030-04-01T10:00:00Z',
            registrationEnd: '2030-05-01T13:00:00Z',
          },
          { registrationEnd: 'Registration must close before the event ends.' },
        ],
        [
          { ...registration, registrationFees: -1 },
          { registrationFees: 'Fees must be a number of rupees, 0 or more, with at most 2 decimals.' },
        ],
        [
          { ...registration, maxParticipants: 2.5 },
          { maxParticipants: 'Max participants must be a whole number, 1 or more.' },
        ],
        [
          { budgetAllocated: -100 },
          { budgetAllocated: 'Budget must be a number of rupees, 0 or more, with at most 2 decimals.' },
        ],
      ];
      for (const [overrides, fields] of cases) {
        const response = await client.create(
          await form({ title: 'Invalid event', ...overrides }),
          cookie,
        );
        expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
        expect(response.json().error, JSON.stringify(overrides)).toMatchObject({
          code: 'VALIDATION_FAILED',
          fields,
        });
        expect(Object.keys(response.json().error.fields), JSON.stringify(overrides)).toEqual(
          Object.keys(fields),
        );
      }
      expect(await ctx.db.select().from(events).where(eq(events.title, 'Invalid event'))).toEqual([]);
    });

    it('refuses a unit that does not exist and organizers that do not or have no proven account', async () => {
      const { cookie } = await client.as('GENSEC_CULTURAL');
      const unproven = await createUser(ctx.db, { emailVerifiedAt: null });
      const noUnit = await client.create(
        await form({ title: 'Orphan event', organizingUnitId: MISSING }),
        cookie,
      );
      expect(noUnit.statusCode).toBe(400);
      expect(noUnit.json().error).toEqual({
        code: 'VALIDATION_FAILED',
        message: UNIT_INVALID,
        fields: { organizingUnitId: UNIT_INVALID },
      });
      for (const organizerIds of [[MISSING], [unproven.id]]) {
        const response = await client.create(
          await form({ title: 'Orphan event', organizerIds }),
          cookie,
        );
        expect(response.statusCode).toBe(400);
        expect(response.json().error).toEqual({
          code: 'VALIDATION_FAILED',
          message: ORGANIZERS_INVALID,
          fields: { organizerIds: ORGANIZERS_INVALID },
        });
      }
      expect(await ctx.db.select().from(events).where(eq(events.title, 'Orphan event'))).toEqual([]);
    });
  });

  describe('PUT /api/events/:id', () => {
    it('lets the creator replace the details and the organizers, and logs it', async () => {
      const { user: secretary, cookie } = await client.as('GENSEC_SPORTS');
      const [before, after] = [
        await createUser(ctx.db),
        await createUser(ctx.db, { name: 'Kabir Das', username: 'kdas' }),
      ];
      const event = await createEvent(ctx.db, {
        title: 'Chess open',
        createdBy: secretary.id,
        registrationRequired: true,
        maxParticipants: 64,
      });
      await addEventOrganizers(ctx.db, event.id, [before.id]);
      const unit = await createOrgUnit(ctx.db, { name: 'Chess Club' });
      const payload = {
        title: 'Chess open (rapid)',
        category: 'sports',
        organizingUnitId: unit.id,
        organizerIds: [after.id],
        start: '2031-01-10T04:00:00Z',
        venue: 'Library hall',
      };
      const response = await client.edit(event.id, payload, cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json().event).toMatchObject({
        id: event.id,
        title: 'Chess open (rapid)',
        start: '2031-01-10T04:00:00.000Z',
        end: null,
        venue: 'Library hall',
        mode: null,
        unit: { id: unit.id, name: 'Chess Club' },
        organizers: [{ id: after.id, name: 'Kabir Das', username: 'kdas' }],
        registration: { required: false, start: null, end: null, fees: null, maxParticipants: null },
        canEdit: true,
      });
      expect(await client.rowOf(event.id)).toMatchObject({
        title: 'Chess open (rapid)',
        createdBy: secretary.id,
        maxParticipants: null,
      });
      expect(
        (await ctx.db.select().from(eventOrganizers).where(eq(eventOrganizers.eventId, event.id))).map(
          (row) => row.userId,
        ),
      ).toEqual([after.id]);
      expect(await client.activityOf(event.id)).toEqual([
        expect.objectContaining({ type: 'event', actorId: secretary.id }),
      ]);
    });

    it("lets the president edit another official's event, and checks the input", async () => {
      const { user: creator } = await client.as('GENSEC_CULTURAL');
      const { cookie } = await client.as('PRESIDENT');
      const event = await createEvent(ctx.db, { title: 'Open mic', createdBy: creator.id });
      const blank = await client.edit(event.id, await form({ title: '' }), cookie);
      expect(blank.statusCode).toBe(400);
      expect(blank.json().error.fields).toEqual({ title: 'Title is required' });
      const response = await client.edit(event.id, await form({ title: 'Open mic night' }), cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json().event).toMatchObject({
        title: 'Open mic night',
        createdBy: { id: creator.id },
        canEdit: true,
      });
      expect(await client.rowOf(event.id)).toMatchObject({
        title: 'Open mic night',
        createdBy: creator.id,
      });
    });

    it('refuses to change a cancelled event', async () => {
      const { user, cookie } = await client.as('GENSEC_SPORTS');
      const event = await createEvent(ctx.db, {
        title: 'Rained out',
        createdBy: user.id,
        status: 'cancelled',
      });
      const response = await client.edit(event.id, await form({ title: 'Back on' }), cookie);
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toEqual({ code: 'CONFLICT', message: ALREADY_CANCELLED });
      expect(await client.rowOf(event.id)).toMatchObject({ title: 'Rained out', status: 'cancelled' });
    });
  });

  describe('POST /api/events/:id/cancellation', () => {
    it('cancels once: a second cancellation answers the same event and logs nothing more', async () => {
      const { user, cookie } = await client.as('GENSEC_SPORTS');
      const event = await createEvent(ctx.db, { createdBy: user.id });
      for (const attempt of [1, 2]) {
        const response = await client.cancel(event.id, cookie);
        expect(response.statusCode, `attempt ${attempt}`).toBe(200);
        expect(response.json().event).toMatchObject({
          id: event.id,
          status: 'cancelled',
          canEdit: false,
        });
      }
      expect((await client.rowOf(event.id)).status).toBe('cancelled');
      expect(await client.activityOf(event.id)).toEqual([
        expect.objectContaining({ type: 'event', actorId: user.id, subjectType: 'event' }),
      ]);
    });

    it('refuses to cancel an event that took place, which can still be corrected', async () => {
      const { user, cookie } = await client.as('GENSEC_SPORTS');
      const event = await createEvent(ctx.db, {
        title: 'Annual athletics meet',
        createdBy: user.id,
        status: 'completed',
      });
      expect((await client.get(`/api/events/${event.id}`, cookie)).json().event).toMatchObject({
        canEdit: true,
        canCancel: false,
      });
      const response = await client.cancel(event.id, cookie);
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toEqual({
        code: 'CONFLICT',
        message: 'This event has taken place and cannot be cancelled.',
      });
      expect(await client.rowOf(event.id)).toMatchObject({ status: 'completed' });
      expect(await client.activityOf(event.id)).toEqual([]);
      expect(
        (await client.edit(event.id, await form({ title: 'Annual athletics meet 2026' }), cookie))
          .statusCode,
      ).toBe(200);
    });

    it('refuses to cancel an event whose time has passed, though nobody marked it completed', async () => {
      const { user, cookie } = await client.as('GENSEC_SPORTS');
      const ended = await createEvent(ctx.db, {
        createdBy: user.id,
        status: 'planned',
        scheduleStart: new Date(Date.now() - 3 * DAY),
        scheduleEnd: new Date(Date.now() - 2 * DAY),
      });
      expect((await client.get(`/api/events/${ended.id}`, cookie)).json().event).toMatchObject({
        canEdit: true,
        canCancel: false,
      });
      const response = await client.cancel(ended.id, cookie);
      expect(response.statusCode).toBe(409);
      expect(response.json().error.message).toBe('This event has taken place and cannot be cancelled.');
      expect(await client.rowOf(ended.id)).toMatchObject({ status: 'planned' });
      // Under way: it can still be called off.
      const running = await createEvent(ctx.db, {
        createdBy: user.id,
        status: 'ongoing',
        scheduleStart: new Date(Date.now() - HOUR),
        scheduleEnd: new Date(Date.now() + HOUR),
      });
      expect((await client.cancel(running.id, cookie)).json().event).toMatchObject({
        status: 'cancelled',
      });
    });

    it('keeps one cancellation line and never un-cancels when requests race', async () => {
      const { user, cookie } = await client.as('GENSEC_SPORTS');
      const { cookie: president } = await client.as('PRESIDENT');
      for (let round = 0; round < 4; round += 1) {
        const twice = await createEvent(ctx.db, { createdBy: user.id });
        const responses = await Promise.all([
          client.cancel(twice.id, cookie),
          client.cancel(twice.id, president),
          client.cancel(twice.id, cookie),
        ]);
        expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200]);
        expect((await client.rowOf(twice.id)).status).toBe('cancelled');
        expect(await client.activityOf(twice.id)).toHaveLength(1);

        const raced = await createEvent(ctx.db, { title: 'Before the race', createdBy: user.id });
        const edit = await form({ title: 'After the race' });
        const [edited, cancelled] = await Promise.all([
          client.edit(raced.id, edit, cookie),
          client.cancel(raced.id, president),
        ]);
        expect(cancelled.statusCode).toBe(200);
        expect([200, 409]).toContain(edited.statusCode);
        // The edit lands wholly before the cancellation (which then shows it) or not at all.
        const title = edited.statusCode === 200 ? 'After the race' : 'Before the race';
        expect(cancelled.json().event.title).toBe(title);
        expect(await client.rowOf(raced.id)).toMatchObject({ status: 'cancelled', title });
        expect(await client.activityOf(raced.id)).toHaveLength(edited.statusCode === 200 ? 2 : 1);
      }
    });
  });

  describe('GET /api/events/:id', () => {
    it('shows the unit, the organizers by name, the creator, and who may edit', async () => {
      const { user: creator, cookie } = await client.as('GENSEC_CULTURAL', 'Diya Iyer');
      const unit = await createOrgUnit(ctx.db, { name: 'Music Club' });
      const [riya, arjun] = [
        await createUser(ctx.db, { name: 'Riya Singh', username: 'a.singh' }),
        await createUser(ctx.db, { name: 'Arjun Verma', username: 'z.verma' }),
      ];
      const start = new Date('2031-02-01T13:30:00.000Z');
      const event = await createEvent(ctx.db, {
        title: 'Spring concert',
        description: 'Bands of the campus.',
        category: 'cultural',
        type: 'Concert',
        organizingUnitId: unit.id,
        createdBy: creator.id,
        scheduleStart: start,
        scheduleEnd: null,
        venue: 'Amphitheatre',
        mode: 'hybrid',
        registrationRequired: true,
        registrationFees: 99.99,
        maxParticipants: 500,
        budgetAllocated: 12000,
        sponsors: ['Campus Bank'],
      });
      await addEventOrganizers(ctx.db, event.id, [riya.id, arjun.id]);
      const response = await client.get(`/api/events/${event.id}`, cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        event: {
          id: event.id,
          eventCode: event.eventCode,
          title: 'Spring concert',
          description: 'Bands of the campus.',
          category: 'cultural',
          type: 'Concert',
          mode: 'hybrid',
          venue: 'Amphitheatre',
          start: '2031-02-01T13:30:00.000Z',
          end: null,
          status: 'planned',
          unitName: 'Music Club',
          unit: { id: unit.id, name: 'Music Club' },
          organizers: [
            { id: arjun.id, name: 'Arjun Verma', username: 'z.verma' },
            { id: riya.id, name: 'Riya Singh', username: 'a.singh' },
          ],
          registration: { required: true, start: null, end: null, fees: 99.99, maxParticipants: 500 },
          budget: { allocated: 12000, sponsors: ['Campus Bank'] },
          createdBy: { id: creator.id, name: 'Diya Iyer' },
          createdAt: event.createdAt.toISOString(),
          canEdit: true,
          canCancel: true,
        },
      });
      for (const [role, canEdit] of [
        ['STUDENT', false],
        ['GENSEC_SPORTS', false],
        ['PRESIDENT', true],
      ] as const) {
        const viewer = await client.as(role);
        expect(
          (await client.get(`/api/events/${event.id}`, viewer.cookie)).json().event.canEdit,
          role,
        ).toBe(canEdit);
      }
      await ctx.db.update(events).set({ status: 'cancelled' }).where(eq(events.id, event.id));
      expect((await client.get(`/api/events/${event.id}`, cookie)).json().event).toMatchObject({
        status: 'cancelled',
        canEdit: false,
      });
    });

    it('shows N/A material as null: no unit, no creator, no organizers', async () => {
      const { cookie } = await client.as('STUDENT');
      const event = await createEvent(ctx.db, {
        organizingUnitId: null,
        createdBy: null,
        scheduleStart: null,
        scheduleEnd: null,
      });
      expect((await client.get(`/api/events/${event.id}`, cookie)).json().event).toMatchObject({
        unit: null,
        unitName: null,
        createdBy: null,
        organizers: [],
        start: null,
        canEdit: false,
      });
    });
  });
});

describe('GET /api/events', () => {
  const ctx = useTestApp();
  const client = clientOf(ctx);
  const at = (offset: number) => new Date(Date.now() + offset);
  const titles = (response: { json: () => { items: Array<{ title: string }> } }) =>
    response.json().items.map((item) => item.title);

  it('lists upcoming and past events in order, searches, pages and counts', async () => {
    const drama = await createOrgUnit(ctx.db, { name: 'Dramatics Society' });
    const chess = await createOrgUnit(ctx.db, { name: 'Chess Club' });
    const [ongoingStart, ongoingEnd] = [at(-2 * HOUR), at(HOUR)];
    await createEvent(ctx.db, {
      title: 'Ongoing workshop',
      scheduleStart: ongoingStart,
      scheduleEnd: ongoingEnd,
      venue: 'Lab 3',
      organizingUnitId: chess.id,
    });
    await createEvent(ctx.db, {
      title: 'Tomorrow talk',
      scheduleStart: at(DAY),
      scheduleEnd: null,
      venue: 'Open Air Theatre',
    });
    await createEvent(ctx.db, {
      title: 'Street play',
      scheduleStart: at(2 * DAY),
      scheduleEnd: at(2 * DAY + 3 * HOUR),
      organizingUnitId: drama.id,
    });
    await createEvent(ctx.db, {
      title: 'Called-off quiz',
      scheduleStart: at(5 * DAY),
      status: 'cancelled',
    });
    await createEvent(ctx.db, { title: 'Date to be fixed', scheduleStart: null, scheduleEnd: null });
    await createEvent(ctx.db, { title: 'Just finished', scheduleStart: at(-HOUR), scheduleEnd: null });
    await createEvent(ctx.db, {
      title: 'Last week play',
      scheduleStart: at(-3 * DAY),
      scheduleEnd: at(-3 * DAY + 2 * HOUR),
      organizingUnitId: drama.id,
    });
    const old = await createEvent(ctx.db, {
      title: 'Old fest',
      scheduleStart: at(-10 * DAY),
      scheduleEnd: null,
    });

    const { cookie } = await client.as('STUDENT');
    const upcoming = await client.get('/api/events', cookie);
    expect(upcoming.statusCode).toBe(200);
    expect(titles(upcoming)).toEqual([
      'Ongoing workshop',
      'Tomorrow talk',
      'Street play',
      'Called-off quiz',
      'Date to be fixed',
    ]);
    expect(upcoming.json()).toMatchObject({
      total: 5,
      overall: 8,
      page: 1,
      pageSize: 20,
      counts: { upcoming: 5, past: 3 },
      canCreate: false,
    });
    expect(upcoming.json().items[0]).toEqual({
      id: expect.stringMatching(UUID),
      eventCode: expect.stringMatching(EVENT_CODE),
      title: 'Ongoing workshop',
      description: 'A 24-hour build sprint open to all students.',
      category: 'technical',
      type: 'Competition',
      mode: 'offline',
      venue: 'Lab 3',
      start: ongoingStart.toISOString(),
      end: ongoingEnd.toISOString(),
      status: 'planned',
      unitName: 'Chess Club',
    });
    expect(upcoming.json().items[3]).toMatchObject({ title: 'Called-off quiz', status: 'cancelled' });

    const past = await client.get('/api/events?when=past', cookie);
    expect(titles(past)).toEqual(['Just finished', 'Last week play', 'Old fest']);
    expect(past.json()).toMatchObject({ total: 3, overall: 8, counts: { upcoming: 5, past: 3 } });

    const searches: Array<[string, string[], { upcoming: number; past: number }]> = [
      ['?q=DRAMATICS', ['Street play'], { upcoming: 1, past: 1 }],
      ['?q=dramatics&when=past', ['Last week play'], { upcoming: 1, past: 1 }],
      ['?q=open%20air', ['Tomorrow talk'], { upcoming: 1, past: 0 }],
      [`?q=${old.eventCode.toLowerCase()}&when=past`, ['Old fest'], { upcoming: 0, past: 1 }],
      ['?q=quiz', ['Called-off quiz'], { upcoming: 1, past: 0 }],
      ['?q=%25', [], { upcoming: 0, past: 0 }],
      // The end of the title and the start of the venue are two texts, not one: with or without a line break between the words.
      ['?q=talk%20open', [], { upcoming: 0, past: 0 }],
      ['?q=talk%0Aopen', [], { upcoming: 0, past: 0 }],
    ];
    for (const [query, expected, counts] of searches) {
      const response = await client.get(`/api/events${query}`, cookie);
      expect(titles(response), query).toEqual(expected);
      expect(response.json(), query).toMatchObject({ total: expected.length, overall: 8, counts });
    }

    const pages = [
      await client.get('/api/events?pageSize=2&page=2', cookie),
      await client.get('/api/events?pageSize=2&page=3', cookie),
      await client.get('/api/events?pageSize=2&page=4', cookie),
    ];
    expect(pages.map(titles)).toEqual([['Street play', 'Called-off quiz'], ['Date to be fixed'], []]);
    expect(pages.map((page) => page.json().total)).toEqual([5, 5, 5]);

    const { cookie: president } = await client.as('PRESIDENT');
    expect((await client.get('/api/events', president)).json().canCreate).toBe(true);
    const { cookie: secretary } = await client.as('GENSEC_SPORTS');
    expect((await client.get('/api/events', secretary)).json().canCreate).toBe(true);
    expect((await client.get('/api/events?when=soon', cookie)).statusCode).toBe(400);
  });
});
