import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clubImages, orgUnits } from '../../db/schema/index';
import { useTestApp } from '../../../test/build-test-app';
import { clubPagesClientOf } from '../../../test/club-pages-client';
import { createEvent } from '../../../test/factories';

const ctx = useTestApp();
const client = clubPagesClientOf(ctx);
const DAY = 24 * 60 * 60 * 1000;

type Card = {
  name: string;
  summary: string | null;
  tags: string[];
  logoUrl: string | null;
  memberCount: number;
  upcomingEvents: { title: string }[];
  recruiting: boolean;
  following: boolean;
  member: boolean;
};

/*
 * A directory page is kept for everyone who asks the same (decision 0034): what each person sees
 * must still follow every change at once, and what is theirs (follows, membership) stay theirs.
 */
describe('the club directory, kept for everyone who asks the same', () => {
  const cardOf = async (name: string, cookie: string, query = '') => {
    const response = await client.directory(cookie, query);
    expect(response.statusCode).toBe(200);
    return (response.json().clubs as Card[]).find((card) => card.name === name);
  };

  it('shows a change of a page, a tag, a name, a logo or an event to the next request', async () => {
    const { club, coordinator } = await client.club('Chess Club');
    const asha = await client.student('Asha Verma');
    const ravi = await client.student('Ravi Kumar');
    const tag = await client.tag('Board Games');
    expect(await cardOf('Chess Club', asha.cookie)).toMatchObject({ tags: [], recruiting: false });

    const saved = await client.savePage(club.id, coordinator.cookie, {
      tagline: 'Blitz on Fridays.',
      tagIds: [tag.id],
    });
    expect(saved.statusCode).toBe(200);
    expect((await client.open(club.id, coordinator.cookie)).statusCode).toBe(200);
    expect(await cardOf('Chess Club', ravi.cookie)).toMatchObject({
      summary: 'Blitz on Fridays.',
      tags: ['Board Games'],
      recruiting: true,
    });

    // The administrator renames the tag: the kept card shows the new name.
    const admin = await client.as('ADMIN');
    const renamed = await client.inject('PATCH', `/api/admin/club-tags/${tag.id}`, admin.cookie, {
      name: 'Strategy Games',
    });
    expect(renamed.statusCode).toBe(200);
    expect((await cardOf('Chess Club', asha.cookie))?.tags).toEqual(['Strategy Games']);
    // And the search finds it by its new name only.
    expect(await cardOf('Chess Club', asha.cookie, 'q=strategy')).toBeDefined();
    expect(await cardOf('Chess Club', asha.cookie, 'q=board')).toBeUndefined();

    await ctx.db.update(orgUnits).set({ name: 'Chess and Go Club' }).where(eq(orgUnits.id, club.id));
    expect(await cardOf('Chess and Go Club', ravi.cookie)).toBeDefined();
    expect(await cardOf('Chess Club', ravi.cookie)).toBeUndefined();

    const [logo] = await ctx.db
      .insert(clubImages)
      .values({ unitId: club.id, kind: 'logo', image: Buffer.from('webp') })
      .returning();
    expect((await cardOf('Chess and Go Club', asha.cookie))?.logoUrl).toBe(
      `/api/club-images/${logo!.id}`,
    );

    await createEvent(ctx.db, {
      title: 'Simultaneous Exhibition',
      organizingUnitId: club.id,
      scheduleStart: new Date(Date.now() + 2 * DAY),
    });
    expect((await cardOf('Chess and Go Club', asha.cookie))?.upcomingEvents).toEqual([
      expect.objectContaining({ title: 'Simultaneous Exhibition' }),
    ]);

    await ctx.db.update(orgUnits).set({ retiredAt: new Date() }).where(eq(orgUnits.id, club.id));
    expect(await cardOf('Chess and Go Club', ravi.cookie)).toBeUndefined();
  });

  it("keeps each viewer's follows and membership their own, and counts members at once", async () => {
    const { club, coordinator } = await client.club('Astronomy Club');
    const asha = await client.student('Asha Verma');
    const ravi = await client.student('Ravi Kumar');
    expect(await cardOf('Astronomy Club', asha.cookie)).toMatchObject({
      memberCount: 0,
      following: false,
      member: false,
    });

    expect((await client.follow(club.id, asha.cookie)).statusCode).toBe(200);
    expect(await cardOf('Astronomy Club', asha.cookie)).toMatchObject({ following: true });
    expect(await cardOf('Astronomy Club', ravi.cookie)).toMatchObject({ following: false });

    await client.joinThroughRequest(club.id, coordinator.cookie, ravi.cookie);
    expect(await cardOf('Astronomy Club', asha.cookie)).toMatchObject({
      memberCount: 1,
      following: true,
      member: false,
    });
    expect(await cardOf('Astronomy Club', ravi.cookie)).toMatchObject({
      memberCount: 1,
      following: false,
      member: true,
    });

    expect((await client.leave(club.id, ravi.cookie)).statusCode).toBe(200);
    expect(await cardOf('Astronomy Club', ravi.cookie)).toMatchObject({ memberCount: 0, member: false });
  });
});
