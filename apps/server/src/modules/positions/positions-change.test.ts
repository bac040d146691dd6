import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { feedback, positions } from '../../db/schema/index';
import { useTestApp } from '../../../test/build-test-app';
import { createFeedback, createPosition, createPositionHolder } from '../../../test/factories';
import { positionClientOf } from '../../../test/position-clients';

// Spec section 5, typed by hand.
const TITLE_REQUIRED = 'Position title is required';
const HAS_HOLDERS =
  'This position has holders, so it cannot be deleted. Retire it instead: it keeps its history and takes no new holders.';
const HAS_FEEDBACK =
  'This position has feedback about it, so it cannot be deleted. Retire it instead: it keeps its history and takes no new holders.';
const HAS_FEEDBACK_RETIRED =
  'This position has feedback about it, so it cannot be deleted. It is retired already: it keeps its history and takes no new holders.';

describe('positions', () => {
  const ctx = useTestApp();

  const { send, get, as, valid, logOf } = positionClientOf(ctx);

  describe('edit, delete and retire', () => {
    it('edits with the same rules and logs it', async () => {
      const position = await createPosition(ctx.db);
      const { cookie } = await as('GENSEC_SCITECH');
      const bad = await send(
        'PUT',
        `/api/positions/${position.id}`,
        cookie,
        valid(position.unitId, { title: '' }),
      );
      expect(bad.json().error.fields).toEqual({ title: TITLE_REQUIRED });
      const done = await send(
        'PUT',
        `/api/positions/${position.id}`,
        cookie,
        valid(position.unitId, { title: 'Renamed Lead' }),
      );
      expect(done.statusCode).toBe(200);
      expect(done.json().position.title).toBe('Renamed Lead');
      expect((await logOf(position.id)).map((row) => row.description)).toEqual([
        'Position updated: Renamed Lead',
      ]);
      expect(
        (
          await send(
            'PUT',
            '/api/positions/00000000-0000-4000-8000-000000000000',
            cookie,
            valid(position.unitId),
          )
        ).statusCode,
      ).toBe(404);
    });

    it('will not lower the count below the active holders of a tenure', async () => {
      const position = await createPosition(ctx.db, { positionCount: 2 });
      await createPositionHolder(ctx.db, { positionId: position.id, tenureYear: '2024-2025' });
      await createPositionHolder(ctx.db, { positionId: position.id, tenureYear: '2024-2025' });
      const { cookie } = await as('PRESIDENT');
      const lowered = await send(
        'PUT',
        `/api/positions/${position.id}`,
        cookie,
        valid(position.unitId, { positionCount: 1 }),
      );
      expect(lowered.statusCode).toBe(409);
      expect(lowered.json().error.message).toBe(
        '2 active holders fill this position in 2024-2025; end some holdings before lowering the count.',
      );
    });

    it('refuses to delete a position with holders, with the reason, and retires it instead', async () => {
      const position = await createPosition(ctx.db);
      await createPositionHolder(ctx.db, { positionId: position.id, status: 'completed' });
      const { user, cookie } = await as('PRESIDENT');
      const refused = await send('DELETE', `/api/positions/${position.id}`, cookie);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toMatchObject({ code: 'CONFLICT', message: HAS_HOLDERS });
      expect(await ctx.db.select().from(positions).where(eq(positions.id, position.id))).toHaveLength(1);

      const retired = await send('POST', `/api/positions/${position.id}/retirement`, cookie);
      expect(retired.statusCode).toBe(200);
      expect(retired.json().position.retiredAt).toEqual(expect.any(String));
      const [row] = await ctx.db.select().from(positions).where(eq(positions.id, position.id));
      expect(row!.retiredBy).toBe(user.id);
      const again = await send('POST', `/api/positions/${position.id}/retirement`, cookie);
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe('This position is already retired.');
      expect((await logOf(position.id)).map((line) => line.description)).toEqual([
        `Position retired: ${position.title}`,
      ]);

      const lookup = (
        await get(`/api/lookup/positions?q=${encodeURIComponent(position.title)}`, cookie)
      ).json();
      expect(lookup.items).toEqual([]);
      const open = (
        await get(`/api/positions?q=${encodeURIComponent(position.title)}&state=open`, cookie)
      ).json();
      expect(open.total).toBe(0);
    });

    it('refuses to delete a position with feedback about it, which stays, and says so once it is retired', async () => {
      const position = await createPosition(ctx.db);
      const complaint = await createFeedback(ctx.db, {
        targetType: 'POR',
        targetPositionId: position.id,
        type: 'Complaint',
      });
      const { cookie } = await as('PRESIDENT');
      const refused = await send('DELETE', `/api/positions/${position.id}`, cookie);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toMatchObject({ code: 'CONFLICT', message: HAS_FEEDBACK });
      expect(await ctx.db.select().from(positions).where(eq(positions.id, position.id))).toHaveLength(1);
      expect(
        await ctx.db.select({ id: feedback.id }).from(feedback).where(eq(feedback.id, complaint.id)),
      ).toEqual([{ id: complaint.id }]);

      expect((await send('POST', `/api/positions/${position.id}/retirement`, cookie)).statusCode).toBe(
        200,
      );
      const again = await send('DELETE', `/api/positions/${position.id}`, cookie);
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe(HAS_FEEDBACK_RETIRED);
      expect((await logOf(position.id)).map((line) => line.description)).toEqual([
        `Position retired: ${position.title}`,
      ]);
    });

    it('deletes a position without holders and logs it', async () => {
      const position = await createPosition(ctx.db);
      const { cookie } = await as('PRESIDENT');
      const deleted = await send('DELETE', `/api/positions/${position.id}`, cookie);
      expect(deleted.statusCode).toBe(204);
      expect(await ctx.db.select().from(positions).where(eq(positions.id, position.id))).toEqual([]);
      expect((await logOf(position.id)).map((line) => line.description)).toEqual([
        `Position deleted: ${position.title}`,
      ]);
      expect((await send('DELETE', `/api/positions/${position.id}`, cookie)).statusCode).toBe(404);
    });
  });
});
