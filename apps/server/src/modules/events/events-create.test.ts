import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { eventOrganizers, events } from '../../db/schema/index';
import { useTestApp } from '../../../test/build-test-app';
import { createEvent, createOrgUnit, createUser } from '../../../test/factories';
import { eventClientOf } from '../../../test/event-client';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const EVENT_CODE = /^EVT-\d{5,}$/;
const MISSING = '11111111-2222-4333-8444-555555555555';

const NOT_FOUND = 'Event not found.';
const NOT_ALLOWED = "Only the event's creator or the president can change it.";
const UNIT_INVALID = 'Please choose a unit from the list.';
const ORGANIZERS_INVALID = 'Please choose organizers from the list.';

describe('event changes', () => {
  const ctx = useTestApp();
  const client = eventClientOf(ctx);
  const { form } = client;

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
        approval: 'approved',
        registrationRequired: true,
        registrationStart: '2030-03-01T03:30:00.000Z',
        registrationEnd: '2030-03-13T18:29:00.000Z',
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
        eligibility: { batchYears: [], programs: [], disciplines: [] },
        walkIns: false,
        approvalDetail: { reason: null, decidedBy: null, decidedAt: null },
        roomBooking: null,
        seats: { confirmed: 0, waitlisted: 0, checkedIn: 0 },
        registrationOpen: false,
        mine: null,
        ineligibleReason: null,
        canDecide: false,
        canManage: true,
        canRate: false,
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
});
