import { eq, sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { auditLog, sessions, users } from '../../db/schema/index';
import { signInAs } from '../../../test/auth-helpers';
import { TEST_ORIGIN, useTestApp } from '../../../test/build-test-app';
import {
  createOrgUnit,
  createSession,
  createSkill,
  createStudent,
  createUser,
} from '../../../test/factories';

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
const NOT_FOUND = 'We could not find this user.';

describe('administration: users and roles', () => {
  const ctx = useTestApp();
  const get = (url: string, cookie?: string) =>
    ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const send = (method: 'POST' | 'PUT', url: string, cookie?: string, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    });
  const admin = async (overrides: Parameters<typeof createUser>[1] = {}) => {
    const user = await createUser(ctx.db, { role: 'ADMIN', ...overrides });
    return { user, cookie: await signInAs(ctx, user) };
  };
  const names = (body: { items: { name: string }[] }) => body.items.map((item) => item.name);

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
      expect(after.users.byRole.PRESIDENT - before.users.byRole.PRESIDENT).toBe(1);
      expect(after.users.byRole.GENSEC_SPORTS - before.users.byRole.GENSEC_SPORTS).toBe(0);
      expect(after.users.byRole.STUDENT - before.users.byRole.STUDENT).toBe(3);
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

  describe('GET /api/admin/users/export', () => {
    it('streams the filtered list as CSV by name, with dates on the institute clock', async () => {
      const { cookie } = await admin();
      const club = await createOrgUnit(ctx.db, { name: 'Export Club Ibis' });
      await createUser(ctx.db, {
        name: 'Ibis Two',
        email: 'ibis.two@iitbhilai.ac.in',
        username: 'ibis.two',
        studentId: '77000002',
        emailVerifiedAt: new Date('2026-01-05T04:30:00Z'),
        createdAt: new Date('2026-01-01T18:45:00Z'),
      });
      await createUser(ctx.db, {
        name: '=Ibis One',
        email: 'ibis.one@iitbhilai.ac.in',
        username: 'ibis.one',
        role: 'CLUB_COORDINATOR',
        clubUnitId: club.id,
        emailVerifiedAt: new Date('2026-02-10T00:00:00Z'),
        createdAt: new Date('2026-02-09T23:00:00Z'),
      });
      await createUser(ctx.db, { name: 'Ibis Gone', deactivatedAt: new Date() });
      const response = await get('/api/admin/users/export?q=ibis&state=active&page=3', cookie);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="users-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      expect(response.body.startsWith('\uFEFF')).toBe(true);
      const rows = parse(response.body, { bom: true }) as string[][];
      expect(rows).toEqual([
        [
          'Name',
          'E-mail',
          'Username',
          'Student ID',
          'Role',
          'Club',
          'State',
          'E-mail verified at',
          'Created at',
        ],
        [
          "'=Ibis One",
          'ibis.one@iitbhilai.ac.in',
          'ibis.one',
          '',
          'CLUB_COORDINATOR',
          'Export Club Ibis',
          'active',
          '2026-02-10 05:30',
          '2026-02-10 04:30',
        ],
        [
          'Ibis Two',
          'ibis.two@iitbhilai.ac.in',
          'ibis.two',
          '77000002',
          'STUDENT',
          '',
          'active',
          '2026-01-05 10:00',
          '2026-01-02 00:15',
        ],
      ]);
    });

    it('reads every page of a long list once, in order', async () => {
      const { cookie } = await admin();
      // More than one page of EXPORT_PAGE_SIZE (2000) rows, with names that tie.
      const many = Array.from({ length: 2003 }, (_, index) => ({
        name: `Kestrel ${index % 3}`,
        email: `kestrel.${index}@iitbhilai.ac.in`,
        username: `kestrel.${index}`,
        passwordHash: 'x',
      }));
      await ctx.db.insert(users).values(many);
      const rows = parse((await get('/api/admin/users/export?q=kestrel', cookie)).body, {
        bom: true,
      }) as string[][];
      expect(rows).toHaveLength(2004);
      expect(new Set(rows.slice(1).map((row) => row[1])).size).toBe(2003);
      expect(rows[1]![0]).toBe('Kestrel 0');
      expect(rows[2003]![0]).toBe('Kestrel 2');
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
