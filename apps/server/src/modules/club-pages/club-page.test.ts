import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { announcements, clubFollows, clubMemberships, orgUnits } from '../../db/schema/index';
import { TEST_ORIGIN, useTestApp } from '../../../test/build-test-app';
import { clubPagesClientOf } from '../../../test/club-pages-client';
import { createPosition, createPositionHolder } from '../../../test/factories';
import { multipart } from '../../../test/multipart';
import { imagePart, testImages } from '../../../test/photo-client';

const ctx = useTestApp();
const client = clubPagesClientOf(ctx);
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('GET /api/clubs/by-slug/:slug', () => {
  it("shows the club's page with its office-bearers, and where the reader stands", async () => {
    const { club, coordinator } = await client.club('Quiz Club');
    const bearer = await client.student('Nisha Rao');
    const position = await createPosition(ctx.db, { unitId: club.id, title: 'Quiz Master' });
    await createPositionHolder(ctx.db, { userId: bearer.user.id, positionId: position.id });
    await client.open(club.id, coordinator.cookie, 'Your favourite quiz?');
    await client.savePage(club.id, coordinator.cookie, {
      about: 'Weekly quizzes in the library.',
      contact: 'Room 204, Hostel 3',
      howToJoin: 'Come to any Friday quiz.',
    });
    const reader = await client.student('Dev Shah');

    expect((await client.page('quiz-club')).statusCode).toBe(401);
    expect((await client.page('no-such-club', reader.cookie)).statusCode).toBe(404);
    const shown = await client.page('quiz-club', reader.cookie);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().page).toMatchObject({
      name: 'Quiz Club',
      about: 'Weekly quizzes in the library.',
      contact: 'Room 204, Hostel 3',
      howToJoin: 'Come to any Friday quiz.',
      recruiting: true,
      joinQuestion: 'Your favourite quiz?',
      officeBearers: [{ userId: bearer.user.id, name: 'Nisha Rao', title: 'Quiz Master' }],
      viewer: {
        membership: null,
        pendingRequest: null,
        invitation: null,
        canAsk: true,
        canFollow: true,
        canEdit: false,
      },
    });
    expect((await client.page('quiz-club', coordinator.cookie)).json().page.viewer.canEdit).toBe(true);

    // Asked: waiting, and no second request offered.
    expect((await client.ask(club.id, reader.cookie, { answer: 'Bournvita' })).statusCode).toBe(201);
    const waiting = (await client.page('quiz-club', reader.cookie)).json().page.viewer;
    expect(waiting.canAsk).toBe(false);
    expect(waiting.pendingRequest).not.toBeNull();

    // The administrator keeps no student record: neither asks nor follows.
    const admin = await client.as('ADMIN');
    const adminView = (await client.page('quiz-club', admin.cookie)).json().page.viewer;
    expect(adminView).toMatchObject({ canAsk: false, canFollow: false, canEdit: false });

    await ctx.db.update(orgUnits).set({ retiredAt: new Date() }).where(eq(orgUnits.id, club.id));
    expect((await client.page('quiz-club', reader.cookie)).statusCode).toBe(404);
  });

  it("shows the club's announcements to its members, its coordinator and officials only", async () => {
    const { club, coordinator } = await client.club('Debate Club');
    const member = await client.student('Isha Nair');
    const outsider = await client.student('Kabir Das');
    await ctx.db.insert(clubMemberships).values({ unitId: club.id, userId: member.user.id });
    await ctx.db.insert(announcements).values({
      authorId: coordinator.user.id,
      title: 'Trials on Monday',
      body: 'Bring a topic.',
      audience: 'club',
      clubUnitId: club.id,
    });
    const titles = async (cookie: string) =>
      ((await client.page('debate-club', cookie)).json().page.announcements as { title: string }[]).map(
        (a) => a.title,
      );
    expect(await titles(member.cookie)).toEqual(['Trials on Monday']);
    expect(await titles(coordinator.cookie)).toEqual(['Trials on Monday']);
    expect(await titles((await client.as('PRESIDENT')).cookie)).toEqual(['Trials on Monday']);
    expect(await titles(outsider.cookie)).toEqual([]);
  });
});

