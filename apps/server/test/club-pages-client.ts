import type { NewOrgUnit } from '../src/db/schema/index';
import { signedInAs, signInAs } from './auth-helpers';
import type { TestContext } from './build-test-app';
import { membershipClientOf } from './club-membership-client';
import { createOrgUnit, createUser } from './factories';

/** Requests about finding clubs (the directory, pages, tags, follows), for one test app. */
export function clubPagesClientOf(ctx: TestContext) {
  const membership = membershipClientOf(ctx);
  const { inject } = membership;
  let admin: Promise<string> | null = null;
  return {
    ...membership,
    /** A club (of the technical council unless told) and its coordinator, signed in. */
    club: async (name: string, overrides: Partial<NewOrgUnit> = {}) => {
      const club = await createOrgUnit(ctx.db, { name, ...overrides });
      const user = await createUser(ctx.db, { role: 'CLUB_COORDINATOR', clubUnitId: club.id });
      return { club, coordinator: { user, cookie: await signInAs(ctx, user) } };
    },
    /** A tag added by the administrator. */
    tag: async (name: string): Promise<{ id: string; name: string }> => {
      admin ??= signedInAs(ctx, 'ADMIN').then((signed) => signed.cookie);
      const response = await inject('POST', '/api/admin/club-tags', await admin, { name });
      if (response.statusCode !== 201) throw new Error(`tag ${name}: ${response.body}`);
      return response.json().tag;
    },
    directory: (cookie?: string, query = '') => inject('GET', `/api/clubs?${query}`, cookie),
    page: (slug: string, cookie?: string) => inject('GET', `/api/clubs/by-slug/${slug}`, cookie),
    savePage: (unitId: string, cookie: string | undefined, payload: object) =>
      inject('PUT', `/api/clubs/${unitId}/page`, cookie, payload),
    follow: (unitId: string, cookie?: string) => inject('PUT', `/api/clubs/${unitId}/follow`, cookie),
    unfollow: (unitId: string, cookie?: string) =>
      inject('DELETE', `/api/clubs/${unitId}/follow`, cookie),
  };
}
