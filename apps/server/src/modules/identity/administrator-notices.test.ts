import { eq } from 'drizzle-orm';
import { notificationTitle, type Notification } from '@cosa/contracts';
import { describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/index';
import { browserOf, signInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import { createStudentProfile, createUser } from '../../../test/factories';

/**
 * The administrator hears of what waits for them (decisions 0015 and 0022): every administrator
 * has one notice per queue (correction requests, Student ID claims), counting the requests that
 * arrived and naming the latest, linking to the page that decides them; the bell and the /admin
 * overview count the open ones, and a notice settles itself once its queue is empty. Texts typed
 * by hand.
 */
describe('the administrator hears of correction requests and Student ID claims', () => {
  const ctx = useTestApp();
  const { get, post } = browserOf(ctx);
  const inbox = async (cookie: string) =>
    (await get('/api/notifications', { cookie })).json().items as Notification[];
  const waiting = async (cookie: string) =>
    (await get('/api/admin/summary', { cookie })).json().identity as unknown;
  const bell = async (cookie: string) =>
    (await get('/api/notifications/queues', { cookie })).json() as unknown;

  it('notifies each administrator, not the deactivated one, and counts the open requests', async () => {
    const registrar = await createUser(ctx.db, { role: 'ADMIN', name: 'Registrar' });
    const deputy = await createUser(ctx.db, { role: 'ADMIN', name: 'Deputy Registrar' });
    const former = await createUser(ctx.db, {
      role: 'ADMIN',
      name: 'Former Registrar',
      deactivatedAt: new Date(),
    });
    const [registrarCookie, deputyCookie] = [
      await signInAs(ctx, registrar),
      await signInAs(ctx, deputy),
    ];
    expect(await waiting(registrarCookie)).toEqual({ openCorrections: 0, openIdConflicts: 0 });

    const student = await createUser(ctx.db, {
      name: 'Meera Iyer',
      username: 'meera.iyer',
      email: 'meera.iyer@iitbhilai.ac.in',
      officialName: 'Meera Iyer',
      onboardingComplete: true,
    });
    await createStudentProfile(ctx.db, { userId: student.id, program: 'B.Tech', batchYear: 2023 });
    const studentCookie = await signInAs(ctx, student);
    const filed = await post(
      '/api/me/corrections',
      { field: 'program', value: 'M.Tech', reason: 'I joined the M.Tech program.' },
      { cookie: studentCookie },
    );
    expect(filed.statusCode).toBe(201);

    for (const cookie of [registrarCookie, deputyCookie]) {
      const [notice] = await inbox(cookie);
      expect(notice).toMatchObject({
        kind: 'queue',
        outcome: 'corrections',
        subject: 'Meera Iyer (meera.iyer): Program',
        itemCount: 1,
        link: '/admin/corrections',
        readAt: null,
      });
      expect(notificationTitle(notice!)).toBe('1 new correction request to review');
    }
    expect(await bell(registrarCookie)).toEqual({
      queues: [
        { queue: 'corrections', count: 1 },
        { queue: 'student-ids', count: 0 },
      ],
      unreadNotices: 0,
    });
    // A deactivated administrator cannot sign in; nothing waits in their inbox either.
    expect(await ctx.db.select().from(notifications).where(eq(notifications.userId, former.id))).toEqual(
      [],
    );
    expect(await inbox(studentCookie)).toEqual([]);
    expect(await waiting(deputyCookie)).toEqual({ openCorrections: 1, openIdConflicts: 0 });

    // A Student ID another account typed: the student asks the administrator for it.
    await createUser(ctx.db, {
      name: 'Vikram Shah',
      username: 'vikram.shah',
      studentId: '23110042',
      studentIdSource: 'self',
    });
    const owner = await createUser(ctx.db, {
      name: 'Kavya Menon',
      username: 'kavya.menon',
      studentId: null,
      onboardingComplete: false,
    });
    const asked = await post(
      '/api/me/student-id-claims',
      { studentId: '23110042' },
      { cookie: await signInAs(ctx, owner) },
    );
    expect(asked.statusCode).toBe(201);
    const claim = (await inbox(registrarCookie)).find((notice) => notice.outcome === 'student-ids');
    expect(claim).toMatchObject({
      kind: 'queue',
      subject: 'Kavya Menon (kavya.menon): 23110042',
      itemCount: 1,
      link: '/admin/student-ids',
    });
    expect(notificationTitle(claim!)).toBe('1 new Student ID claim to review');
    expect(await waiting(registrarCookie)).toEqual({ openCorrections: 1, openIdConflicts: 1 });

    // A second request joins the same notice, which names it.
    const other = await createUser(ctx.db, {
      name: 'Arun Pillai',
      username: 'arun.pillai',
      officialName: 'Arun Pillai',
      onboardingComplete: true,
    });
    await createStudentProfile(ctx.db, { userId: other.id, program: 'B.Tech', batchYear: 2022 });
    const second = await post(
      '/api/me/corrections',
      { field: 'program', value: 'M.Tech', reason: 'I moved to the M.Tech program.' },
      { cookie: await signInAs(ctx, other) },
    );
    expect(second.statusCode).toBe(201);
    const corrections = (await inbox(deputyCookie)).filter((notice) => notice.outcome === 'corrections');
    expect(corrections).toHaveLength(1);
    expect(corrections[0]).toMatchObject({
      subject: 'Arun Pillai (arun.pillai): Program',
      itemCount: 2,
    });
    expect(notificationTitle(corrections[0]!)).toBe('2 new correction requests to review');

    // One decided: the notice stays while the other waits; both decided, it settles itself.
    const decide = async (id: string) =>
      (
        await post(
          `/api/admin/corrections/${id}/decision`,
          { decision: 'decline', reason: 'The admission register says otherwise.' },
          { cookie: registrarCookie },
        )
      ).statusCode;
    expect(await decide(filed.json().correction.id as string)).toBe(200);
    expect(await waiting(registrarCookie)).toEqual({ openCorrections: 1, openIdConflicts: 1 });
    const unread = async (cookie: string) =>
      (await inbox(cookie)).filter((notice) => notice.readAt === null).map((notice) => notice.outcome);
    expect((await unread(deputyCookie)).sort()).toEqual(['corrections', 'student-ids']);
    expect(await decide(second.json().correction.id as string)).toBe(200);
    expect(await waiting(registrarCookie)).toEqual({ openCorrections: 0, openIdConflicts: 1 });
    expect(await unread(deputyCookie)).toEqual(['student-ids']);
    expect(await bell(deputyCookie)).toEqual({
      queues: [
        { queue: 'corrections', count: 0 },
        { queue: 'student-ids', count: 1 },
      ],
      unreadNotices: 0,
    });
  });
});
