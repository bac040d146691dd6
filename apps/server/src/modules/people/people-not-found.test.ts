import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../db/schema/index';
import { signInAs, signedInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import { createStudent, createUser } from '../../../test/factories';

describe('GET /api/people/{id}: who has no page', () => {
  const ctx = useTestApp();
  const hidden = new Map<string, User>();
  let student: string;
  let admin: string;

  beforeAll(async () => {
    student = (await signedInAs(ctx, 'STUDENT')).cookie;
    admin = (await signedInAs(ctx, 'ADMIN')).cookie;
    hidden.set('deactivated', (await createStudent(ctx.db, { deactivatedAt: new Date() })).user);
    hidden.set(
      'unproven',
      await createUser(ctx.db, { emailVerifiedAt: null, onboardingComplete: true }),
    );
    hidden.set('not onboarded', await createUser(ctx.db, { onboardingComplete: false }));
    hidden.set(
      'imported, unclaimed',
      await createUser(ctx.db, {
        importedAt: new Date(),
        passwordHash: null,
        emailVerifiedAt: null,
        onboardingComplete: false,
      }),
    );
  });

  const get = (id: string, cookie?: string) =>
    ctx.app.inject({ method: 'GET', url: `/api/people/${id}`, headers: cookie ? { cookie } : {} });

  it('asks a signed-out visitor to sign in', async () => {
    const { user } = await createStudent(ctx.db);
    const response = await get(user.id);
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('sends a student who has not finished onboarding to finish it', async () => {
    const { user } = await createStudent(ctx.db);
    const newcomer = await createUser(ctx.db, { onboardingComplete: false });
    const response = await get(user.id, await signInAs(ctx, newcomer));
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('ONBOARDING_REQUIRED');
  });

  it('refuses an id that is not one', async () => {
    const response = await get('not-an-id', student);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('answers an unknown id and every hidden account with the same 404', async () => {
    const unknown = await get(randomUUID(), student);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'We could not find this person.' },
    });
    for (const [what, user] of hidden) {
      for (const cookie of [student, (await signedInAs(ctx, 'PRESIDENT')).cookie]) {
        const response = await get(user.id, cookie);
        expect(response.statusCode, what).toBe(404);
        expect(response.body, what).toBe(unknown.body);
      }
    }
  });

  it('shows the administrator every account, a deactivated one marked so', async () => {
    for (const [what, user] of hidden) {
      const response = await get(user.id, admin);
      expect(response.statusCode, what).toBe(200);
      expect(response.json().administration, what).toEqual({
        link: `/admin/users/${user.id}`,
        deactivated: what === 'deactivated',
      });
    }
    expect((await get(randomUUID(), admin)).statusCode).toBe(404);
  });

  it('shows an official and the administrator a page of their own kind, without academic facts', async () => {
    const gensec = await createUser(ctx.db, { role: 'GENSEC_SPORTS', name: 'Rohan Das' });
    const response = await get(gensec.id, student);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Rohan Das', roleLabel: 'General Secretary, Sports' });
    expect(response.json()).not.toHaveProperty('academic');
  });
});
