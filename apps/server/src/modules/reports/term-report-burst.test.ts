import { beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { buildReportWorld } from './report-world';

/*
 * A burst of reports: readers of the same scope and period at the same moment share one
 * computation, and no more than two different reports are computed at once; the rest are told to
 * try again.
 */
describe('the term report: a burst of requests', () => {
  const ctx = useTestApp();
  let president = '';

  beforeAll(async () => {
    await buildReportWorld(ctx.db);
    president = await signInAs(
      ctx,
      await createUser(ctx.db, { role: 'PRESIDENT', onboardingComplete: true }),
    );
  });

  const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie: president } });

  it('answers twelve readers of one report at once from one computation', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => get('/api/reports/term?tenure=2025-2026')),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(12).fill(200));
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
  });

  it('computes two different reports at once and asks the others to try again', async () => {
    const tenures = ['2019-2020', '2020-2021', '2021-2022', '2022-2023', '2023-2024'];
    const answers = await Promise.all(
      tenures.map((tenure) => get(`/api/reports/term?tenure=${tenure}`)),
    );
    const busy = answers.filter((answer) => answer.statusCode === 503);
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(2);
    expect(busy).toHaveLength(3);
    expect(busy[0]!.json().error.message).toBe('The term report is busy. Try again in a few seconds.');
    expect(busy[0]!.headers['retry-after']).toBe('5');
    // Once they are done, the next is computed.
    const again = tenures[answers.findIndex((answer) => answer.statusCode === 503)];
    expect((await get(`/api/reports/term?tenure=${again}`)).statusCode).toBe(200);
  });

  it('computes 30 reports for a reader in ten minutes, serves those of the last minute again, and refuses more', async () => {
    const reader = await signInAs(
      ctx,
      await createUser(ctx.db, { role: 'GENSEC_SCITECH', onboardingComplete: true }),
    );
    const read = (day: number) =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/reports/term?from=2025-08-01&to=2025-08-${String(day).padStart(2, '0')}`,
        headers: { cookie: reader },
      });
    for (let day = 1; day <= 30; day += 1) expect((await read(day)).statusCode).toBe(200);
    // The same period again is the answer kept a minute: nothing computed, nothing counted.
    expect((await read(30)).statusCode).toBe(200);
    const refused = await read(31);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toMatch(
      /^Too many attempts\. Please wait \d+ minutes? and try again\.$/,
    );
  });
});
