import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as S from '../../db/schema/index';
import { useTestApp } from '../../../test/build-test-app';
import { createStudent, createUser } from '../../../test/factories';
import { runPrivacySweep } from './privacy-sweep';

const DAY_MS = 86_400_000;

describe('the privacy sweep', () => {
  const ctx = useTestApp();
  const request = (userId: string, dueAt: Date, cancelledAt: Date | null = null) =>
    ctx.db.insert(S.erasureRequests).values({ userId, dueAt, cancelledAt });
  const account = async (id: string) => {
    const [row] = await ctx.db.select().from(S.users).where(eq(S.users.id, id));
    return row;
  };

  it('erases only the accounts whose erasure is due and not cancelled, and a failure stops none of the others', async () => {
    const now = new Date();
    const due = (await createStudent(ctx.db)).user;
    const alsoDue = (await createStudent(ctx.db)).user;
    const notYet = (await createStudent(ctx.db)).user;
    const cancelled = (await createStudent(ctx.db)).user;
    const failing = (await createStudent(ctx.db)).user;
    await request(due.id, new Date(now.getTime() - 1000));
    await request(notYet.id, new Date(now.getTime() + DAY_MS));
    await request(cancelled.id, new Date(now.getTime() - DAY_MS), new Date(now.getTime() - 2 * DAY_MS));
    await request(failing.id, new Date(now.getTime() - 2 * DAY_MS));
    await request(alsoDue.id, new Date(now.getTime() - 500));
    // The username the erased account would take is held by another: its erasure fails.
    await createUser(ctx.db, { username: `erased-${failing.id}` });

    const outcome = await runPrivacySweep(ctx.db, now);

    expect(outcome.erased.sort()).toEqual([due.id, alsoDue.id].sort());
    expect(outcome.failed.map((f) => f.userId)).toEqual([failing.id]);
    for (const id of [due.id, alsoDue.id]) {
      const row = await account(id);
      expect(row).toMatchObject({ name: 'Former student', studentId: null, passwordHash: null });
      expect(row!.erasedAt).not.toBeNull();
      expect(row!.deactivatedAt).not.toBeNull();
      expect(row!.email).toBe(`erased-${id}@erased.invalid`);
    }
    for (const id of [notYet.id, cancelled.id, failing.id])
      expect((await account(id))!.erasedAt).toBeNull();
    const [open] = await ctx.db
      .select()
      .from(S.erasureRequests)
      .where(eq(S.erasureRequests.userId, due.id));
    expect(open!.completedAt).not.toBeNull();
    // A second run finds nothing more to erase.
    expect((await runPrivacySweep(ctx.db, now)).erased).toEqual([]);
  });

  it('does not erase an account that holds an office now', async () => {
    const { user } = await createStudent(ctx.db);
    await request(user.id, new Date(Date.now() - 1000));
    await ctx.db.update(S.users).set({ role: 'CLUB_COORDINATOR' }).where(eq(S.users.id, user.id));
    expect((await runPrivacySweep(ctx.db)).erased).not.toContain(user.id);
    expect((await account(user.id))!.erasedAt).toBeNull();
  });

  it('purges access-log entries older than a year and notifications older than 180 days', async () => {
    const now = new Date();
    const { user: subject } = await createStudent(ctx.db);
    const at = (days: number) => new Date(now.getTime() - days * DAY_MS);
    const [oldEntry, keptEntry] = await ctx.db
      .insert(S.recordAccessLog)
      .values([
        { subjectId: subject.id, viewerRole: 'ADMIN', kind: 'record', createdAt: at(366) },
        { subjectId: subject.id, viewerRole: 'ADMIN', kind: 'record', createdAt: at(364) },
      ])
      .returning();
    const [oldNote, keptNote] = await ctx.db
      .insert(S.notifications)
      .values([
        {
          userId: subject.id,
          kind: 'skill',
          subject: 'Old',
          link: '/',
          delivery: 'app',
          createdAt: at(181),
        },
        {
          userId: subject.id,
          kind: 'skill',
          subject: 'Recent',
          link: '/',
          delivery: 'app',
          createdAt: at(179),
        },
      ])
      .returning();
    await runPrivacySweep(ctx.db, now);
    const entries = (await ctx.db.select({ id: S.recordAccessLog.id }).from(S.recordAccessLog)).map(
      (r) => r.id,
    );
    expect(entries).toContain(keptEntry!.id);
    expect(entries).not.toContain(oldEntry!.id);
    const notes = (await ctx.db.select({ id: S.notifications.id }).from(S.notifications)).map(
      (r) => r.id,
    );
    expect(notes).toContain(keptNote!.id);
    expect(notes).not.toContain(oldNote!.id);
  });

  it('removes registrations never proven 30 days on, but not the roll’s accounts, proven ones or onboarded ones', async () => {
    const now = new Date();
    const old = new Date(now.getTime() - 31 * DAY_MS);
    const abandoned = await createUser(ctx.db, { emailVerifiedAt: null, createdAt: old });
    const recent = await createUser(ctx.db, {
      emailVerifiedAt: null,
      createdAt: new Date(now.getTime() - 29 * DAY_MS),
    });
    const fromRoll = await createUser(ctx.db, {
      emailVerifiedAt: null,
      createdAt: old,
      importedAt: old,
    });
    const proven = await createUser(ctx.db, { createdAt: old });
    const outcome = await runPrivacySweep(ctx.db, now);
    expect(outcome.retention.unverifiedAccounts).toBeGreaterThanOrEqual(1);
    expect(await account(abandoned.id)).toBeUndefined();
    for (const kept of [recent, fromRoll, proven]) expect(await account(kept.id)).toBeDefined();
  });

  it('expires ready copies past their expiry, removing the archive, and forgets old expired requests', async () => {
    const now = new Date();
    const { user } = await createStudent(ctx.db);
    const [expired, fresh, forgotten] = await ctx.db
      .insert(S.dataExports)
      .values([
        {
          userId: user.id,
          status: 'ready',
          archive: Buffer.from('zip'),
          byteSize: 3,
          readyAt: now,
          expiresAt: new Date(now.getTime() - 1000),
        },
        {
          userId: user.id,
          status: 'ready',
          archive: Buffer.from('zip'),
          byteSize: 3,
          readyAt: now,
          expiresAt: new Date(now.getTime() + 3_600_000),
        },
        { userId: user.id, status: 'expired', createdAt: new Date(now.getTime() - 31 * DAY_MS) },
      ])
      .returning();
    await runPrivacySweep(ctx.db, now);
    const rows = await ctx.db
      .select({
        id: S.dataExports.id,
        status: S.dataExports.status,
        archive: sql<boolean>`${S.dataExports.archive} is not null`,
      })
      .from(S.dataExports)
      .where(eq(S.dataExports.userId, user.id));
    expect(rows).toEqual(
      expect.arrayContaining([
        { id: expired!.id, status: 'expired', archive: false },
        { id: fresh!.id, status: 'ready', archive: true },
      ]),
    );
    expect(rows.map((r) => r.id)).not.toContain(forgotten!.id);
  });
});