describe('PUT /api/clubs/:unitId/page', () => {
  it('saves the words and at most four tags for the coordinator of the club alone', async () => {
    const { club, coordinator } = await client.club('Photography Club');
    const other = await client.club('Cycling Club');
    const student = await client.student('Anu George');
    const tags = await Promise.all(
      ['Photography', 'Art', 'Travel', 'Nature', 'Film'].map((name) => client.tag(name)),
    );
    const body = { tagline: 'See the campus anew.', tagIds: tags.slice(0, 4).map((t) => t.id) };
    expect((await client.savePage(club.id, undefined, body)).statusCode).toBe(401);
    expect((await client.savePage(club.id, student.cookie, body)).statusCode).toBe(403);
    const foreign = await client.savePage(club.id, other.coordinator.cookie, body);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.message).toBe('Only the coordinator of this club can do this.');
    expect((await client.savePage(UNKNOWN, coordinator.cookie, body)).statusCode).toBe(404);

    const five = await client.savePage(club.id, coordinator.cookie, {
      tagIds: tags.map((t) => t.id),
    });
    expect(five.statusCode).toBe(400);
    expect(five.json().error.fields).toEqual({ tagIds: 'Choose at most 4 tags.' });
    const unknownTag = await client.savePage(club.id, coordinator.cookie, { tagIds: [UNKNOWN] });
    expect(unknownTag.statusCode).toBe(400);
    expect(unknownTag.json().error.fields).toEqual({
      tagIds: 'A chosen tag is no longer on the list. Reload the page and choose again.',
    });
    const twoLines = await client.savePage(club.id, coordinator.cookie, { tagline: 'one\ntwo' });
    expect(twoLines.statusCode).toBe(400);
    expect(twoLines.json().error.fields).toEqual({
      tagline: 'The tagline must be one line of at most 140 characters.',
    });
    const hidden = await client.savePage(club.id, coordinator.cookie, { tagline: 'See\u200b more' });
    expect(hidden.json().error.fields).toEqual({ tagline: 'Use visible characters only.' });
    const twice = await client.savePage(club.id, coordinator.cookie, {
      tagIds: [tags[0]!.id, tags[0]!.id],
    });
    expect(twice.json().error.fields).toEqual({ tagIds: 'Choose each tag once.' });
    const longAbout = await client.savePage(club.id, coordinator.cookie, { about: 'a'.repeat(5001) });
    expect(longAbout.json().error.fields).toEqual({ about: 'About must be at most 5,000 characters.' });

    const saved = await client.savePage(club.id, coordinator.cookie, body);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().page).toMatchObject({
      tagline: 'See the campus anew.',
      summary: 'See the campus anew.',
      tags: ['Art', 'Nature', 'Photography', 'Travel'],
    });
    // The refused saves changed nothing before it; a new save replaces the tags.
    const again = await client.savePage(club.id, coordinator.cookie, { tagIds: [tags[4]!.id] });
    expect(again.json().page).toMatchObject({ tagline: null, tags: ['Film'] });
  });
});

describe('PUT and DELETE /api/clubs/:unitId/images/:kind', () => {
  it('re-encodes the logo square and the banner wide, without metadata, for the coordinator alone', async () => {
    const { club, coordinator } = await client.club('Astro Club');
    const other = await client.club('Hiking Club');
    const { jpegWithExif } = await testImages();
    const upload = (kind: string, cookie: string, data: Buffer | string = jpegWithExif) => {
      const { payload, contentType } = multipart([imagePart(data)]);
      return ctx.app.inject({
        method: 'PUT',
        url: `/api/clubs/${club.id}/images/${kind}`,
        payload,
        headers: { origin: TEST_ORIGIN, cookie, 'content-type': contentType },
      });
    };
    expect((await upload('logo', other.coordinator.cookie)).statusCode).toBe(403);
    expect((await upload('poster', coordinator.cookie)).statusCode).toBe(400);
    const notImage = await upload('logo', coordinator.cookie, '<svg onload="alert(1)"></svg>');
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().error.message).toBe('Please choose a JPEG, PNG or WebP image.');

    const logo = await upload('logo', coordinator.cookie);
    expect(logo.statusCode).toBe(200);
    const banner = await upload('banner', coordinator.cookie);
    const student = await client.student('Zoya Khan');
    const fetchImage = (url: string) => client.inject('GET', url, student.cookie);
    const logoBytes = (await fetchImage(logo.json().url)).rawPayload;
    const bannerReply = await fetchImage(banner.json().url);
    expect(bannerReply.headers['content-type']).toBe('image/webp');
    const logoMeta = await sharp(logoBytes).metadata();
    const bannerMeta = await sharp(bannerReply.rawPayload).metadata();
    expect([logoMeta.format, logoMeta.width, logoMeta.height]).toEqual(['webp', 512, 512]);
    expect([bannerMeta.format, bannerMeta.width, bannerMeta.height]).toEqual(['webp', 1200, 400]);
    expect(logoMeta.exif).toBeUndefined();
    expect(bannerReply.rawPayload.toString('latin1')).not.toContain('Secret Camera');

    const page = (await client.page('astro-club', student.cookie)).json().page;
    expect([page.logoUrl, page.bannerUrl]).toEqual([logo.json().url, banner.json().url]);
    const removed = await client.inject(
      'DELETE',
      `/api/clubs/${club.id}/images/logo`,
      coordinator.cookie,
    );
    expect(removed.json()).toEqual({ url: null });
    expect((await fetchImage(logo.json().url)).statusCode).toBe(404);
    expect((await client.page('astro-club', student.cookie)).json().page.logoUrl).toBeNull();
  });
});

