import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-test-app';
import { clubPagesClientOf } from '../../../test/club-pages-client';
import { councilOfCategory } from '../../../test/factories';

/**
 * The kept directory and the versions behind it (decision 0034) on a PostgreSQL server, whose
 * connections run at once.
 */
type Card = { name: string; memberCount: number; following: boolean; member: boolean };

describe('the club directory under concurrent requests and writes', () => {
  const ctx = useTestApp();
  const client = clubPagesClientOf(ctx);

  it('gives every request its own follow, membership and member count while the page is computed again', async () => {
    const { club, coordinator } = await client.club('Quiz Club');
    const student = await client.student('Asha Verma');
    await client.joinThroughRequest(club.id, coordinator.cookie, student.cookie);
    expect((await client.follow(club.id, student.cookie)).statusCode).toBe(200);

    const wrong: unknown[] = [];
    for (let round = 0; round < 15; round += 1) {
      // A change of the clubs outdates the kept page: the requests below race to compute it again.
      const saved = await client.savePage(club.id, coordinator.cookie, { tagline: `Round ${round}` });
      expect(saved.statusCode).toBe(200);
      const answers = await Promise.all(
        Array.from({ length: 40 }, () => client.directory(student.cookie, 'q=quiz')),
      );
      for (const answer of answers) {
        const card = (answer.json().clubs as Card[]).find((c) => c.name === 'Quiz Club');
        if (!card || card.memberCount !== 1 || !card.following || !card.member)
          wrong.push(card ?? answer.json());
      }
    }
    expect(wrong).toEqual([]);
  });

  it("lets a coordinator's page saves and the administrator's edits of the club run at once", async () => {
    const { club, coordinator } = await client.club('Film Club');
    const first = await client.tag('Cinema');
    const second = await client.tag('Screenwriting');
    const admin = await client.as('ADMIN');
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => [
        client.inject('PATCH', `/api/admin/units/${club.id}`, admin.cookie, {
          description: `Screenings every Friday, week ${i}.`,
        }),
        client.savePage(club.id, coordinator.cookie, { tagIds: [first.id, second.id] }),
        client.inject('PATCH', `/api/admin/club-tags/${first.id}`, admin.cookie, {
          name: `Cinema ${i}`,
        }),
      ]).flat(),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
  });

  it("lets a save that drops a tag, the tag's deletion and another administrator's moves and renames run at once", async () => {
    const admin = await client.as('ADMIN');
    const clubs = await Promise.all(
      ['Rowing Club', 'Sailing Club', 'Kayak Club'].map((name) => client.club(name)),
    );
    const cultural = await councilOfCategory(ctx.db, 'cultural');
    const technical = await councilOfCategory(ctx.db, 'technical');
    const statuses: number[] = [];
    for (let round = 0; round < 16; round += 1) {
      const [first, second] = [await client.tag(`Water ${round}`), await client.tag(`Boats ${round}`)];
      // Each club carries both tags, saved in turn so that their rows lie in different orders.
      for (const [i, { club, coordinator }] of clubs.entries())
        await client.savePage(club.id, coordinator.cookie, {
          tagIds: i % 2 ? [first.id, second.id] : [second.id, first.id],
        });
      const answers = await Promise.all([
        client.savePage(clubs[0]!.club.id, clubs[0]!.coordinator.cookie, { tagIds: [] }),
        client.inject('DELETE', `/api/admin/club-tags/${first.id}`, admin.cookie),
        client.inject('DELETE', `/api/admin/club-tags/${second.id}`, admin.cookie),
        client.inject('PATCH', `/api/admin/units/${clubs[1]!.club.id}`, admin.cookie, {
          parentId: round % 2 ? cultural.id : technical.id,
        }),
      ]);
      statuses.push(...answers.map((answer) => answer.statusCode));
    }
    expect(statuses.filter((status) => status >= 400)).toEqual([]);
    // The search words followed: no club is found by a deleted tag.
    const student = await client.student('Ravi Nair');
    const found = await client.directory(student.cookie, 'q=water');
    expect(found.json().clubs).toEqual([]);
  });
});
