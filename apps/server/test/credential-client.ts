import type { JSONWebKeySet } from 'jose';
import { signInAs } from './auth-helpers';
import { TEST_ORIGIN, type TestContext } from './build-test-app';
import { createStudent, createUser } from './factories';

/** The parts of an OpenBadgeCredential these tests read. */
export type Vc = {
  '@context': string[];
  id: string;
  type: string[];
  issuanceDate: string;
  issuer: unknown;
  credentialSubject: {
    id: string;
    type: string[];
    identifier: unknown;
    achievement: { criteria: { narrative: string } } & Record<string, unknown>;
  };
};

/** Credential downloads and checks as the portal's pages send them, and the people who ask. */
export function credentialClientOf(ctx: TestContext) {
  const get = (url: string, cookie?: string) =>
    ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const check = (credential: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/verify/credentials',
      payload: { credential },
      headers: { origin: TEST_ORIGIN },
    });
  const student = async (name: string, studentId?: string) => {
    const { user } = await createStudent(ctx.db, { name, ...(studentId ? { studentId } : {}) });
    return { user, cookie: await signInAs(ctx, user) };
  };
  const president = async () =>
    signInAs(ctx, await createUser(ctx.db, { role: 'PRESIDENT', name: 'Kavya Menon' }));
  const jwks = async () => (await get('/.well-known/jwks.json')).json() as JSONWebKeySet;
  return { get, check, student, president, jwks };
}
