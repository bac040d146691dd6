import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { signInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import {
  createOrgUnit,
  createSession,
  createSkill,
  createStudent,
  createUser,
} from '../../../test/factories';
import { adminClientOf } from '../../../test/admin-client';

const NOT_FOUND = 'We could not find this user.';

describe('administration: users and roles', () => {
  const ctx = useTestApp();
  const { get, send, admin, names } = adminClientOf(ctx);

  describe('access', () => {
    it('asks a signed-out visitor to sign in and refuses every other role, changing nothing', async () => {
      const { user: target } = await createStudent(ctx.db);
      const urls: [method: 'GET' | 'POST' | 'PUT', url: string, body?: object][] = [
        ['GET', '/api/admin/summary'],
        ['GET', '/api/admin/users'],
        ['GET', '/api/admin/users/export'],
        ['GET', `/api/admin/users/${target.id}`],
        ['PUT', `/api/admin/users/${target.id}/role`, { role: 'PRESIDENT' }],
        ['POST', `/api/admin/users/${target.id}/deactivation`],
        ['POST', `/api/admin/users/${target.id}/reactivation`],
        ['POST', `/api/admin/users/${target.id}/sign-out`],
      ];
      const call = (method: string, url: string, cookie?: string, body?: object) =>
        method === 'GET' ? get(url, cookie) : send(method as 'POST' | 'PUT', url, cookie, body);
      for (const [method, url, body] of urls)
        expect((await call(method, url, undefined, body)).statusCode, url).toBe(401);
      const president = await signInAs(ctx, await createUser(ctx.db, { role: 'PRESIDENT' }));
      const student = await signInAs(ctx, (await createStudent(ctx.db)).user);
      const coordinator = await signInAs(
        ctx,
        await createUser(ctx.db, {
          role: 'CLUB_COORDINATOR',
          clubUnitId: (await createOrgUnit(ctx.db)).id,
        }),
      );
      for (const cookie of [president, student, coordinator]) {
        for (const [method, url, body] of urls) {
          const answer = await call(method, url, cookie, body);
          expect(answer.statusCode, url).toBe(403);
          expect(answer.json().error.code).toBe('FORBIDDEN');
        }
      }
      const [row] = await ctx.db.select().from(users).where(eq(users.id, target.id));
      expect(row).toMatchObject({ role: 'STUDENT', deactivatedAt: null });
    });
  });

  describe('GET /api/admin/summary', () => {
    it('counts users by role and state, units, rooms and skills awaiting review', async () => {
      const { cookie } = await admin();
      const before = (await get('/api/admin/summary', cookie)).json();
      await createUser(ctx.db, { role: 'PRESIDENT' });
      await createUser(ctx.db, { role: 'GENSEC_SPORTS', deactivatedAt: new Date() });
      await createUser(ctx.db, { emailVerifiedAt: null });
      await createUser(ctx.db, { importedAt: new Date(), emailVerifiedAt: null, passwordHash: null });
      // Imported, then claimed: no longer waiting.
      await createUser(ctx.db, { importedAt: new Date() });
      await createOrgUnit(ctx.db, { name: 'Summary Club One' });
      await createOrgUnit(ctx.db, { name: 'Summary Council', type: 'council' });
      await createOrgUnit(ctx.db, { name: 'Summary Retired Club', retiredAt: new Date() });
      await createSkill(ctx.db, { name: 'Summary Pending Skill', isEndorsed: false });
      await createSkill(ctx.db, { name: 'Summary Endorsed Skill', isEndorsed: true });
      const response = await get('/api/admin/summary', cookie);
      expect(response.statusCode).toBe(200);
      const after = response.json();
      // One seat each: an earlier president or general secretary became a student; a deactivated one is not counted.
      expect(after.users.byRole.PRESIDENT).toBe(1);
      expect(after.users.byRole.GENSEC_SPORTS).toBe(0);
      expect(after.users.byRole.STUDENT - before.users.byRole.STUDENT).toBe(
        3 + before.users.byRole.PRESIDENT + before.users.byRole.GENSEC_SPORTS,
      );
      expect(after.users.total - before.users.total).toBe(5);
      expect(after.users.deactivated - before.users.deactivated).toBe(1);
      expect(after.users.unverified - before.users.unverified).toBe(1);
      expect(after.users.unclaimed - before.users.unclaimed).toBe(1);
      expect(after.units.total - before.units.total).toBe(2);
      expect(after.units.clubs - before.units.clubs).toBe(1);
      expect(after.skills.total - before.skills.total).toBe(2);
      expect(after.skills.awaitingReview - before.skills.awaitingReview).toBe(1);
      expect(Object.keys(after.users.byRole)).toHaveLength(8);
    });
  });

  describe('GET /api/admin/users', () => {
    it('searches by name, e-mail and the start of a student id, by name, with totals', async () => {
      const { cookie } = await admin();
      await createUser(ctx.db, {
        name: 'Zorawar Quokka',
        email: 'zq.one@iitbhilai.ac.in',
        studentId: '99110001',
      });
      await createUser(ctx.db, {
        name: 'Aditi Quokka',
        email: 'aq.two@iitbhilai.ac.in',
        studentId: '99110002',
      });
      await createUser(ctx.db, {
        name: 'Meher Lark',
        email: 'quokka.mail@iitbhilai.ac.in',
        username: 'meher.lark',
        studentId: '99120003',
      });

      const byName = (await get('/api/admin/users?q=quokka', cookie)).json();
      expect(names(byName)).toEqual(['Aditi Quokka', 'Meher Lark', 'Zorawar Quokka']);
      expect(byName.total).toBe(3);
      expect(byName.items[0]).toMatchObject({
        email: 'aq.two@iitbhilai.ac.in',
        studentId: '99110002',
        role: 'STUDENT',
        club: null,
        state: 'active',
        deactivatedAt: null,
      });
      expect(byName.items[0]).not.toHaveProperty('passwordHash');

      // By the e-mail alone (her username is another).
      expect(names((await get('/api/admin/users?q=QUOKKA.MAIL%40', cookie)).json())).toEqual([
        'Meher Lark',
      ]);
      expect(names((await get('/api/admin/users?q=9911', cookie)).json())).toEqual([
        'Aditi Quokka',
        'Zorawar Quokka',
      ]);
      // Wildcards are taken literally.
      expect((await get('/api/admin/users?q=qu%25kka', cookie)).json().total).toBe(0);

      const paged = (await get('/api/admin/users?q=quokka&pageSize=2&page=2', cookie)).json();
      expect(paged).toMatchObject({ total: 3, page: 2, pageSize: 2 });
      expect(names(paged)).toEqual(['Zorawar Quokka']);
      expect(paged.overall).toBeGreaterThanOrEqual(4);
    });

    it('filters by role and by each state', async () => {
      const { cookie } = await admin();
      const club = await createOrgUnit(ctx.db, { name: 'Filter Club Heron' });
      await createUser(ctx.db, { name: 'Heron Active' });
      await createUser(ctx.db, {
        name: 'Heron Coordinator',
        role: 'CLUB_COORDINATOR',
        clubUnitId: club.id,
      });
      await createUser(ctx.db, { name: 'Heron Deactivated', deactivatedAt: new Date() });
      await createUser(ctx.db, { name: 'Heron Unverified', emailVerifiedAt: null });
      await createUser(ctx.db, {
        name: 'Heron Unclaimed',
        importedAt: new Date(),
        emailVerifiedAt: null,
        passwordHash: null,
      });
      // Imported, then claimed with a password: no longer unclaimed.
      await createUser(ctx.db, { name: 'Heron Claimed', importedAt: new Date() });
      const list = async (query: string) =>
        names((await get(`/api/admin/users?q=heron&${query}`, cookie)).json());

      expect(await list('role=CLUB_COORDINATOR')).toEqual(['Heron Coordinator']);
      expect(await list('state=active')).toEqual(['Heron Active', 'Heron Claimed', 'Heron Coordinator']);
      expect(await list('state=deactivated')).toEqual(['Heron Deactivated']);
      expect(await list('state=unverified')).toEqual(['Heron Unverified']);
      expect(await list('state=unclaimed')).toEqual(['Heron Unclaimed']);
      expect(await list('role=STUDENT&state=active')).toEqual(['Heron Active', 'Heron Claimed']);
      const coordinator = (await get('/api/admin/users?q=heron&role=CLUB_COORDINATOR', cookie)).json()
        .items[0];
      expect(coordinator.club).toEqual({ id: club.id, name: 'Filter Club Heron' });
      // An empty filter is no filter.
      expect(await list('role=&state=')).toHaveLength(6);
    });

    it('gives totals without a search that follow the accounts as they come, change and go', async () => {
      const { cookie } = await admin();
      const totals = async (query: string) => {
        const page = (await get(`/api/admin/users?${query}`, cookie)).json();
        return { total: page.total as number, overall: page.overall as number };
      };
      const before = {
        all: await totals(''),
        unclaimed: await totals('state=unclaimed'),
        coordinators: await totals('role=CLUB_COORDINATOR'),
        deactivatedStudents: await totals('role=STUDENT&state=deactivated'),
      };
      const club = await createOrgUnit(ctx.db, { name: 'Totals Club Egret' });
      await createUser(ctx.db, {
        name: 'Egret Unclaimed',
        importedAt: new Date(),
        emailVerifiedAt: null,
        passwordHash: null,
      });
      await createUser(ctx.db, {
        name: 'Egret Unclaimed Two',
        importedAt: new Date(),
        emailVerifiedAt: null,
        passwordHash: null,
      });
      const coordinator = await createUser(ctx.db, {
        name: 'Egret Coordinator',
        role: 'CLUB_COORDINATOR',
        clubUnitId: club.id,
      });
      const leaving = await createUser(ctx.db, { name: 'Egret Leaving' });
      await ctx.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, leaving.id));

      expect((await totals('')).total - before.all.total).toBe(4);
      expect((await totals('')).overall - before.all.overall).toBe(4);
      expect((await totals('state=unclaimed')).total - before.unclaimed.total).toBe(2);
      expect((await totals('role=CLUB_COORDINATOR')).total - before.coordinators.total).toBe(1);
      expect(
        (await totals('role=STUDENT&state=deactivated')).total - before.deactivatedStudents.total,
      ).toBe(1);
      // The unfiltered total is every account, whatever its state.
      const [everyone] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(users);
      expect((await totals('')).total).toBe(everyone!.n);

      await ctx.db.delete(users).where(eq(users.id, coordinator.id));
      expect((await totals('role=CLUB_COORDINATOR')).total).toBe(before.coordinators.total);
    });

    it('refuses a role or state it does not know, a page too large and a search too long', async () => {
      const { cookie } = await admin();
      for (const query of [
        'role=DEAN',
        'state=sleeping',
        'pageSize=1000',
        'page=0',
        `q=${'a'.repeat(101)}`,
      ]) {
        const answer = await get(`/api/admin/users?${query}`, cookie);
        expect(answer.statusCode, query).toBe(400);
        expect(answer.json().error.code).toBe('VALIDATION_FAILED');
      }
    });
  });

  describe('GET /api/admin/users/:id', () => {
    it('shows the user with profile basics, club, sign-in methods, live sessions and the last sign-in', async () => {
      const { cookie } = await admin();
      const { user } = await createStudent(
        ctx.db,
        { name: 'Detail Student' },
        { program: 'M.Tech', branch: 'Physics', batchYear: 2024, currentYear: '2nd' },
      );
      await createSession(ctx.db, { userId: user.id, createdAt: new Date('2026-03-01T10:00:00Z') });
      await createSession(ctx.db, { userId: user.id, createdAt: new Date('2026-03-02T10:00:00Z') });
      await createSession(ctx.db, {
        userId: user.id,
        createdAt: new Date('2026-02-01T10:00:00Z'),
        expiresAt: new Date('2026-02-02T10:00:00Z'),
      });
      const response = await get(`/api/admin/users/${user.id}`, cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json().user).toMatchObject({
        id: user.id,
        name: 'Detail Student',
        role: 'STUDENT',
        state: 'active',
        onboardingComplete: true,
        signIn: { password: true, google: false },
        profile: { program: 'M.Tech', branch: 'Physics', batchYear: 2024, currentYear: '2nd' },
        activeSessions: 2,
        lastSignInAt: '2026-03-02T10:00:00.000Z',
      });
      expect(response.body).not.toContain(user.passwordHash!);
    });

    it('answers 404 for an unknown id and 400 for one that is no id', async () => {
      const { cookie } = await admin();
      const missing = await get('/api/admin/users/00000000-0000-4000-8000-000000000000', cookie);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error.message).toBe(NOT_FOUND);
      expect((await get('/api/admin/users/not-an-id', cookie)).statusCode).toBe(400);
    });
  });
});
