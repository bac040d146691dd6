import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Role } from '@cosa/contracts';
import { signInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import { csvRecords } from '../../../test/csv-helpers';
import { createEvent, createOrgUnit, createStudent, createUser } from '../../../test/factories';

// Pages of two rows, so every export here crosses page boundaries and the keyset is exercised.
vi.mock('../../lib/csv-export', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  EXPORT_PAGE_SIZE: 2,
}));

const HEADER = [
  'Event ID',
  'Title',
  'Organizing unit',
  'Category',
  'Type',
  'Mode',
  'Venue',
  'Start',
  'End',
  'Status',
];
const EXPO = [
  'EVT-90001',
  'Robo Expo',
  'Robotics Club',
  'Technical',
  'Exhibition',
  'Offline',
  'Main Hall',
  '2030-01-10 10:00',
  '2030-01-10 16:00',
  'Planned',
];
const DANCE_NIGHT = [
  'EVT-90002',
  "'=Dance Night",
  'Dance Club',
  'Cultural',
  'Performance',
  'Offline',
  'Open Air Theatre',
  '2030-02-14 19:00',
  '',
  'Planned',
];
const HACK_WEEK = [
  'EVT-90003',
  'Hack Week',
  'Robotics Club',
  'Technical',
  '',
  '',
  '',
  '',
  '',
  'Planned',
];
const WORKSHOP = [
  'EVT-90004',
  'Dance Workshop',
  'Dance Club',
  'Cultural',
  '',
  '',
  '',
  '',
  '',
  'Planned',
];
const QUIZ = ['EVT-90005', 'Quiz Night', 'Robotics Club', 'Academic', '', '', '', '', '', 'Planned'];
const SPRING_FEST = [
  'EVT-90012',
  'Spring Fest',
  'Dance Club',
  'Cultural',
  'Festival',
  'Offline',
  'Campus',
  '2024-04-01 17:30',
  '',
  'Cancelled',
];
const OLD_GIG = [
  'EVT-90013',
  'Old Gig',
  'Dance Club',
  'Cultural',
  'Performance',
  'Online',
  '',
  '2024-04-01 17:30',
  '2024-04-01 19:30',
  'Completed',
];
const ROBO_RACE = [
  'EVT-90011',
  'Robo Race',
  'Robotics Club',
  'Technical',
  'Competition',
  'Hybrid',
  'Sports Ground',
  '2024-03-01 10:30',
  '2024-03-01 13:30',
  'Completed',
];

const id = (n: number) => `00000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`;

