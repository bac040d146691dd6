import { eq } from 'drizzle-orm';
import { orgUnits, skills, userSkills } from '../src/db/schema/index';
import { signInAs } from './auth-helpers';
import { TEST_ORIGIN, type TestContext } from './build-test-app';
import { createOrgUnit, createUser } from './factories';

/** Requests as the administration pages send them, and a fresh administrator to send them. */
export function adminClientOf(ctx: TestContext) {
  const get = (url: string, cookie?: string) =>
    ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const send = (method: 'POST' | 'PUT' | 'PATCH', url: string, cookie?: string, payload?: object) =>
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
  return { get, send, admin, names };
}

/** The council tree of the unit tests, and a unit's stored row. */
export function unitTreeOf(ctx: TestContext) {
  /** The apex council and one council under it, made once for the file (a campus has one apex council). */
  let tree: Promise<{ apex: { id: string }; scitech: { id: string } }> | undefined;
  const council = () =>
    (tree ??= (async () => {
      const apex = await createOrgUnit(ctx.db, {
        name: 'Council of Student Activities',
        type: 'council',
        category: 'council',
      });
      const scitech = await createOrgUnit(ctx.db, {
        name: 'Science & Technology Council',
        type: 'committee',
        parentId: apex.id,
      });
      return { apex, scitech };
    })());
  const unitRow = async (id: string) =>
    (await ctx.db.select().from(orgUnits).where(eq(orgUnits.id, id)))[0]!;
  return { council, unitRow };
}

/** Requests as the administrator's skill catalogue page sends them. */
export function skillCatalogueClientOf(ctx: TestContext) {
  const get = (url: string, cookie?: string) =>
    ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const send = (method: 'PATCH' | 'POST', url: string, payload: object | undefined, cookie?: string) =>
    ctx.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    });
  const names = (response: { json(): { items: { name: string }[] } }) =>
    response.json().items.map((item) => item.name);
  return { get, send, names };
}

/** An empty skill catalogue and a new administrator, signed in: the start of each catalogue test. */
export async function freshCatalogue(ctx: TestContext): Promise<{ cookie: string; id: string }> {
  await ctx.db.delete(userSkills);
  await ctx.db.delete(skills);
  const user = await createUser(ctx.db, { role: 'ADMIN', name: 'Priya Admin' });
  return { cookie: await signInAs(ctx, user), id: user.id };
}
