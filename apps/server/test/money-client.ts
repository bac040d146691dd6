import { TEST_ORIGIN, type TestContext } from './build-test-app';
import { freshIp } from './auth-helpers';
import { multipart } from './multipart';

/** Requests as the money pages send them (same origin), each answered as the browser gets it. */
export function moneyClientOf(ctx: Pick<TestContext, 'app'>) {
  const send = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    cookie?: string,
    payload?: object,
  ) =>
    ctx.app.inject({
      method,
      url,
      remoteAddress: freshIp(),
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
      ...(payload ? { payload } : {}),
    });
  const claimUrl = (id: string) => `/api/money/claims/${id}`;
  return {
    send,
    budgets: (cookie?: string, query = '') => send('GET', `/api/money/budgets${query}`, cookie),
    allocate: (body: object, cookie?: string) => send('POST', '/api/money/allocations', cookie, body),
    passDown: (body: object, cookie?: string) => send('POST', '/api/money/transfers', cookie, body),
    line: (id: string, cookie?: string) => send('GET', `/api/money/lines/${id}`, cookie),
    file: (body: object, cookie?: string) => send('POST', '/api/money/claims', cookie, body),
    claim: (id: string, cookie?: string) => send('GET', claimUrl(id), cookie),
    submit: (id: string, version: string, cookie?: string) =>
      send('POST', `${claimUrl(id)}/submission`, cookie, { version }),
    decide: (id: string, body: object, cookie?: string) =>
      send('POST', `${claimUrl(id)}/decision`, cookie, body),
    pay: (id: string, body: object, cookie?: string) =>
      send('POST', `${claimUrl(id)}/payment`, cookie, body),
    withdraw: (id: string, body: object, cookie?: string) =>
      send('POST', `${claimUrl(id)}/withdrawal`, cookie, body),
    /** POST a file in the field 'receipt' (or another), named and typed as a browser would. */
    attach: (id: string, data: Buffer, cookie?: string, filename = 'receipt.pdf', field = 'receipt') => {
      const form = multipart([{ name: field, filename, contentType: 'application/octet-stream', data }]);
      return ctx.app.inject({
        method: 'POST',
        url: `${claimUrl(id)}/receipts`,
        payload: form.payload,
        remoteAddress: freshIp(),
        headers: {
          origin: TEST_ORIGIN,
          'content-type': form.contentType,
          ...(cookie ? { cookie } : {}),
        },
      });
    },
  };
}
