import { TEST_ORIGIN, type TestContext } from './build-test-app';

/** A student's changes to their own submissions and an official's decisions, as the pages send them. */
export function submissionClientOf(
  ctx: TestContext,
  base: '/api/me/achievements' | '/api/me/positions',
) {
  const headers = (cookie?: string) => ({ origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) });
  const edit = (id: string, payload: object, cookie?: string) =>
    ctx.app.inject({ method: 'PATCH', url: `${base}/${id}`, payload, headers: headers(cookie) });
  const withdraw = (id: string, cookie?: string) =>
    ctx.app.inject({ method: 'DELETE', url: `${base}/${id}`, headers: headers(cookie) });
  const post = (url: string, cookie: string, payload?: object) =>
    ctx.app.inject({
      method: 'POST',
      url,
      ...(payload ? { payload } : {}),
      headers: headers(cookie),
    });
  const get = (url: string, cookie: string) =>
    ctx.app.inject({ method: 'GET', url, headers: { cookie } });
  return { edit, withdraw, post, get };
}
