import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { feedback, positions } from '../src/db/schema/index';
import { signInAs } from './auth-helpers';
import { TEST_ORIGIN, useTestApp } from './build-test-app';
import { createPosition, createStudent } from './factories';

/**
 * Feedback about a position sent while the position is being deleted: the target exists when it
 * is checked and is gone when the row is written. This file runs only with DATABASE_URL (see
 * vitest.config.ts): the deletion holds one connection while the request uses another.
 */
describe('feedback whose target is removed while it is sent', () => {
  const ctx = useTestApp();

  it('answers 400 naming the target, as for a target that never existed, and stores nothing', async () => {
    const position = await createPosition(ctx.db);
    const { user } = await createStudent(ctx.db);
    const cookie = await signInAs(ctx, user);
    let sent:
      | Promise<{ statusCode: number; json(): { error: { fields?: Record<string, string> } } }>
      | undefined;
    await ctx.db.transaction(async (tx) => {
      await tx.delete(positions).where(eq(positions.id, position.id));
      // The request checks the target (still there for everyone else), then waits on the deleted row.
      sent = ctx.app.inject({
        method: 'POST',
        url: '/api/feedback',
        headers: { origin: TEST_ORIGIN, cookie },
        payload: {
          type: 'Query',
          targetType: 'POR',
          targetId: position.id,
          comments: 'Is this position open?',
          isAnonymous: false,
        },
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    const response = await sent!;
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ targetId: 'Please choose a target from the list.' });
    expect(await ctx.db.select().from(feedback).where(eq(feedback.authorId, user.id))).toEqual([]);
  });
});