describe('the events export', () => {
  const ctx = useTestApp();
  const download = (query: string, cookie: string | undefined) =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/events/export${query}`,
      headers: cookie ? { cookie } : {},
    });
  const signedIn = async (role: Role) => signInAs(ctx, await createUser(ctx.db, { role }));
  const units = { robotics: '', dance: '' };

  // Upcoming events years ahead and past ones years behind, so the tabs do not depend on the day the tests run.
  beforeAll(async () => {
    const robotics = await createOrgUnit(ctx.db, { name: 'Robotics Club' });
    const dance = await createOrgUnit(ctx.db, { name: 'Dance Club' });
    Object.assign(units, { robotics: robotics.id, dance: dance.id });
    const undated = { scheduleStart: null, scheduleEnd: null, type: null, mode: null, venue: null };
    const rows = [
      {
        id: id(1),
        eventCode: 'EVT-90001',
        title: 'Robo Expo',
        organizingUnitId: robotics.id,
        category: 'technical',
        type: 'Exhibition',
        mode: 'offline',
        venue: 'Main Hall',
        scheduleStart: new Date('2030-01-10T04:30:00Z'),
        scheduleEnd: new Date('2030-01-10T10:30:00Z'),
      },
      {
        id: id(2),
        eventCode: 'EVT-90002',
        title: '=Dance Night',
        organizingUnitId: dance.id,
        category: 'cultural',
        type: 'Performance',
        mode: 'offline',
        venue: 'Open Air Theatre',
        scheduleStart: new Date('2030-02-14T13:30:00Z'),
        scheduleEnd: null,
      },
      {
        ...undated,
        id: id(3),
        eventCode: 'EVT-90003',
        title: 'Hack Week',
        organizingUnitId: robotics.id,
        category: 'technical',
      },
      {
        ...undated,
        id: id(4),
        eventCode: 'EVT-90004',
        title: 'Dance Workshop',
        organizingUnitId: dance.id,
        category: 'cultural',
      },
      {
        ...undated,
        id: id(5),
        eventCode: 'EVT-90005',
        title: 'Quiz Night',
        organizingUnitId: robotics.id,
        category: 'academic',
      },
      {
        id: id(11),
        eventCode: 'EVT-90011',
        title: 'Robo Race',
        organizingUnitId: robotics.id,
        category: 'technical',
        type: 'Competition',
        mode: 'hybrid',
        venue: 'Sports Ground',
        scheduleStart: new Date('2024-03-01T05:00:00Z'),
        scheduleEnd: new Date('2024-03-01T08:00:00Z'),
        status: 'completed',
      },
      {
        id: id(12),
        eventCode: 'EVT-90012',
        title: 'Spring Fest',
        organizingUnitId: dance.id,
        category: 'cultural',
        type: 'Festival',
        mode: 'offline',
        venue: 'Campus',
        scheduleStart: new Date('2024-04-01T12:00:00Z'),
        scheduleEnd: null,
        status: 'cancelled',
      },
      {
        id: id(13),
        eventCode: 'EVT-90013',
        title: 'Old Gig',
        organizingUnitId: dance.id,
        category: 'cultural',
        type: 'Performance',
        mode: 'online',
        venue: null,
        scheduleStart: new Date('2024-04-01T12:00:00Z'),
        scheduleEnd: new Date('2024-04-01T14:00:00Z'),
        status: 'completed',
      },
    ] as const;
    // Inserted out of order, so the order of the CSV is the list's, not the table's.
    for (const row of [...rows].reverse()) await createEvent(ctx.db, row);
  });

  it('asks a signed-out visitor to sign in, and a student to finish onboarding first', async () => {
    const signedOut = await download('', undefined);
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().error.code).toBe('UNAUTHENTICATED');
    const notOnboarded = await download(
      '',
      await signInAs(ctx, await createUser(ctx.db, { onboardingComplete: false })),
    );
    expect(notOnboarded.statusCode).toBe(403);
    expect(notOnboarded.json().error.code).toBe('ONBOARDING_REQUIRED');
  });

  it('refuses a tab or unit the list does not know', async () => {
    const president = await signedIn('PRESIDENT');
    for (const [query, field] of [
      ['?when=later', 'when'],
      ['?unitId=robotics', 'unitId'],
    ]) {
      const response = await download(query!, president);
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().error.fields)).toEqual([field]);
    }
  });

  it("gives each tab in the list's order: upcoming soonest first with undated ones last, past latest first", async () => {
    const student = await signInAs(ctx, (await createStudent(ctx.db)).user);
    expect(csvRecords(await download('', student), 'events')).toEqual([
      HEADER,
      EXPO,
      DANCE_NIGHT,
      HACK_WEEK,
      WORKSHOP,
      QUIZ,
    ]);
    expect(csvRecords(await download('?when=past', student), 'events')).toEqual([
      HEADER,
      SPRING_FEST,
      OLD_GIG,
      ROBO_RACE,
    ]);
  });

  it("honours the list's search and unit", async () => {
    const official = await signedIn('GENSEC_CULTURAL');
    expect(csvRecords(await download('?q=dance&page=2', official), 'events')).toEqual([
      HEADER,
      DANCE_NIGHT,
      WORKSHOP,
    ]);
    expect(
      csvRecords(await download(`?when=past&unitId=${units.robotics}`, official), 'events'),
    ).toEqual([HEADER, ROBO_RACE]);
    expect(csvRecords(await download('?when=past&q=evt-9001', official), 'events')).toEqual([
      HEADER,
      SPRING_FEST,
      OLD_GIG,
      ROBO_RACE,
    ]);
  });

  it('sends just the header when nothing matches', async () => {
    const response = await download('?q=astronomy', await signedIn('PRESIDENT'));
    expect(response.body).toBe(`\uFEFF${HEADER.join(',')}\r\n`);
  });
});
