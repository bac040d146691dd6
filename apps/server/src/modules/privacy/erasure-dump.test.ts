import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as S from '../../db/schema/index';
import { dumpEveryTable, foundIn } from '../../../test/database-dump';
import { useTestApp } from '../../../test/build-test-app';
import { IDENTIFYING, seedPerson } from '../../../test/erasure-scenario';
import { eraseAccount } from './erasure.service';

describe('erasing an account leaves no trace of the person in the embedded database', () => {
  const ctx = useTestApp();

  it('a dump of every table holds the name, e-mail, phone and student id before, none after; what the institute keeps stays', async () => {
    const seeded = await seedPerson(ctx.db);
    const id = seeded.user.id;
    expect(foundIn(await dumpEveryTable(ctx.db), IDENTIFYING)).toEqual(IDENTIFYING);

    expect(await eraseAccount(ctx.db, id)).toBe(true);

    expect(foundIn(await dumpEveryTable(ctx.db), IDENTIFYING)).toEqual([]);
    // Kept, attached to the erased account: the verified position and achievement.
    const [holding] = await ctx.db
      .select()
      .from(S.positionHolders)
      .where(eq(S.positionHolders.id, seeded.holding.id));
    expect(holding?.userId).toBe(id);
    const [achievement] = await ctx.db
      .select()
      .from(S.achievements)
      .where(eq(S.achievements.id, seeded.kept.id));
    expect(achievement?.verified).toBe(true);
    // Anonymous feedback stays, linked to no one; credentials revoked; transcripts, photo and sessions gone.
    const [anonymous] = await ctx.db
      .select()
      .from(S.feedback)
      .where(eq(S.feedback.id, seeded.anonymous.id));
    expect(anonymous?.authorId).toBeNull();
    const credentials = await ctx.db
      .select()
      .from(S.issuedCredentials)
      .where(eq(S.issuedCredentials.userId, id));
    expect(credentials.map((c) => c.revocationReason)).toEqual(['holder_request']);
    expect(await ctx.db.select().from(S.transcripts).where(eq(S.transcripts.userId, id))).toEqual([]);
    expect(await ctx.db.select().from(S.userPhotos).where(eq(S.userPhotos.userId, id))).toEqual([]);
    expect(await ctx.db.select().from(S.sessions).where(eq(S.sessions.userId, id))).toEqual([]);
    expect(
      await ctx.db.select().from(S.pushSubscriptions).where(eq(S.pushSubscriptions.userId, id)),
    ).toEqual([]);
    // A second erasure finds nothing to do.
    expect(await eraseAccount(ctx.db, id)).toBe(false);
  });
});