describe('PUT and DELETE /api/clubs/:unitId/follow', () => {
  it('follows and unfollows, twice the same as once; refuses the administrator and unknown clubs', async () => {
    const { club } = await client.club('Chess Club');
    const student = await client.student('Omar Sheikh');
    expect((await client.follow(club.id)).statusCode).toBe(401);
    expect((await client.follow(club.id, (await client.as('ADMIN')).cookie)).statusCode).toBe(403);
    expect((await client.follow(UNKNOWN, student.cookie)).statusCode).toBe(404);
    expect((await client.follow(club.id, student.cookie)).json()).toEqual({ following: true });
    expect((await client.follow(club.id, student.cookie)).json()).toEqual({ following: true });
    const rows = () => ctx.db.select().from(clubFollows).where(eq(clubFollows.userId, student.user.id));
    expect(await rows()).toHaveLength(1);
    expect((await client.unfollow(club.id, student.cookie)).json()).toEqual({ following: false });
    expect((await client.unfollow(club.id, student.cookie)).json()).toEqual({ following: false });
    expect(await rows()).toHaveLength(0);
  });
});

describe('the club tag list', () => {
  it('is kept by the administrator: names unique in any case, renamed everywhere, removed from clubs', async () => {
    const { club, coordinator } = await client.club('Music Club');
    const admin = await client.as('ADMIN');
    const student = await client.student('Riya Das');
    const add = (name: unknown, cookie = admin.cookie) =>
      client.inject('POST', '/api/admin/club-tags', cookie, { name });
    expect((await add('Music', student.cookie)).statusCode).toBe(403);
    expect((await add('Music', coordinator.cookie)).statusCode).toBe(403);
    expect((await add('  ')).json().error.fields).toEqual({ name: 'Tag name is required.' });
    expect((await add('x'.repeat(31))).json().error.fields).toEqual({
      name: 'A tag name is one line of at most 30 characters.',
    });
    const music = await add('Music');
    expect(music.statusCode).toBe(201);
    const same = await add('MUSIC');
    expect(same.statusCode).toBe(409);
    expect(same.json().error.message).toBe('A tag with this name already exists.');
    const tag = music.json().tag;
    await client.savePage(club.id, coordinator.cookie, { tagIds: [tag.id] });

    const list = await client.inject('GET', '/api/club-tags', student.cookie);
    expect(list.json().tags).toContainEqual({ id: tag.id, name: 'Music', clubCount: 1 });
    const renamed = await client.inject('PATCH', `/api/admin/club-tags/${tag.id}`, admin.cookie, {
      name: 'Music & Song',
    });
    expect(renamed.json().tag).toEqual({ id: tag.id, name: 'Music & Song', clubCount: 1 });
    expect((await client.page('music-club', student.cookie)).json().page.tags).toEqual(['Music & Song']);
    const removed = await client.inject('DELETE', `/api/admin/club-tags/${tag.id}`, admin.cookie);
    expect(removed.statusCode).toBe(204);
    expect((await client.page('music-club', student.cookie)).json().page.tags).toEqual([]);
    const again = await client.inject('DELETE', `/api/admin/club-tags/${tag.id}`, admin.cookie);
    expect(again.statusCode).toBe(404);
  });
});
