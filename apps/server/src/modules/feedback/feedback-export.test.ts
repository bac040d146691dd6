import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@cosa/contracts';
import { feedback } from '../../db/schema/index';
import { signInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import { csvObjects, csvRecords } from '../../../test/csv-helpers';
import {
  createEvent,
  createFeedback,
  createOrgUnit,
  createStudent,
  createUser,
} from '../../../test/factories';

// Pages of two rows, so every export here crosses page boundaries and the keyset is exercised.
vi.mock('../../lib/csv-export', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  EXPORT_PAGE_SIZE: 2,
}));

const HEADER = [
  'Given',
  'Type',
  'About',
  'Target',
  'Target detail',
  'Rating',
  'Comments',
  'Anonymous',
  'Author',
  'Author username',
  'Status',
  'Actions taken',
  'Resolved by',
  'Resolved at',
];

/** Names and usernames are unique: each test's people and units carry a number of their own. */
let unique = 0;

describe('the feedback export', () => {
  const ctx = useTestApp();
  const download = (cookie: string | undefined, query = '') =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/feedback/export${query}`,
      headers: cookie ? { cookie } : {},
    });
  const signedIn = async (role: Role, overrides: { clubUnitId?: string } = {}) =>
    signInAs(ctx, await createUser(ctx.db, { role, ...overrides }));

  beforeEach(async () => {
    await ctx.db.delete(feedback);
  });

  /** A club with an event, feedback about both from a named student and an anonymous one, and feedback about a person outside the club. */
  async function desk() {
    const n = (unique += 1);
    const club = await createOrgUnit(ctx.db, { name: `Astronomy Club ${n}` });
    const event = await createEvent(ctx.db, { title: 'Star Party', organizingUnitId: club.id });
    const { user: author } = await createStudent(ctx.db, {
      name: 'Nandini Rao',
      username: `nandini.rao${n}`,
    });
    const { user: anonymous } = await createStudent(ctx.db, {
      name: 'Zubin Mistry',
      username: `zubin.mistry${n}`,
      email: `zubin.mistry${n}@iitbhilai.ac.in`,
    });
    const resolver = await createUser(ctx.db, { role: 'PRESIDENT', name: 'Kavya Menon' });
    const person = await createUser(ctx.db, { name: 'Ravi Kumar', username: `ravi.kumar${n}` });
    const aboutClub = await createFeedback(ctx.db, {
      type: 'Suggestion',
      targetType: 'Club/Organization',
      targetUnitId: club.id,
      authorId: author.id,
      rating: 4,
      comments: 'More telescope nights, please.',
      createdAt: new Date('2025-01-15T04:30:00Z'),
    });
    const aboutEvent = await createFeedback(ctx.db, {
      type: 'Complaint',
      targetType: 'Event',
      targetEventId: event.id,
      authorId: anonymous.id,
      isAnonymous: true,
      rating: 2,
      comments: 'The venue was too crowded.',
      isResolved: true,
      actionsTaken: 'Booked a larger hall.',
      resolvedBy: resolver.id,
      resolvedAt: new Date('2025-01-17T03:00:00Z'),
      createdAt: new Date('2025-01-16T12:45:00Z'),
    });
    const aboutPerson = await createFeedback(ctx.db, {
      type: 'Appreciation',
      targetType: 'User',
      targetUserId: person.id,
      authorId: author.id,
      rating: null,
      comments: '=HYPERLINK("http://evil.example","Thanks")',
      // 00:10 the next day on the institute's clock.
      createdAt: new Date('2025-01-17T18:40:00Z'),
    });
    return { n, club, author, anonymous, aboutClub, aboutEvent, aboutPerson };
  }

  const CLUB_ROW = (n: number) => [
    '2025-01-15 10:00',
    'Suggestion',
    'Club or organization',
    `Astronomy Club ${n}`,
    // A club's detail is the council it sits in (the factory's club sits in its category's council).
    'Science & Technology Council',
    '4',
    'More telescope nights, please.',
    'No',
    'Nandini Rao',
    `nandini.rao${n}`,
    'Unresolved',
    '',
    '',
    '',
  ];
  const EVENT_ROW = (n: number) => [
    '2025-01-16 18:15',
    'Complaint',
    'Event',
    'Star Party',
    `Astronomy Club ${n}`,
    '2',
    'The venue was too crowded.',
    'Yes',
    '',
    '',
    'Resolved',
    'Booked a larger hall.',
    'Kavya Menon',
    '2025-01-17 08:30',
  ];
  const PERSON_ROW = (n: number) => [
    '2025-01-18 00:10',
    'Appreciation',
    'Person',
    'Ravi Kumar',
    `ravi.kumar${n}`,
    '',
    `'=HYPERLINK("http://evil.example","Thanks")`,
    'No',
    'Nandini Rao',
    `nandini.rao${n}`,
    'Unresolved',
    '',
    '',
    '',
  ];

  it('asks a signed-out visitor to sign in', async () => {
    const response = await download(undefined);
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('refuses a student who has not finished onboarding', async () => {
    const response = await download(
      await signInAs(ctx, await createUser(ctx.db, { onboardingComplete: false })),
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('ONBOARDING_REQUIRED');
  });

  it('refuses a filter the list does not know, with the field named', async () => {
    const response = await download(await signedIn('PRESIDENT'), '?status=open');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(response.json().error.fields)).toEqual(['status']);
    expect((await download(await signedIn('PRESIDENT'), '?type=Gossip')).statusCode).toBe(400);
  });

  it("gives an official every row, newest first, with names, the institute's clock and formulas defused", async () => {
    const { n } = await desk();
    const records = csvRecords(await download(await signedIn('PRESIDENT')), 'feedback');
    expect(records).toEqual([HEADER, PERSON_ROW(n), EVENT_ROW(n), CLUB_ROW(n)]);
  });

  it("honours the list's filters, and a page number sent along changes nothing", async () => {
    const { n } = await desk();
    const cookie = await signedIn('GENSEC_CULTURAL');
    expect(csvRecords(await download(cookie, '?status=resolved'), 'feedback')).toEqual([
      HEADER,
      EVENT_ROW(n),
    ]);
    expect(
      csvRecords(
        await download(cookie, '?status=unresolved&type=Suggestion&page=3&pageSize=1'),
        'feedback',
      ),
    ).toEqual([HEADER, CLUB_ROW(n)]);
    expect(csvRecords(await download(cookie, '?type=Report'), 'feedback')).toEqual([HEADER]);
  });

  it("gives a club coordinator only the club's feedback, and a student only what they gave", async () => {
    const { n, club, author } = await desk();
    const coordinator = await signedIn('CLUB_COORDINATOR', { clubUnitId: club.id });
    expect(csvRecords(await download(coordinator), 'feedback')).toEqual([
      HEADER,
      EVENT_ROW(n),
      CLUB_ROW(n),
    ]);
    expect(csvRecords(await download(coordinator, '?type=Complaint'), 'feedback')).toEqual([
      HEADER,
      EVENT_ROW(n),
    ]);
    expect(csvRecords(await download(await signedIn('CLUB_COORDINATOR')), 'feedback')).toEqual([HEADER]);
    expect(csvRecords(await download(await signInAs(ctx, author)), 'feedback')).toEqual([
      HEADER,
      PERSON_ROW(n),
      CLUB_ROW(n),
    ]);
  });

  it('never names the author of anonymous feedback: not to an official, the coordinator or the author', async () => {
    const { club, anonymous } = await desk();
    const viewers = [
      await signedIn('PRESIDENT'),
      await signedIn('GENSEC_SCITECH'),
      await signedIn('CLUB_COORDINATOR', { clubUnitId: club.id }),
      await signInAs(ctx, anonymous),
    ];
    for (const cookie of viewers) {
      const response = await download(cookie);
      const rows = csvObjects(csvRecords(response, 'feedback'));
      expect(rows.find((row) => row.Comments === 'The venue was too crowded.')).toMatchObject({
        Anonymous: 'Yes',
        Author: '',
        'Author username': '',
      });
      for (const secret of [
        'Zubin',
        'Mistry',
        anonymous.username,
        anonymous.email,
        anonymous.id,
        anonymous.studentId!,
      ])
        expect(response.body).not.toContain(secret);
    }
  });

  it('reads every row once across pages, also rows a millisecond cannot tell apart', async () => {
    const { user: author } = await createStudent(ctx.db);
    const unit = await createOrgUnit(ctx.db, { name: `Quiz Club ${(unique += 1)}` });
    const ids = [
      '00000000-0000-4000-8000-000000000001',
      '00000000-0000-4000-8000-000000000002',
      '00000000-0000-4000-8000-000000000003',
      '00000000-0000-4000-8000-000000000004',
      '00000000-0000-4000-8000-000000000005',
    ];
    for (const [index, id] of ids.entries()) {
      await createFeedback(ctx.db, {
        id,
        targetType: 'Club/Organization',
        targetUnitId: unit.id,
        authorId: author.id,
        comments: `number ${index + 1}`,
      });
    }
    // 1 and 2 share an instant (the id decides); 3, 4 and 5 differ in microseconds only.
    const at = [
      '2025-03-01 10:00:00.500000+00',
      '2025-03-01 10:00:00.500000+00',
      '2025-03-01 10:00:00.123456+00',
      '2025-03-01 10:00:00.123400+00',
      '2025-03-01 10:00:00.123999+00',
    ];
    for (const [index, id] of ids.entries())
      await ctx.db
        .update(feedback)
        .set({ createdAt: sql`${at[index]}::timestamptz` })
        .where(eq(feedback.id, id));
    const rows = csvObjects(csvRecords(await download(await signedIn('PRESIDENT')), 'feedback'));
    expect(rows.map((row) => row.Comments)).toEqual([
      'number 2',
      'number 1',
      'number 5',
      'number 3',
      'number 4',
    ]);
  });

  it('sends just the header when nothing matches', async () => {
    const response = await download(await signedIn('PRESIDENT'));
    expect(csvRecords(response, 'feedback')).toEqual([HEADER]);
    expect(response.body).toBe(`\uFEFF${HEADER.join(',')}\r\n`);
  });
});
