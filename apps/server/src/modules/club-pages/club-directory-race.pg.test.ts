import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-test-app';
import { clubPagesClientOf } from '../../../test/club-pages-client';

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
});
