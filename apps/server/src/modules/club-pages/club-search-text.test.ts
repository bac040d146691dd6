import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orgUnits } from '../../db/schema/index';
import { useTestApp } from '../../../test/build-test-app';
import { clubPagesClientOf } from '../../../test/club-pages-client';
import { councilOfCategory, createOrgUnit } from '../../../test/factories';

const ctx = useTestApp();
const client = clubPagesClientOf(ctx);

type Card = { name: string; council: { id: string; name: string } | null };

/*
 * A club's council and the words it is found by are kept on its page (migration 0043): every change
 * of the club, its tags, the tag list or the units above it must reach the search at once.
 */
describe('the words and council a club is found by', () => {
  it('follow a new description, new tags, a renamed or deleted tag, and a move to another council', async () => {
    const { club, coordinator } = await client.club('Kite Club', {
      description: 'We fly kites over the hostel lawns.',
    });
    const student = await client.student('Asha Verma');
    const found = async (query: string) => {
      const response = await client.directory(student.cookie, query);
      expect(response.statusCode).toBe(200);
      return (response.json().clubs as Card[]).filter((card) => card.name === 'Kite Club');
    };
    const technical = await councilOfCategory(ctx.db, 'technical');
    const cultural = await councilOfCategory(ctx.db, 'cultural');
    expect((await found('q=lawns')).map((card) => card.council?.id)).toEqual([technical.id]);

    await ctx.db
      .update(orgUnits)
      .set({ description: 'We build and fly stunt kites.' })
      .where(eq(orgUnits.id, club.id));
    expect(await found('q=lawns')).toEqual([]);
    expect(await found('q=stunt')).toHaveLength(1);

    const tag = await client.tag('Aeromodelling');
    expect((await client.savePage(club.id, coordinator.cookie, { tagIds: [tag.id] })).statusCode).toBe(
      200,
    );
    // Found by the tag, and by a near miss of it.
    expect(await found('q=aeromodelling')).toHaveLength(1);
    expect(await found('q=aeromodeling')).toHaveLength(1);

    const admin = await client.as('ADMIN');
    const renamed = await client.inject('PATCH', `/api/admin/club-tags/${tag.id}`, admin.cookie, {
      name: 'Gliding',
    });
    expect(renamed.statusCode).toBe(200);
    expect(await found('q=aeromodelling')).toEqual([]);
    expect(await found('q=gliding')).toHaveLength(1);
    const deleted = await client.inject('DELETE', `/api/admin/club-tags/${tag.id}`, admin.cookie);
    expect(deleted.statusCode).toBe(204);
    expect(await found('q=gliding')).toEqual([]);

    // Moved under the cultural council, then under a new body of its own below it.
    await ctx.db.update(orgUnits).set({ parentId: cultural.id }).where(eq(orgUnits.id, club.id));
    expect((await found(`council=${cultural.id}`)).map((card) => card.council?.name)).toEqual([
      cultural.name,
    ]);
    expect(await found(`council=${technical.id}`)).toEqual([]);
    const body = await createOrgUnit(ctx.db, {
      name: 'Hobbies Board',
      type: 'committee',
      parentId: cultural.id,
    });
    await ctx.db.update(orgUnits).set({ parentId: body.id }).where(eq(orgUnits.id, club.id));
    expect((await found('q=kite')).map((card) => card.council?.name)).toEqual(['Hobbies Board']);
    // The body becomes a plain unit: the club's council is the cultural council again.
    await ctx.db.update(orgUnits).set({ type: 'council' }).where(eq(orgUnits.id, body.id));
    expect((await found('q=kite')).map((card) => card.council?.name)).toEqual([cultural.name]);
  });
});
