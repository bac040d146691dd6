import { beforeAll, describe, expect, it } from 'vitest';
import { announcementClientOf } from '../../../test/announcement-test-client';
import { signedInAs, signInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import {
  createEvent,
  createOrgUnit,
  createPosition,
  createStudent,
  createUser,
} from '../../../test/factories';

type Result = { id: string; label: string; detail: string | null; url: string };
type Group = { kind: string; total: number; items: Result[] };

describe('GET /api/search', () => {
  const ctx = useTestApp();
  const announcementsClient = announcementClientOf(ctx);
  const get = (q: string | null, cookie?: string) =>
    ctx.app.inject({
      method: 'GET',
      url: q === null ? '/api/search' : `/api/search?q=${encodeURIComponent(q)}`,
      headers: cookie ? { cookie } : {},
    });
  const groupsOf = async (q: string, cookie: string): Promise<Group[]> => {
    const response = await get(q, cookie);
    expect(response.statusCode, q).toBe(200);
    return response.json().groups;
  };
  const groupOf = async (kind: string, q: string, cookie: string) =>
    (await groupsOf(q, cookie)).find((group) => group.kind === kind);
  const labelsOf = async (kind: string, q: string, cookie: string) =>
    (await groupOf(kind, q, cookie))?.items.map((item) => item.label) ?? [];

  let student: string;
  let admin: string;
  const people: Record<string, { id: string }> = {};

  beforeAll(async () => {
    student = (await signedInAs(ctx, 'STUDENT')).cookie;
    admin = (await signedInAs(ctx, 'ADMIN')).cookie;
    people.tanvi = (
      await createStudent(
        ctx.db,
        {
          name: 'Tanvi Oberoi',
          username: 'tobe.wizard',
          studentId: '23119457',
          email: 'tanvi.oberoi@iitbhilai.ac.in',
        },
        { program: 'B.Tech', batchYear: 2023, phone: '9812345670', hostel: 'MSH', cgpa: 9.13 },
      )
    ).user;
    people.gone = (await createStudent(ctx.db, { name: 'Zoya Oberoi', deactivatedAt: new Date() })).user;
    people.unproven = (
      await createStudent(ctx.db, { name: 'Hemant Oberoi', emailVerifiedAt: null })
    ).user;
    people.fresh = await createUser(ctx.db, { name: 'Lalit Oberoi', onboardingComplete: false });
    people.secretary = await createUser(ctx.db, { name: 'Ojas Kulkarni', role: 'GENSEC_CULTURAL' });
  });

  it('asks a signed-out visitor to sign in', async () => {
    const response = await get('tanvi');
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('sends a student who has not finished onboarding to finish it', async () => {
    const response = await get('tanvi', await signInAs(ctx, people.fresh as never));
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('ONBOARDING_REQUIRED');
  });

  it.each([
    [null, 'Type at least 2 characters.'],
    ['', 'Type at least 2 characters.'],
    ['t', 'Type at least 2 characters.'],
    ['   t  ', 'Type at least 2 characters.'],
    ['x'.repeat(81), 'Search at most 80 characters.'],
  ])('refuses the search %j with 400', async (q, message) => {
    const response = await get(q, student);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
    expect(response.json().error.fields.q).toBe(message);
  });

  it('reads a text sent twice as its last', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/search?q=zz&q=Oberoi',
      headers: { cookie: student },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().q).toBe('Oberoi');
  });

  it('accepts 80 characters and answers no groups when nothing matches', async () => {
    expect(await groupsOf('x'.repeat(80), student)).toEqual([]);
    expect(await groupsOf('zzqqxxjj', student)).toEqual([]);
  });

  it('finds a person by name, username and a misspelt name, showing name, program and batch only', async () => {
    const tanvi = {
      id: people.tanvi!.id,
      label: 'Tanvi Oberoi',
      detail: 'B.Tech · Batch 2023',
      url: `/people/${people.tanvi!.id}`,
    };
    for (const q of ['Oberoi', 'tanvi ob', 'tobe.wizard', 'Tanvi Obroi', 'oberio']) {
      const group = await groupOf('people', q, student);
      expect(group?.items, q).toContainEqual(tanvi);
    }
    const body = (await get('Tanvi Oberoi', student)).body;
    for (const secret of ['tanvi.oberoi@', '9812345670', 'MSH', '9.13', '23119457', 'tobe.wizard'])
      expect(body).not.toContain(secret);
  });

  it('finds a person by the whole student id or username for a student, by their start for an official', async () => {
    const secretary = (await signedInAs(ctx, 'GENSEC_ACADEMIC')).cookie;
    expect(await labelsOf('people', '23119457', student)).toEqual(['Tanvi Oberoi']);
    expect(await labelsOf('people', '231194', secretary)).toEqual(['Tanvi Oberoi']);
    expect(await labelsOf('people', 'be.wiz', secretary)).toEqual(['Tanvi Oberoi']);
    expect(await labelsOf('people', '119457', secretary)).toEqual([]);
    // A student cannot spell out an id or a username a piece at a time.
    for (const q of ['231194', '2311945', 'be.wiz', 'tobe.wiza', 'tobe.wizar'])
      expect(await labelsOf('people', q, student), q).toEqual([]);
  });

  it('names an official by the office', async () => {
    const group = await groupOf('people', 'ojas kulkarni', student);
    expect(group?.items).toEqual([
      {
        id: people.secretary!.id,
        label: 'Ojas Kulkarni',
        detail: 'General Secretary, Cultural Affairs',
        url: `/people/${people.secretary!.id}`,
      },
    ]);
  });

  it('hides deactivated, unproven and not onboarded accounts from a student; the administrator finds them all', async () => {
    // A surname none of the factories' default names resembles, even to the typo-tolerant match.
    expect(await labelsOf('people', 'oberoi', student)).toEqual(['Tanvi Oberoi']);
    const group = await groupOf('people', 'oberoi', admin);
    expect(group?.total).toBe(4);
    expect(group?.items.map((item) => [item.label, item.detail, item.url]).sort()).toEqual([
      [
        'Hemant Oberoi',
        'B.Tech · Batch 2022 · E-mail not verified',
        `/admin/users/${people.unproven!.id}`,
      ],
      ['Lalit Oberoi', null, `/admin/users/${people.fresh!.id}`],
      ['Tanvi Oberoi', 'B.Tech · Batch 2023', `/admin/users/${people.tanvi!.id}`],
      ['Zoya Oberoi', 'B.Tech · Batch 2022 · Deactivated', `/admin/users/${people.gone!.id}`],
    ]);
  });

  it('finds clubs and units by name, misspelt too, opening their events', async () => {
    const club = await createOrgUnit(ctx.db, { name: 'Xylophone Ensemble', category: 'cultural' });
    const expected = {
      id: club.id,
      label: 'Xylophone Ensemble',
      detail: 'Club · cultural',
      url: `/events?unitId=${club.id}`,
    };
    expect((await groupOf('units', 'xylophone', student))?.items).toEqual([expected]);
    expect((await groupOf('units', 'xylofone ensemble', student))?.items).toEqual([expected]);
    expect((await groupOf('units', 'xylophone', admin))?.items[0]?.url).toBe('/admin/units');
  });

  it('finds events by the start of the words of their title and description', async () => {
    const event = await createEvent(ctx.db, {
      title: 'Moonlight Quizzing Marathon',
      description: 'An overnight quiz for every hostel.',
      scheduleStart: new Date('2031-03-14T14:30:00Z'),
      scheduleEnd: new Date('2031-03-14T20:30:00Z'),
    });
    for (const q of ['moonlight quiz', 'MARATH', 'overnight', 'moonlite']) {
      const group = await groupOf('events', q, student);
      expect(group?.items[0], q).toMatchObject({
        id: event.id,
        label: 'Moonlight Quizzing Marathon',
        url: `/events/${event.id}`,
      });
    }
    // 14:30 UTC is 20:00 the same day in Asia/Kolkata.
    expect((await groupOf('events', 'moonlight', student))?.items[0]?.detail).toContain('14 Mar 2031');
  });

  it('finds positions with their unit, opening the directory for a student and the position list for an official', async () => {
    const unit = await createOrgUnit(ctx.db, { name: 'Dramatics Guild' });
    const position = await createPosition(ctx.db, { unitId: unit.id, title: 'Wardrobe Steward' });
    const group = await groupOf('positions', 'wardrobe', student);
    expect(group?.items).toEqual([
      {
        id: position.id,
        label: 'Wardrobe Steward',
        detail: `Dramatics Guild · ${position.positionType}`,
        url: '/council',
      },
    ]);
    const official = (await signedInAs(ctx, 'GENSEC_SPORTS')).cookie;
    expect((await groupOf('positions', 'wardrobe', official))?.items[0]?.url).toBe('/cosa');
  });

  it('finds the announcements sent to the searcher or posted by them, nobody else’s', async () => {
    const poster = await announcementsClient.as('GENSEC_ACADEMIC');
    const batch2031 = await announcementsClient.as('STUDENT');
    await createStudent(ctx.db, { name: 'Reader Twentythirtyone' }, { batchYear: 2031 });
    const outsider = await signedInAs(ctx, 'STUDENT');
    const posted = await announcementsClient.post(
      {
        title: 'Library Amnesty Week',
        body: 'Return overdue books without a fine.',
        audience: 'everyone',
      },
      poster.cookie,
    );
    expect(posted.statusCode).toBe(201);
    const batchOnly = await announcementsClient.post(
      {
        title: 'Library Orientation 2031',
        body: 'For the new batch.',
        audience: 'batch',
        audienceValue: '2031',
      },
      poster.cookie,
    );
    expect(batchOnly.statusCode).toBe(201);

    const seen = await groupOf('announcements', 'library', outsider.cookie);
    expect(seen?.items.map((item) => [item.label, item.detail, item.url])).toEqual([
      ['Library Amnesty Week', 'Sent to you', '/notifications'],
    ]);
    expect(await labelsOf('announcements', 'overdue books', batch2031.cookie)).toEqual([
      'Library Amnesty Week',
    ]);
    const own = await groupOf('announcements', 'library', poster.cookie);
    expect(own?.total).toBe(2);
    expect(
      own?.items.every((item) => item.detail === 'You posted this' && item.url === '/announcements'),
    ).toBe(true);
  });

  it('limits each kind to 5 results and counts all of them', async () => {
    for (let n = 1; n <= 7; n += 1) await createOrgUnit(ctx.db, { name: `Zephyr Circle ${n}` });
    const group = await groupOf('units', 'zephyr', student);
    expect(group?.total).toBe(7);
    expect(group?.items).toHaveLength(5);
  });
});
