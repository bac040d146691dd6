import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clubMemberships, clubPages, orgUnits } from '../../db/schema/index';
import { useTestApp } from '../../../test/build-test-app';
import { clubPagesClientOf } from '../../../test/club-pages-client';
import { councilOfCategory, createEvent } from '../../../test/factories';

const ctx = useTestApp();
const client = clubPagesClientOf(ctx);
const DAY = 24 * 60 * 60 * 1000;

type Card = {
  name: string;
  slug: string;
  kind: string;
  council: { id: string; name: string } | null;
  category: string | null;
  summary: string | null;
  tags: string[];
  memberCount: number;
  upcomingEvents: { title: string }[];
  upcomingEventCount: number;
  recruiting: boolean;
  following: boolean;
  member: boolean;
};

describe('GET /api/clubs', () => {
  it('lists every active club and council body with its council, tags, members and next events', async () => {
    const { club, coordinator } = await client.club('Coding Club');
    const retired = await client.club('Old Radio Club');
    await ctx.db.update(orgUnits).set({ retiredAt: new Date() }).where(eq(orgUnits.id, retired.club.id));
    const asha = await client.student('Asha Verma');
    const ravi = await client.student('Ravi Kumar');
    const openSource = await client.tag('Open Source');
    const ai = await client.tag('Artificial Intelligence');
    const saved = await client.savePage(club.id, coordinator.cookie, {
      tagline: 'Code every week, ship every month.',
      tagIds: [openSource.id, ai.id],
    });
    expect(saved.statusCode).toBe(200);
    // Two current members and one who left.
    await ctx.db.insert(clubMemberships).values([
      { unitId: club.id, userId: asha.user.id },
      { unitId: club.id, userId: ravi.user.id },
      {
        unitId: club.id,
        userId: (await client.student('Gone Student')).user.id,
        startedAt: new Date(Date.now() - 300 * DAY),
        endedAt: new Date(Date.now() - 100 * DAY),
        endReason: 'Left the club',
      },
    ]);
    for (const [title, days] of [
      ['Hack Night', 3],
      ['Code Sprint', 10],
      ['Open Source Day', 20],
      ['Last Year Meetup', -30],
    ] as const)
      await createEvent(ctx.db, {
        title,
        organizingUnitId: club.id,
        scheduleStart: new Date(Date.now() + days * DAY),
        scheduleEnd: new Date(Date.now() + days * DAY + 3_600_000),
      });
    await createEvent(ctx.db, {
      title: 'Cancelled Talk',
      organizingUnitId: club.id,
      status: 'cancelled',
      scheduleStart: new Date(Date.now() + 2 * DAY),
    });
    await client.follow(club.id, asha.cookie);

    expect((await client.directory()).statusCode).toBe(401);
    const listed = await client.directory(asha.cookie);
    expect(listed.statusCode).toBe(200);
    const cards = listed.json().clubs as Card[];
    const names = cards.map((card) => card.name);
    expect(names).not.toContain('Old Radio Club');
    // The council body the factory put the club in is listed too.
    expect(names).toContain('Science & Technology Council');
    const coding = cards.find((card) => card.name === 'Coding Club')!;
    expect(coding).toMatchObject({
      slug: 'coding-club',
      kind: 'club',
      council: { name: 'Science & Technology Council' },
      category: 'technical',
      summary: 'Code every week, ship every month.',
      tags: ['Artificial Intelligence', 'Open Source'],
      memberCount: 2,
      upcomingEvents: [{ title: 'Hack Night' }, { title: 'Code Sprint' }],
      upcomingEventCount: 3,
      recruiting: false,
      following: true,
      member: true,
    });
    const forRavi = (await client.directory(ravi.cookie)).json().clubs as Card[];
    expect(forRavi.find((card) => card.name === 'Coding Club')).toMatchObject({
      following: false,
      member: true,
    });
    expect(listed.json().councils).toContainEqual({
      id: (await councilOfCategory(ctx.db, 'technical')).id,
      name: 'Science & Technology Council',
    });
    expect(listed.json().categories).toContain('technical');
  });

  it('finds a club by a misspelt tag, name or description, and filters by council and category', async () => {
    const { club, coordinator } = await client.club('Automata Society');
    await client.club('Chess Circle');
    await client.club('Dance Crew', { category: 'cultural' });
    const robotics = await client.tag('Robotics');
    await client.savePage(club.id, coordinator.cookie, { tagIds: [robotics.id] });
    const student = await client.student('Meera Pillai');
    const found = async (query: string) =>
      ((await client.directory(student.cookie, query)).json().clubs as Card[]).map((card) => card.name);

    // 'robtics' for the tag Robotics; 'automta' for the name; a word of the description.
    const byTag = await found('q=robtics');
    expect(byTag).toContain('Automata Society');
    expect(byTag).not.toContain('Chess Circle');
    expect(await found('q=automta')).toEqual(['Automata Society']);
    expect(await found('q=workshops')).toContain('Chess Circle');
    expect(await found('q=zzzzqqqq')).toEqual([]);

    const cultural = await councilOfCategory(ctx.db, 'cultural');
    const inCultural = await found(`council=${cultural.id}`);
    expect(inCultural).toContain('Dance Crew');
    expect(inCultural).not.toContain('Chess Circle');
    const byCategory = await found('category=Cultural');
    expect(byCategory).toContain('Dance Crew');
    expect(byCategory).not.toContain('Automata Society');

    const bad = await client.directory(student.cookie, 'council=not-an-id');
    expect(bad.statusCode).toBe(400);
  });

  it('lists the clubs recruiting now first', async () => {
    const first = await client.club('Astronomy Club');
    const open = await client.club('Zoology Club');
    await client.open(open.club.id, open.coordinator.cookie);
    const student = await client.student('Tara Singh');
    const cards = (await client.directory(student.cookie)).json().clubs as Card[];
    expect(cards[0]).toMatchObject({ name: 'Zoology Club', recruiting: true });
    expect(cards.findIndex((card) => card.name === 'Astronomy Club')).toBeGreaterThan(0);
    expect(first.club.id).not.toBe(open.club.id);
  });

  it('pages the directory, with how many clubs match in all', async () => {
    await client.club('Paging Club One');
    await client.club('Paging Club Two');
    await client.club('Paging Club Three');
    const student = await client.student('Pia Sen');
    const page = async (query: string) => (await client.directory(student.cookie, query)).json();
    const second = await page('q=paging club&pageSize=2&page=2');
    expect(second).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(second.clubs.map((card: Card) => card.name)).toEqual(['Paging Club Two']);
    const first = await page('q=paging club&pageSize=2');
    expect(first.clubs.map((card: Card) => card.name)).toEqual(['Paging Club One', 'Paging Club Three']);
    expect(await page('q=paging club&pageSize=2&page=9')).toMatchObject({ clubs: [], total: 3 });
    expect((await client.directory(student.cookie, 'pageSize=101')).statusCode).toBe(400);
  });

  it('reads the words of a long search past the sixth as one, never dropping them', async () => {
    await client.club('Wordy Club', {
      description: 'We read poems of one two three four five six seven.',
    });
    await client.club('Almost Wordy Club', {
      description: 'We read poems of one two three four five six and more.',
    });
    const student = await client.student('Tara Das');
    const names = async (q: string) =>
      ((await client.directory(student.cookie, `q=${q}`)).json().clubs as Card[]).map(
        (card) => card.name,
      );
    expect(await names('one two three four five six seven')).toEqual(['Wordy Club']);
    expect(await names('one two three four five six seven eight')).toEqual([]);
  });

  it('filters by every category it offers, whatever its letters and up to 60 characters', async () => {
    const long = 'Science, technology, engineering and mathematics';
    await client.club('Greek Sports Club', { category: 'ΑΘΛΗΤΙΣΜΟΣ', parentId: null });
    await client.club('Long Category Club', { category: long, parentId: null });
    const student = await client.student('Mira Pal');
    const offered = (await client.directory(student.cookie)).json().categories as string[];
    const greek = offered.find((category) => category.startsWith('αθλητισμο'));
    expect(greek).toBeDefined();
    expect(offered).toContain(long.toLowerCase());
    const names = async (category: string) =>
      (
        (await client.directory(student.cookie, `category=${encodeURIComponent(category)}`)).json()
          .clubs as Card[]
      ).map((card) => card.name);
    expect(await names(greek!)).toEqual(['Greek Sports Club']);
    expect(await names('ΑΘΛΗΤΙΣΜΟΣ')).toEqual(['Greek Sports Club']);
    expect(await names(long.toLowerCase())).toEqual(['Long Category Club']);
  });

  it('gives every new club a page at an address of its own, kept when the club is renamed', async () => {
    const one = await client.club('Film & Photo Club');
    const two = await client.club('Film Photo Club');
    const [a] = await ctx.db.select().from(clubPages).where(eq(clubPages.unitId, one.club.id));
    const [b] = await ctx.db.select().from(clubPages).where(eq(clubPages.unitId, two.club.id));
    expect(a!.slug).toBe('film-photo-club');
    // The second's name makes the same address: the unit's code follows it.
    expect(b!.slug).toBe(`film-photo-club-${two.club.unitCode.toLowerCase()}`);
    const accented = await client.club('Société Ünïcode');
    const devanagari = await client.club('नृत्य क्लब');
    const slugOf = async (unitId: string) =>
      (await ctx.db.select().from(clubPages).where(eq(clubPages.unitId, unitId)))[0]!.slug;
    expect(await slugOf(accented.club.id)).toBe('societe-unicode');
    expect(await slugOf(devanagari.club.id)).toBe(devanagari.club.unitCode.toLowerCase());
    await ctx.db.update(orgUnits).set({ name: 'Cinema Club' }).where(eq(orgUnits.id, one.club.id));
    const [renamed] = await ctx.db.select().from(clubPages).where(eq(clubPages.unitId, one.club.id));
    expect(renamed!.slug).toBe('film-photo-club');
  });
});
