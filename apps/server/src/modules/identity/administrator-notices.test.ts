import { eq } from 'drizzle-orm';
import { notificationTitle, type Notification } from '@cosa/contracts';
import { describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/index';
import { browserOf, signInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import { createStudentProfile, createUser } from '../../../test/factories';

/**
 * The administrator hears of what waits for them (decision 0015): every administrator is notified
 * of a new correction request and a new Student ID claim, linking to the page that settles it, and
 * the /admin overview counts the open ones. Texts typed by hand.
 */
describe('the administrator hears of correction requests and Student ID claims', () => {
  const ctx = useTestApp();
  const { get, post } = browserOf(ctx);
  const inbox = async (cookie: string) =>
    (await get('/api/notifications', { cookie })).json().items as Notification[];
  const waiting = async (cookie: string) =>
    (await get('/api/admin/summary', { cookie })).json().identity as unknown;

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
        kind: 'identity',
        subject: 'New correction request from Meera Iyer (meera.iyer)',
        outcome: 'Program',
        detail: 'Asks for “M.Tech” (instead of “B.Tech”): I joined the M.Tech program.',
        link: '/admin/corrections',
      });
      expect(notificationTitle(notice!)).toBe(
        'New correction request from Meera Iyer (meera.iyer): Program',
      );
    }
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
    const [claim] = await inbox(registrarCookie);
    expect(claim).toMatchObject({
      kind: 'identity',
      subject: 'New Student ID claim from Kavya Menon (kavya.menon)',
      outcome: '23110042',
      detail: 'Held by Vikram Shah (vikram.shah), typed by the student, unproven.',
      link: '/admin/student-ids',
    });
    expect(notificationTitle(claim!)).toBe(
      'New Student ID claim from Kavya Menon (kavya.menon): 23110042',
    );
    expect(await waiting(registrarCookie)).toEqual({ openCorrections: 1, openIdConflicts: 1 });

    // Decided: no longer waiting.
    const correctionId = filed.json().correction.id as string;
    const decided = await post(
      `/api/admin/corrections/${correctionId}/decision`,
      { decision: 'decline', reason: 'The admission register says B.Tech.' },
      { cookie: registrarCookie },
    );
    expect(decided.statusCode).toBe(200);
    expect(await waiting(registrarCookie)).toEqual({ openCorrections: 0, openIdConflicts: 1 });
  });
});
