import { sql } from 'drizzle-orm';
import { TEST_ORIGIN, type TestContext } from './build-test-app';

const HOUR = 3_600_000;

/** The election's windows moved so that it stands in `phase` now (the database's check keeps their order). */
export async function moveElectionTo(
  ctx: Pick<TestContext, 'db'>,
  id: string,
  phase: 'nominations' | 'campaigning' | 'voting' | 'closed',
): Promise<void> {
  const offsets = {
    nominations: [-1, 24, 48, 72],
    campaigning: [-48, -24, 24, 48],
    voting: [-72, -48, -1, 24],
    closed: [-96, -72, -48, -1],
  }[phase].map((hours) => new Date(Date.now() + hours * HOUR).toISOString());
  await ctx.db.execute(sql`
    update elections set nominations_open_at = ${offsets[0]}::timestamptz,
      nominations_close_at = ${offsets[1]}::timestamptz, voting_open_at = ${offsets[2]}::timestamptz,
      voting_close_at = ${offsets[3]}::timestamptz
    where id = ${id}::uuid`);
}

/** Requests to the elections API as a browser would send them: JSON, from the portal's origin. */
export function electionClientOf(ctx: Pick<TestContext, 'app'>) {
  const send = (method: 'GET' | 'POST' | 'PUT', url: string, cookie?: string, payload?: unknown) =>
    ctx.app.inject({
      method,
      url,
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    list: (cookie?: string) => send('GET', '/api/elections', cookie),
    create: (body: unknown, cookie?: string) => send('POST', '/api/elections', cookie, body),
    detail: (id: string, cookie?: string) => send('GET', `/api/elections/${id}`, cookie),
    update: (id: string, body: unknown, cookie?: string) =>
      send('PUT', `/api/elections/${id}`, cookie, body),
    nominate: (id: string, postId: string, body: unknown, cookie?: string) =>
      send('POST', `/api/elections/${id}/posts/${postId}/nominations`, cookie, body),
    decide: (candidateId: string, body: unknown, cookie?: string) =>
      send('POST', `/api/elections/nominations/${candidateId}/decision`, cookie, body),
    withdraw: (candidateId: string, cookie?: string) =>
      send('POST', `/api/elections/nominations/${candidateId}/withdrawal`, cookie, {}),
    vote: (postId: string, ranking: string[], cookie?: string) =>
      send('POST', `/api/elections/posts/${postId}/ballots`, cookie, { ranking }),
    results: (postId: string, cookie?: string) =>
      send('GET', `/api/elections/posts/${postId}/results`, cookie),
    ballotsCsv: (postId: string, cookie?: string) =>
      send('GET', `/api/elections/posts/${postId}/ballots/export`, cookie),
    certify: (id: string, cookie?: string) =>
      send('POST', `/api/elections/${id}/certification`, cookie, {}),
  };
}
