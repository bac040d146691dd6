import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/rows';
import { signInAs } from './auth-helpers';
import { TEST_ORIGIN, useTestApp } from './build-test-app';
import {
  createOrgUnit,
  createPosition,
  createPositionHolder,
  createStudent,
  createUser,
} from './factories';

/**
 * Every endpoint of the OpenAPI document, as every kind of caller, with generated malformed
 * bodies, query strings and path ids: no answer is a 5xx, every refusal has the error shape, and
 * a refused request changes nothing in the database.
 */

type Operation = { method: string; path: string; query: string[]; body: string[] | null };
type OpenApi = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string }[];
        requestBody?: {
          content?: Record<string, { schema?: { properties?: Record<string, unknown> } }>;
        };
      }
    >
  >;
};

/**
 * Endpoints that end the caller's own session (fuzzing them would sign the caller out of the
 * rest), and the live stream, which never ends for a signed-in caller (notifications.test.ts
 * covers its refusals and its events over real HTTP).
 */
const SKIPPED = new Set(['POST /api/auth/logout', 'GET /api/notifications/stream']);

/** How many generated requests each caller sends to each endpoint (FUZZ_RUNS raises it). */
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);

/**
 * Tables that a refused request or a read may change: attempt counters (counted before the check),
 * the session's last-seen time, and the log of who opened a person's record (a read it records).
 */
const MAY_CHANGE = new Set(['rate_limit_counters', 'sessions', 'record_access_log']);

const nastyString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    "'; drop table users; --",
    '" or 1=1 --',
    '<script>alert(1)</script>',
    '%',
    '_',
    '\\',
    '../../etc/passwd',
    '😀'.repeat(50),
    'ℕ𝕦𝕞𝕓𝕖𝕣',
    '\u202e\u200b',
    'null',
    'undefined',
    'NaN',
    '-1',
    '1e309',
    '00000000-0000-0000-0000-000000000000',
    '11111111-2222-4333-8444-555555555555',
    'x'.repeat(10_000),
  ),
);

const nastyNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(-1, 0, 2 ** 31, 2 ** 53 + 1, -(2 ** 63), 1e308, Number.MAX_SAFE_INTEGER),
);

const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: nastyString },
  { weight: 2, arbitrary: nastyNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(nastyString, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.dictionary(nastyString, nastyString, { maxKeys: 4 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
);

/** A body: the operation's own fields with wrong values (and unknown ones), or any JSON at all. */
const bodyOf = (fields: string[]) =>
  fc.oneof(
    fields.length
      ? fc
          .record(Object.fromEntries(fields.map((field) => [field, nastyValue])), { requiredKeys: [] })
          .chain((known) =>
            fc
              .dictionary(nastyString, nastyValue, { maxKeys: 2 })
              .map((unknown) => ({ ...unknown, ...known })),
          )
      : fc.constant({}),
    fc.jsonValue({ maxDepth: 6 }),
    fc.constant(JSON.parse('{"a":'.repeat(80) + '1' + '}'.repeat(80)) as unknown),
  );

const queryOf = (names: string[]) =>
  fc
    .tuple(
      fc.record(
        Object.fromEntries(
          names.map((name) => [
            name,
            fc.oneof(nastyString, nastyNumber.map(String), fc.array(nastyString, { maxLength: 3 })),
          ]),
        ),
        { requiredKeys: [] },
      ),
      fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), nastyString, { maxKeys: 2 }),
    )
    .map(([known, unknown]) => {
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries({ ...unknown, ...known })) {
        for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
      }
      return search.toString();
    });

function operationsOf(doc: OpenApi): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, spec]) => ({
      method: method.toUpperCase(),
      path,
      query: (spec.parameters ?? [])
        .filter((parameter) => parameter.in === 'query')
        .map((parameter) => parameter.name),
      body: spec.requestBody
        ? Object.keys(spec.requestBody.content?.['application/json']?.schema?.properties ?? {})
        : null,
    })),
  );
}

