import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, sessions, users } from '../../db/schema/index';
import { signInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import { createOrgUnit, createStudent, createUser } from '../../../test/factories';
import { adminClientOf } from '../../../test/admin-client';

// Typed by hand from issue 13.
const CLUB_REQUIRED = 'Please choose the club this coordinator leads.';
const CLUB_NOT_FOUND = 'Please choose a club from the list.';
const CLUB_ONLY_COORDINATOR = 'Only a club coordinator is linked to a club.';
const NOT_VERIFIED =
  'This account has not verified its e-mail address yet: only a verified account can hold a role other than Student.';
const OWN_ADMIN_ROLE =
  'You cannot take away your own administrator role while you are the only active administrator.';
const DEACTIVATE_SELF = 'You cannot deactivate your own account.';
const ALREADY_DEACTIVATED = 'This account is already deactivated.';
const NOT_DEACTIVATED = 'This account is not deactivated.';

describe('administration: users and roles', () => {
  const ctx = useTestApp();
  const { get, send, admin } = adminClientOf(ctx);

  describe('PUT /api/admin/users/:id/role', () => {
    it('makes a student the coordinator of a club, and a student again, unlinking the club', async () => {
      const { cookie } = await admin();
      const club = await createOrgUnit(ctx.db, { name: 'Role Club Wren' });
      const { user } = await createStudent(ctx.db, { name: 'Wren Student' });
      const made = await send('PUT', `/api/admin/users/${user.id}/role`, cookie, {
        role: 'CLUB_COORDINATOR',
        clubId: club.id.toUpperCase(),
      });
      expect(made.statusCode).toBe(200);
      expect(made.json().user).toMatchObject({
        role: 'CLUB_COORDINATOR',
        club: { id: club.id, name: 'Role Club Wren' },
      });
      const back = await send('PUT', `/api/admin/users/${user.id}/role`, cookie, { role: 'STUDENT' });
      expect(back.json().user).toMatchObject({ role: 'STUDENT', club: null, onboardingComplete: true });
      const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
      expect(row).toMatchObject({ role: 'STUDENT', clubUnitId: null, onboardingComplete: true });
    });

    it('records the change in the audit log with the role before and after', async () => {
      const { user: actor, cookie } = await admin({ name: 'Audit Admin Crane' });
      const { user } = await createStudent(ctx.db, { name: 'Audit Target Crane' });
      expect(
        (await send('PUT', `/api/admin/users/${user.id}/role`, cookie, { role: 'GENSEC_CULTURAL' }))
          .statusCode,
      ).toBe(200);
      const lines = await ctx.db.select().from(auditLog).where(eq(auditLog.subjectId, user.id));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({
        actorId: actor.id,
        actorName: 'Audit Admin Crane',
        kind: 'role',
        action: 'update',
        subjectType: 'users',
        subjectLabel: 'Audit Target Crane',
      });
      expect(lines[0]!.before).toMatchObject({ role: 'STUDENT' });
      expect(lines[0]!.after).toMatchObject({ role: 'GENSEC_CULTURAL' });
      expect(JSON.stringify(lines[0])).not.toContain('password');
    });

    it('sends a student without a profile through onboarding again, and counts every other role as onboarded', async () => {
      const { cookie } = await admin();
      const official = await createUser(ctx.db, { role: 'PRESIDENT', onboardingComplete: true });
      const demoted = await send('PUT', `/api/admin/users/${official.id}/role`, cookie, {
        role: 'STUDENT',
      });
      expect(demoted.json().user).toMatchObject({ role: 'STUDENT', onboardingComplete: false });
      const promoted = await send('PUT', `/api/admin/users/${official.id}/role`, cookie, {
        role: 'ADMIN',
      });
      expect(promoted.json().user).toMatchObject({ role: 'ADMIN', onboardingComplete: true });
    });

    it('keeps the student data of a student made an administrator', async () => {
      const { cookie } = await admin();
      const { user } = await createStudent(ctx.db, { studentId: '55500011' }, { branch: 'Mathematics' });
      const made = await send('PUT', `/api/admin/users/${user.id}/role`, cookie, { role: 'ADMIN' });
      expect(made.json().user).toMatchObject({
        role: 'ADMIN',
        studentId: '55500011',
        profile: { branch: 'Mathematics' },
      });
    });

    it('refuses bad input with field messages and changes nothing', async () => {
      const { cookie } = await admin();
      const { user } = await createStudent(ctx.db);
      const council = await createOrgUnit(ctx.db, { type: 'council', name: 'Role Council Finch' });
      const retired = await createOrgUnit(ctx.db, { name: 'Retired Club Finch', retiredAt: new Date() });
      const cases: [object, string, string][] = [
        [{ role: 'CLUB_COORDINATOR' }, 'clubId', CLUB_REQUIRED],
        [{ role: 'PRESIDENT', clubId: council.id }, 'clubId', CLUB_ONLY_COORDINATOR],
        [{ role: 'CLUB_COORDINATOR', clubId: council.id }, 'clubId', CLUB_NOT_FOUND],
        [{ role: 'CLUB_COORDINATOR', clubId: retired.id }, 'clubId', CLUB_NOT_FOUND],
        [
          { role: 'CLUB_COORDINATOR', clubId: '00000000-0000-4000-8000-000000000000' },
          'clubId',
          CLUB_NOT_FOUND,
        ],
        [{ role: 'DEAN' }, 'role', 'Please choose a role from the list.'],
        [{}, 'role', 'Please choose a role from the list.'],
      ];
      for (const [body, field, message] of cases) {
        const answer = await send('PUT', `/api/admin/users/${user.id}/role`, cookie, body);
        expect(answer.statusCode, JSON.stringify(body)).toBe(400);
        expect(answer.json().error.fields[field]).toBe(message);
      }
      const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
      expect(row).toMatchObject({ role: 'STUDENT', clubUnitId: null });
      const missing = await send(
        'PUT',
        '/api/admin/users/00000000-0000-4000-8000-000000000000/role',
        cookie,
        { role: 'PRESIDENT' },
      );
      expect(missing.statusCode).toBe(404);
    });

    it('gives a role other than Student only to a verified, active account', async () => {
      const { cookie } = await admin();
      const unverified = await createUser(ctx.db, { emailVerifiedAt: null });
      const refused = await send('PUT', `/api/admin/users/${unverified.id}/role`, cookie, {
        role: 'PRESIDENT',
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.message).toBe(NOT_VERIFIED);
      const deactivated = await createUser(ctx.db, { deactivatedAt: new Date() });
      expect(
        (await send('PUT', `/api/admin/users/${deactivated.id}/role`, cookie, { role: 'ADMIN' }))
          .statusCode,
      ).toBe(409);
      const rows = await ctx.db
        .select({ role: users.role })
        .from(users)
        .where(eq(users.id, unverified.id));
      expect(rows[0]!.role).toBe('STUDENT');
    });

    it('keeps the last active administrator: not even a deactivated second one counts', async () => {
      // A fresh campus of its own would be cleaner, but other tests made administrators: end them first.
      await ctx.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.role, 'ADMIN'));
      const { user: only, cookie } = await admin();
      await createUser(ctx.db, { role: 'ADMIN', deactivatedAt: new Date() });
      const own = await send('PUT', `/api/admin/users/${only.id}/role`, cookie, { role: 'STUDENT' });
      expect(own.statusCode).toBe(409);
      expect(own.json().error.message).toBe(OWN_ADMIN_ROLE);
      const [row] = await ctx.db.select({ role: users.role }).from(users).where(eq(users.id, only.id));
      expect(row!.role).toBe('ADMIN');

      // With a second active administrator, either may step down.
      const second = await admin();
      const stepDown = await send('PUT', `/api/admin/users/${only.id}/role`, cookie, {
        role: 'PRESIDENT',
      });
      expect(stepDown.statusCode).toBe(200);
      const last = await send('PUT', `/api/admin/users/${second.user.id}/role`, second.cookie, {
        role: 'STUDENT',
      });
      expect(last.statusCode).toBe(409);
      expect(last.json().error.message).toBe(OWN_ADMIN_ROLE);
    });
  });

  describe('deactivation, reactivation and signing out', () => {
    it('deactivates an account, ending its sessions at once, and reactivates it', async () => {
      const { cookie } = await admin();
      const { user } = await createStudent(ctx.db);
      const theirs = await signInAs(ctx, user);
      expect((await get('/api/auth/session', theirs)).json().user.id).toBe(user.id);

      const done = await send('POST', `/api/admin/users/${user.id}/deactivation`, cookie);
      expect(done.statusCode).toBe(200);
      expect(done.json().user).toMatchObject({ state: 'deactivated', activeSessions: 0 });
      expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
      expect((await get('/api/auth/session', theirs)).json().user).toBeNull();
      expect((await get('/api/me/profile', theirs)).statusCode).toBe(401);
      const lines = await ctx.db.select().from(auditLog).where(eq(auditLog.subjectId, user.id));
      expect(lines.map((line) => [line.kind, line.action])).toEqual([['account', 'update']]);
      expect(lines[0]!.before).toMatchObject({ deactivated_at: null });

      const again = await send('POST', `/api/admin/users/${user.id}/deactivation`, cookie);
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe(ALREADY_DEACTIVATED);

      const back = await send('POST', `/api/admin/users/${user.id}/reactivation`, cookie);
      expect(back.statusCode).toBe(200);
      expect(back.json().user).toMatchObject({ state: 'active', deactivatedAt: null });
      const twice = await send('POST', `/api/admin/users/${user.id}/reactivation`, cookie);
      expect(twice.statusCode).toBe(409);
      expect(twice.json().error.message).toBe(NOT_DEACTIVATED);
    });

    it('refuses deactivating yourself, and answers 404 for an unknown account', async () => {
      const { user, cookie } = await admin();
      const self = await send('POST', `/api/admin/users/${user.id}/deactivation`, cookie);
      expect(self.statusCode).toBe(409);
      expect(self.json().error.message).toBe(DEACTIVATE_SELF);
      expect((await get('/api/auth/session', cookie)).json().user.id).toBe(user.id);
      for (const action of ['deactivation', 'reactivation', 'sign-out']) {
        expect(
          (await send('POST', `/api/admin/users/00000000-0000-4000-8000-000000000000/${action}`, cookie))
            .statusCode,
        ).toBe(404);
        expect((await send('POST', `/api/admin/users/nope/${action}`, cookie)).statusCode).toBe(400);
      }
    });

    it('signs a user out everywhere, leaving the account usable, with a line in the audit log', async () => {
      const { user: actor, cookie } = await admin();
      const { user } = await createStudent(ctx.db, { name: 'Signed Out Osprey' });
      const first = await signInAs(ctx, user);
      await signInAs(ctx, user);
      const answer = await send('POST', `/api/admin/users/${user.id}/sign-out`, cookie);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ sessionsEnded: 2 });
      expect((await get('/api/auth/session', first)).json().user).toBeNull();
      const [row] = await ctx.db
        .select({ deactivatedAt: users.deactivatedAt })
        .from(users)
        .where(eq(users.id, user.id));
      expect(row!.deactivatedAt).toBeNull();
      const lines = await ctx.db.select().from(auditLog).where(eq(auditLog.actorId, actor.id));
      expect(lines.map((line) => line.summary)).toContain(
        `Signed Signed Out Osprey (${user.email}) out of 2 sessions`,
      );
    });
  });
});
