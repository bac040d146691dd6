import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as S from '../../db/schema/index';
import { auditSummary } from '../../db/audit';
import { useTestApp } from '../../../test/build-test-app';
import { createAchievement, createOrgUnit, createStudent, createUser } from '../../../test/factories';
import { eraseAccount } from './erasure.service';

// An erasure removes the person's identifying texts from what is theirs; elsewhere only what
// cannot be anyone else's. A namesake's words, a unit's name and a year that equals a short
// student id stay as they were written.
describe('erasing an account leaves other people’s words alone', () => {
  const ctx = useTestApp();

  it('keeps a namesake’s announcement, a club’s text and a year; scrubs the person’s own rows', async () => {
    const president = await createUser(ctx.db, { role: 'PRESIDENT', name: 'Rohan Mehta' });
    await createOrgUnit(ctx.db, { name: 'Coding Club' });
    const { user: namesake } = await createStudent(ctx.db, { name: 'Rohan Mehta', studentId: '2026' });
    const { user: clubNamed } = await createStudent(ctx.db, { name: 'Coding Club' });
    const announcement = 'Coding Club hackathon 2026 on Friday -- Rohan Mehta, President';
    const [posted] = await ctx.db
      .insert(S.announcements)
      .values({ authorId: president.id, title: 'Hackathon', body: announcement, audience: 'everyone' })
      .returning({ id: S.announcements.id });
    const own = await createAchievement(ctx.db, {
      userId: namesake.id,
      verified: true,
      verifiedBy: president.id,
      verifiedAt: new Date(),
      description: 'Led by Rohan Mehta (id 2026)',
    });
    await auditSummary(ctx.db, {
      actorId: president.id,
      kind: 'import',
      action: 'create',
      subjectType: 'roll',
      summary: 'Room booking due 2026-12-31 for Rohan Mehta',
      after: { dueAt: '2026-12-31', by: 'Rohan Mehta' },
    });

    expect(await eraseAccount(ctx.db, namesake.id)).toBe(true);
    expect(await eraseAccount(ctx.db, clubNamed.id)).toBe(true);

    const [kept] = await ctx.db
      .select({ body: S.announcements.body })
      .from(S.announcements)
      .where(eq(S.announcements.id, posted!.id));
    expect(kept?.body).toBe('Coding Club hackathon 2026 on Friday -- Rohan Mehta, President');
    const [line] = await ctx.db
      .select({ summary: S.auditLog.summary, after: S.auditLog.after })
      .from(S.auditLog)
      .where(eq(S.auditLog.actorId, president.id));
    expect(line).toEqual({
      summary: 'Room booking due 2026-12-31 for Rohan Mehta',
      after: { dueAt: '2026-12-31', by: 'Rohan Mehta' },
    });
    const [mine] = await ctx.db
      .select({ description: S.achievements.description })
      .from(S.achievements)
      .where(eq(S.achievements.id, own.id));
    expect(mine?.description).toBe('Led by Former student (id Former student)');
  });
});