describe('every endpoint with malformed input, as every caller', () => {
  const ctx = useTestApp();
  const callers: { name: string; cookie: string | null }[] = [];
  let operations: Operation[] = [];
  let realIds: string[] = [];

  /** A fingerprint of every table a refused request must leave alone. */
  async function fingerprint(): Promise<string> {
    const tables = rowsOf<{ name: string }>(
      await ctx.db.execute(
        sql`select tablename as name from pg_tables where schemaname = 'public' order by 1`,
      ),
    )
      .map((row) => row.name)
      .filter((name) => !MAY_CHANGE.has(name));
    const parts = tables.map(
      (name) =>
        sql`(select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) from ${sql.identifier(name)} t)`,
    );
    const [row] = rowsOf<{ print: string }>(
      await ctx.db.execute(sql`select concat_ws(',', ${sql.join(parts, sql`, `)}) as print`),
    );
    return row!.print;
  }

  beforeAll(async () => {
    operations = operationsOf(ctx.app.swagger() as unknown as OpenApi).filter(
      (operation) => !SKIPPED.has(`${operation.method} ${operation.path}`),
    );
    const club = await createOrgUnit(ctx.db, { name: 'Fuzz Club' });
    const position = await createPosition(ctx.db, { unitId: club.id });
    const { user: student } = await createStudent(ctx.db);
    const holding = await createPositionHolder(ctx.db, { userId: student.id, positionId: position.id });
    realIds = [club.id, position.id, student.id, holding.id];
    callers.push({ name: 'signed out', cookie: null });
    callers.push({ name: 'student', cookie: await signInAs(ctx, student) });
    callers.push({
      name: 'unonboarded',
      cookie: await signInAs(ctx, await createUser(ctx.db, { onboardingComplete: false })),
    });
    for (const role of ['GENSEC_SCITECH', 'PRESIDENT'] as const)
      callers.push({ name: role, cookie: await signInAs(ctx, await createUser(ctx.db, { role })) });
    callers.push({
      name: 'CLUB_COORDINATOR',
      cookie: await signInAs(
        ctx,
        await createUser(ctx.db, { role: 'CLUB_COORDINATOR', clubUnitId: club.id }),
      ),
    });
  });

  it('finds the endpoints in the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(60);
  });

  it('answers no request with a 5xx, every refusal with the error shape, and changes nothing when it refuses', async () => {
    const pathId = fc.oneof(
      { weight: 4, arbitrary: nastyString },
      { weight: 1, arbitrary: fc.constantFrom(...realIds) },
    );
    let before: string | undefined;
    for (const operation of operations) {
      const request = fc.record({
        ids: fc.array(pathId, { minLength: 3, maxLength: 3 }),
        query:
          operation.query.length || operation.method === 'GET'
            ? queryOf(operation.query)
            : fc.constant(''),
        body: operation.body === null ? fc.constant(undefined) : bodyOf(operation.body),
      });
      for (const caller of callers) {
        // After a caller whose requests were all refused, the tables are as the fingerprint left them.
        before ??= await fingerprint();
        let accepted = false;
        await fc.assert(
          fc.asyncProperty(request, async ({ ids, query, body }) => {
            let index = 0;
            const path = operation.path.replace(/\{[^}]+\}|:[A-Za-z]+/g, () =>
              encodeURIComponent(ids[index++ % ids.length]!),
            );
            const response = await ctx.app.inject({
              method: operation.method as 'GET',
              url: `${path}${query ? `?${query}` : ''}`,
              headers: {
                origin: TEST_ORIGIN,
                ...(caller.cookie ? { cookie: caller.cookie } : {}),
                ...(body === undefined ? {} : { 'content-type': 'application/json' }),
              },
              ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
            });
            const where = `${operation.method} ${path.slice(0, 120)}?${query.slice(0, 120)} as ${caller.name}`;
            expect(response.statusCode, `${where}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
            if (response.statusCode >= 400) {
              const error = (response.json() as { error?: { code?: unknown; message?: unknown } }).error;
              expect(typeof error?.code, where).toBe('string');
              expect(typeof error?.message, where).toBe('string');
            } else if (operation.method !== 'GET') {
              accepted = true;
            }
          }),
          { numRuns: RUNS },
        );
        // Only refusals here: the database is as it was.
        if (!accepted)
          expect(await fingerprint(), `${operation.method} ${operation.path} as ${caller.name}`).toBe(
            before,
          );
        else before = undefined;
      }
    }
  }, 600_000);
});
