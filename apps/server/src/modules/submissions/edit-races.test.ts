import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { achievements, positionHolders } from '../../db/schema/index';
import { signInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import {
  createAchievement,
  createPosition,
  createPositionHolder,
  createStudent,
  createUser,
} from '../../../test/factories';
import { submissionClientOf } from '../../../test/submission-clients';

/**
 * A student's edit or withdrawal racing an official's decision on the version the official saw
 * (design section 7: fired truly at once on PostgreSQL). Whichever lands first, an edited item is
 * never left decided on its old content, and no decision lands on content the official did not see.
 */
const ROUNDS = 6;
const CHANGED_SINCE_SEEN = 'The student changed this item after you opened it. Review it again.';

describe('edits racing decisions', () => {
  const ctx = useTestApp();
  const achievementsApi = submissionClientOf(ctx, '/api/me/achievements');
  const positionsApi = submissionClientOf(ctx, '/api/me/positions');
  const { post } = achievementsApi;

  const people = async () => {
    const { user } = await createStudent(ctx.db);
    const secretary = await createUser(ctx.db, { role: 'GENSEC_SCITECH' });
    return {
      user,
      cookie: await signInAs(ctx, user),
      official: await signInAs(ctx, secretary),
    };
  };
  const achievement = async (id: string) =>
    (await ctx.db.select().from(achievements).where(eq(achievements.id, id)))[0];
  const holding = async (id: string) =>
    (await ctx.db.select().from(positionHolders).where(eq(positionHolders.id, id)))[0];

  it('an achievement is either verified as shown or edited and still pending, never both', async () => {
    const { user, cookie, official } = await people();
    const outcomes = new Set<string>();
    for (let round = 0; round < ROUNDS; round += 1) {
      const item = await createAchievement(ctx.db, { userId: user.id, title: 'Shown title' });
      const [edited, verified] = await Promise.all([
        achievementsApi.edit(
          item.id,
          { title: 'Edited title', category: 'Robotics', type: 'technical', dateAchieved: '2025-09-14' },
          cookie,
        ),
        post(`/api/endorsements/achievements/${item.id}/verify`, official, { version: 1 }),
      ]);
      const row = (await achievement(item.id))!;
      if (edited.statusCode === 200) {
        expect(verified.statusCode).toBe(409);
        expect(verified.json().error.message).toBe(CHANGED_SINCE_SEEN);
        expect(row).toMatchObject({ title: 'Edited title', verified: false, version: 2 });
        outcomes.add('edited');
      } else {
        expect(edited.statusCode).toBe(409);
        expect(verified.statusCode).toBe(200);
        expect(row).toMatchObject({ title: 'Shown title', verified: true, version: 1 });
        outcomes.add('verified');
      }
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });

  it('an achievement is either declined as shown or withdrawn, never declined after it was withdrawn', async () => {
    const { user, cookie, official } = await people();
    for (let round = 0; round < ROUNDS; round += 1) {
      const item = await createAchievement(ctx.db, { userId: user.id });
      const [withdrawn, declined] = await Promise.all([
        achievementsApi.withdraw(item.id, cookie),
        post(`/api/endorsements/achievements/${item.id}/decline`, official, {
          version: 1,
          reason: 'No certificate.',
        }),
      ]);
      const row = await achievement(item.id);
      if (withdrawn.statusCode === 204) {
        expect(row).toBeUndefined();
        // Declined first and then withdrawn, or withdrawn before the decline found it.
        expect([200, 404]).toContain(declined.statusCode);
      } else {
        expect(withdrawn.statusCode).toBe(409);
        expect(declined.statusCode).toBe(200);
        expect(row!.declineReason).toBe('No certificate.');
      }
    }
  });

  it('a self-declared position is either verified as shown or edited and still self-declared', async () => {
    const { user, cookie, official } = await people();
    const shown = await createPosition(ctx.db, { skillsRequired: [], title: 'Shown post' });
    const other = await createPosition(ctx.db, { skillsRequired: [], title: 'Edited post' });
    for (let round = 0; round < ROUNDS; round += 1) {
      const tenureYear = `${2010 + round}-${2011 + round}`;
      const record = await createPositionHolder(ctx.db, {
        userId: user.id,
        positionId: shown.id,
        tenureYear,
        status: 'completed',
        verification: 'self_declared',
      });
      const [edited, verified] = await Promise.all([
        positionsApi.edit(
          record.id,
          { positionId: other.id, tenureYear: '2024-2025', status: 'completed' },
          cookie,
        ),
        post(`/api/endorsements/positions/${record.id}/verify`, official, { version: 1 }),
      ]);
      const row = (await holding(record.id))!;
      if (edited.statusCode === 200) {
        expect(verified.statusCode).toBe(409);
        expect(verified.json().error.message).toBe(CHANGED_SINCE_SEEN);
        expect(row).toMatchObject({ positionId: other.id, verification: 'self_declared', version: 2 });
        // One edited record per round holds the same post and tenure: free it for the next.
        await ctx.db.delete(positionHolders).where(eq(positionHolders.id, record.id));
      } else {
        expect(edited.statusCode).toBe(409);
        expect(verified.statusCode).toBe(200);
        expect(row).toMatchObject({ positionId: shown.id, verification: 'verified', version: 1 });
      }
    }
  });
});
