import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { browserOf, signInAs } from '../../../test/auth-helpers';
import { TEST_ORIGIN, useTestApp } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { transcriptRecordsOf } from '../../../test/transcript-records';
import { achievements } from '../../db/schema/index';

describe('a transcript whose records changed after issue', () => {
  const ctx = useTestApp();
  const browser = browserOf(ctx);
  const { studentWithRecords, issue } = transcriptRecordsOf(ctx);

  it('names the items that no longer stand, and why, while the rest stays verifiable', async () => {
    const mine = await studentWithRecords();
    const issued = await issue(mine.cookie, {
      achievementIds: [mine.verified.id],
      positionIds: [mine.holder.id],
      skillIds: [mine.endorsed.id],
    });
    expect(issued.statusCode).toBe(201);
    const { id } = issued.json().transcript;
    const verify = async () => (await browser.get(`/api/verify/transcripts/${id}`)).json();
    expect(await verify()).toMatchObject({ status: 'valid', withdrawn: [] });

    // The president removes the student from the position.
    const president = await signInAs(ctx, await createUser(ctx.db, { role: 'PRESIDENT' }));
    const ended = await ctx.app.inject({
      method: 'PUT',
      url: `/api/position-holders/${mine.holder.id}`,
      payload: {
        userId: mine.user.id,
        positionId: mine.holder.positionId,
        tenureYear: '2024-2025',
        status: 'terminated',
      },
      headers: { origin: TEST_ORIGIN, cookie: president },
    });
    expect(ended.statusCode).toBe(200);
    const afterEnd = await verify();
    expect(afterEnd.status).toBe('valid');
    expect(afterEnd.withdrawn).toEqual([
      { kind: 'position', id: mine.holder.id, reason: 'record_ended' },
    ]);
    // The frozen content is still shown in full.
    expect(afterEnd.content.positions).toHaveLength(1);

    // The achievement's verification is withdrawn.
    await ctx.db
      .update(achievements)
      .set({
        verified: false,
        verifiedBy: null,
        verifiedAt: null,
        declinedAt: new Date(),
        declineReason: 'Not on the results list.',
      })
      .where(eq(achievements.id, mine.verified.id));
    const afterDecline = await verify();
    expect(afterDecline.withdrawn).toEqual([
      { kind: 'achievement', id: mine.verified.id, reason: 'record_unverified' },
      { kind: 'position', id: mine.holder.id, reason: 'record_ended' },
    ]);
    // The decline reason is the student's, not the public's.
    expect(JSON.stringify(afterDecline)).not.toContain('results list');

    // Deleted outright: the account's records go with it (the transcript too), or the record alone.
    await ctx.db.delete(achievements).where(eq(achievements.id, mine.verified.id));
    expect((await verify()).withdrawn[0]).toEqual({
      kind: 'achievement',
      id: mine.verified.id,
      reason: 'record_deleted',
    });
  });
});
