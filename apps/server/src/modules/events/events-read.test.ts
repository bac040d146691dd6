import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { events } from '../../db/schema/index';
import { useTestApp } from '../../../test/build-test-app';
import { addEventOrganizers, createEvent, createOrgUnit, createUser } from '../../../test/factories';
import { eventClientOf } from '../../../test/event-client';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const EVENT_CODE = /^EVT-\d{5,}$/;
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

describe('event changes', () => {
  const ctx = useTestApp();
  const client = eventClientOf(ctx);

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
          approval: 'approved',
          registrationRequired: true,
          registrationStart: null,
          registrationEnd: null,
          unit: { id: unit.id, name: 'Music Club' },
          organizers: [
            { id: arjun.id, name: 'Arjun Verma', username: 'z.verma' },
            { id: riya.id, name: 'Riya Singh', username: 'a.singh' },
          ],
          registration: { required: true, start: null, end: null, fees: 99.99, maxParticipants: 500 },
          budget: { allocated: 12000, sponsors: ['Campus Bank'] },
          eligibility: { batchYears: [], programs: [], disciplines: [] },
          walkIns: false,
          approvalDetail: { reason: null, decidedBy: null, decidedAt: null },
          roomBooking: null,
          seats: { confirmed: 0, waitlisted: 0, checkedIn: 0 },
          registrationOpen: true,
          mine: null,
          ineligibleReason: null,
          canDecide: false,
          canManage: true,
          canRate: false,
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
  const client = eventClientOf(ctx);
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
      approval: 'approved',
      registrationRequired: false,
      registrationStart: null,
      registrationEnd: null,
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

  it('refuses a yes-or-no filter that is neither', async () => {
    const { cookie } = await client.as('STUDENT');
    const refused = await client.get('/api/events?open=maybe', cookie);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.open).toBe('Use true or false.');
    expect((await client.get('/api/events?open=false&week=1', cookie)).statusCode).toBe(200);
  });
});
