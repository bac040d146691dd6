import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/test-db';
import { createAchievement, createFeedback, createSkill, createUser } from '../../test/factories';
import { tallyOf } from '../../test/tallies';
import { achievements, feedback, skills, userSkills } from './schema/index';

/**
 * The running counts of the queues (migrations 'tallies' and 'tally_statements'): every kind of
 * statement, one row or many at once, moves them by what it changed and by nothing else.
 */
describe('queue tallies', () => {
  const database = useTestDatabase();
  const tally = (key: string) => tallyOf(database.db, key);

  it('counts claims added many in one statement, endorsed, declined, moved and deleted', async () => {
    const before = {
      technical: await tally('claims.technical'),
      cultural: await tally('claims.cultural'),
    };
    const python = await createSkill(database.db, { name: 'Python Tally', type: 'technical' });
    const dance = await createSkill(database.db, { name: 'Kathak Tally', type: 'cultural' });
    const students = await Promise.all(Array.from({ length: 5 }, () => createUser(database.db)));
    // Five claims of Python and three of Kathak in one statement.
    const claims = await database.db
      .insert(userSkills)
      .values([
        ...students.map((student) => ({ userId: student.id, skillId: python.id })),
        ...students.slice(0, 3).map((student) => ({ userId: student.id, skillId: dance.id })),
      ])
      .returning();
    expect(await tally('claims.technical')).toBe(before.technical + 5);
    expect(await tally('claims.cultural')).toBe(before.cultural + 3);

    // Two Python claims endorsed and one Kathak claim declined in one statement each.
    const pythonClaims = claims.filter((claim) => claim.skillId === python.id);
    const danceClaims = claims.filter((claim) => claim.skillId === dance.id);
    await database.db
      .update(userSkills)
      .set({ isEndorsed: true })
      .where(inArray(userSkills.id, [pythonClaims[0]!.id, pythonClaims[1]!.id]));
    await database.db
      .update(userSkills)
      .set({ declinedAt: new Date(), declineReason: 'Not shown in any activity.' })
      .where(eq(userSkills.id, danceClaims[0]!.id));
    expect(await tally('claims.technical')).toBe(before.technical + 3);
    expect(await tally('claims.cultural')).toBe(before.cultural + 2);

    // An edit that leaves the claim waiting moves nothing.
    await database.db
      .update(userSkills)
      .set({ proficiencyLevel: 'expert' })
      .where(eq(userSkills.skillId, python.id));
    expect(await tally('claims.technical')).toBe(before.technical + 3);

    // Retyping Kathak to technical carries its two waiting claims along.
    await database.db.update(skills).set({ type: 'technical' }).where(eq(skills.id, dance.id));
    expect(await tally('claims.technical')).toBe(before.technical + 5);
    expect(await tally('claims.cultural')).toBe(before.cultural);

    // A claim moved from a waiting skill to a declined one stops waiting.
    const declined = await createSkill(database.db, {
      name: 'Declined Tally',
      type: 'technical',
      declinedAt: new Date(),
      declineReason: 'A duplicate.',
    });
    await database.db
      .update(userSkills)
      .set({ skillId: declined.id })
      .where(eq(userSkills.id, pythonClaims[2]!.id));
    expect(await tally('claims.technical')).toBe(before.technical + 4);

    // Deleting every claim of both skills: the endorsed and declined ones were never counted.
    await database.db
      .delete(userSkills)
      .where(inArray(userSkills.skillId, [python.id, dance.id, declined.id]));
    expect(await tally('claims.technical')).toBe(before.technical);
    expect(await tally('claims.cultural')).toBe(before.cultural);
  });

  it('counts achievements awaiting verification', async () => {
    const before = await tally('achievements.sports');
    const owner = await createUser(database.db);
    const rows = await database.db
      .insert(achievements)
      .values(
        ['Relay', 'Sprint', 'Long jump', 'Shot put'].map((title) => ({
          userId: owner.id,
          title,
          description: 'Inter-college athletics meet.',
          category: 'Athletics',
          type: 'sports' as const,
          level: 'college' as const,
          dateAchieved: '2026-01-15',
        })),
      )
      .returning();
    expect(await tally('achievements.sports')).toBe(before + 4);
    await database.db
      .update(achievements)
      .set({ verified: true, verifiedBy: owner.id })
      .where(eq(achievements.id, rows[0]!.id));
    await database.db
      .update(achievements)
      .set({ declinedAt: new Date(), declineReason: 'No certificate.' })
      .where(eq(achievements.id, rows[1]!.id));
    expect(await tally('achievements.sports')).toBe(before + 2);
    await database.db
      .update(achievements)
      .set({ type: 'technical' })
      .where(eq(achievements.id, rows[2]!.id));
    expect(await tally('achievements.sports')).toBe(before + 1);
    await database.db.delete(achievements).where(eq(achievements.userId, owner.id));
    expect(await tally('achievements.sports')).toBe(before);
    const single = await createAchievement(database.db, { type: 'sports' });
    expect(await tally('achievements.sports')).toBe(before + 1);
    await database.db.delete(achievements).where(eq(achievements.id, single.id));
  });

  it('counts feedback by type and by resolution', async () => {
    const before = {
      open: await tally('feedback.Complaint.unresolved'),
      done: await tally('feedback.Complaint.resolved'),
    };
    const first = await createFeedback(database.db, { type: 'Complaint' });
    const second = await createFeedback(database.db, { type: 'Complaint' });
    expect(await tally('feedback.Complaint.unresolved')).toBe(before.open + 2);
    await database.db
      .update(feedback)
      .set({ isResolved: true, resolvedAt: new Date() })
      .where(inArray(feedback.id, [first.id, second.id]));
    expect(await tally('feedback.Complaint.unresolved')).toBe(before.open);
    expect(await tally('feedback.Complaint.resolved')).toBe(before.done + 2);
    await database.db.delete(feedback).where(eq(feedback.id, first.id));
    expect(await tally('feedback.Complaint.resolved')).toBe(before.done + 1);
  });
});
