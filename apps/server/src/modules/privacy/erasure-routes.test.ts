import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as S from '../../db/schema/index';
import { signedInAs } from '../../../test/auth-helpers';
import { TEST_ORIGIN, useTestApp } from '../../../test/build-test-app';
import { createStudent } from '../../../test/factories';

const DAY_MS = 86_400_000;
const SCHEDULED = 'An erasure of this account is already scheduled.';
const NOT_SCHEDULED = 'No erasure of this account is scheduled.';
const ONLY_STUDENTS =
  'Only a student account can be erased. Ask the administrator to end the role first.';
const NOT_FOUND = 'We could not find this account.';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe('erasure requests', () => {
  const ctx = useTestApp();
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie?: string, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
      ...(payload ? { payload } : {}),
    });
  const messageOf = (response: { json: () => unknown }) =>
    (response.json() as { error: { message: string } }).error.message;

  it('refuses every endpoint to someone signed out', async () => {
    for (const [method, url] of [
      ['GET', '/api/me/erasure'],
      ['POST', '/api/me/erasure'],
      ['DELETE', '/api/me/erasure'],
      ['GET', `/api/admin/users/${UNKNOWN_ID}/erasure`],
      ['POST', `/api/admin/users/${UNKNOWN_ID}/erasure`],
      ['DELETE', `/api/admin/users/${UNKNOWN_ID}/erasure`],
    ] as const)
      expect(
        (await call(method, url, undefined, method === 'POST' ? { reason: 'x' } : undefined)).statusCode,
      ).toBe(401);
  });

  it('lets a student schedule their erasure 30 days ahead, once, tells them, and cancel it', async () => {
    const { user, cookie } = await signedInAs(ctx, 'STUDENT');
    expect((await call('GET', '/api/me/erasure', cookie)).json()).toEqual({ scheduled: null });
    const before = Date.now();
    const scheduled = await call('POST', '/api/me/erasure', cookie);
    expect(scheduled.statusCode).toBe(201);
    const body = scheduled.json() as { scheduled: { dueAt: string; requestedBy: string } };
    expect(body.scheduled.requestedBy).toBe('self');
    const due = new Date(body.scheduled.dueAt).getTime();
    expect(due).toBeGreaterThanOrEqual(before + 30 * DAY_MS - 1000);
    expect(due).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS + 1000);
    expect((await call('GET', '/api/me/erasure', cookie)).json()).toEqual(body);

    const again = await call('POST', '/api/me/erasure', cookie);
    expect([again.statusCode, messageOf(again)]).toEqual([409, SCHEDULED]);

    const cancelled = await call('DELETE', '/api/me/erasure', cookie);
    expect([cancelled.statusCode, cancelled.json()]).toEqual([200, { scheduled: null }]);
    const twice = await call('DELETE', '/api/me/erasure', cookie);
    expect([twice.statusCode, messageOf(twice)]).toEqual([409, NOT_SCHEDULED]);

    const told = await ctx.db
      .select({ outcome: S.notifications.outcome, link: S.notifications.link })
      .from(S.notifications)
      .where(and(eq(S.notifications.userId, user.id), eq(S.notifications.kind, 'privacy')));
    expect(told).toEqual(
      expect.arrayContaining([
        { outcome: 'erasure-scheduled', link: '/settings/privacy' },
        { outcome: 'erasure-cancelled', link: '/settings/privacy' },
      ]),
    );
    // A new request may follow a cancelled one.
    expect((await call('POST', '/api/me/erasure', cookie)).statusCode).toBe(201);
  });

  it('refuses the erasure of an official from their own settings, and the administrator (no record) these pages', async () => {
    for (const role of ['GENSEC_SCITECH', 'CLUB_COORDINATOR'] as const) {
      const { cookie } = await signedInAs(ctx, role);
      const refused = await call('POST', '/api/me/erasure', cookie);
      expect([role, refused.statusCode, messageOf(refused)]).toEqual([role, 409, ONLY_STUDENTS]);
      expect((await call('GET', '/api/me/erasure', cookie)).json()).toEqual({ scheduled: null });
    }
    const { cookie } = await signedInAs(ctx, 'ADMIN');
    for (const method of ['GET', 'POST', 'DELETE'] as const)
      expect((await call(method, '/api/me/erasure', cookie)).statusCode).toBe(403);
  });

  it("refuses the administrator's endpoints to students and officials", async () => {
    const { user: target } = await createStudent(ctx.db);
    for (const role of ['STUDENT', 'PRESIDENT', 'GENSEC_CULTURAL'] as const) {
      const { cookie } = await signedInAs(ctx, role);
      const url = `/api/admin/users/${target.id}/erasure`;
      expect((await call('GET', url, cookie)).statusCode).toBe(403);
      expect((await call('POST', url, cookie, { reason: 'Asked in writing' })).statusCode).toBe(403);
      expect((await call('DELETE', url, cookie)).statusCode).toBe(403);
    }
  });

  it('lets the administrator schedule and cancel a student’s erasure with a reason the audit log keeps', async () => {
    const { user: admin, cookie } = await signedInAs(ctx, 'ADMIN');
    const { user: target } = await createStudent(ctx.db);
    const url = `/api/admin/users/${target.id}/erasure`;
    expect((await call('GET', url, cookie)).json()).toEqual({ scheduled: null });

    const missing = await call('POST', url, cookie, {});
    expect([missing.statusCode, missing.json().error.fields]).toEqual([
      400,
      { reason: 'Say why the account is to be erased.' },
    ]);
    expect((await call('POST', url, cookie, { reason: '   ' })).statusCode).toBe(400);
    expect((await call('POST', url, cookie, { reason: 'x'.repeat(501) })).statusCode).toBe(400);
    expect((await call('GET', '/api/admin/users/not-an-id/erasure', cookie)).statusCode).toBe(400);

    const made = await call('POST', url, cookie, { reason: 'The student wrote to the registrar' });
    expect(made.statusCode).toBe(201);
    expect(made.json().scheduled.requestedBy).toBe('administrator');
    expect((await call('POST', url, cookie, { reason: 'Again' })).statusCode).toBe(409);
    const lines = await ctx.db
      .select({ actorId: S.auditLog.actorId, summary: S.auditLog.summary, after: S.auditLog.after })
      .from(S.auditLog)
      .where(and(eq(S.auditLog.subjectType, 'erasure_requests'), eq(S.auditLog.subjectId, target.id)));
    expect(lines).toHaveLength(1);
    expect(lines[0]!.actorId).toBe(admin.id);
    expect(lines[0]!.after).toMatchObject({ reason: 'The student wrote to the registrar' });

    expect((await call('DELETE', url, cookie)).json()).toEqual({ scheduled: null });
    const again = await call('DELETE', url, cookie);
    expect([again.statusCode, messageOf(again)]).toEqual([409, NOT_SCHEDULED]);
  });

  it('answers 404 for an unknown account and 409 for one that is not a student’s', async () => {
    const { cookie } = await signedInAs(ctx, 'ADMIN');
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const unknown = await call(
        method,
        `/api/admin/users/${UNKNOWN_ID}/erasure`,
        cookie,
        method === 'POST' ? { reason: 'r' } : undefined,
      );
      expect([method, unknown.statusCode, messageOf(unknown)]).toEqual([method, 404, NOT_FOUND]);
    }
    const { user: official } = await signedInAs(ctx, 'GENSEC_SPORTS');
    const refused = await call('POST', `/api/admin/users/${official.id}/erasure`, cookie, {
      reason: 'r',
    });
    expect([refused.statusCode, messageOf(refused)]).toEqual([409, ONLY_STUDENTS]);
  });
});
