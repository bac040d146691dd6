// Approvals of one budget line at once through the real HTTP API (issue 35): 50 claims on one club
// line, 25 of ₹2,000 the general secretary approved already (above the president's amount, set to
// ₹1,500 here) and 25 of ₹1,000 awaiting the secretary, approved at the same moment by the
// president and the secretary, each through another server process on PostgreSQL. The line has
// ₹40,000 of the ₹75,000 asked. Checks that every answer is 200 or 409, that the line is never
// over-committed, that its committed sum is the approved claims' and that every line reconciles
// with its entries; reports each answer's time.
// Run: npm run bench:claims
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres: a throwaway database on that server,
//   dropped at the end, and two server processes; without it, PGlite in a temporary folder and one.
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client';
import { rowsOf } from '../apps/server/src/db/rows';
import { unreconciledLines } from '../apps/server/src/modules/money/ledger';
import { seededCampus, type Where } from './campus';
import { freePort, startServer, type RunningServer } from './server-process';
import { createBenchSessions } from './session';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LINE_RUPEES = 40_000;
const EACH = 25;

/** The line and its claims, written straight to the database as the portal would have them. */
async function claimsOnOneLine(
  where: Where,
): Promise<{ lineId: string; large: string[]; small: string[] }> {
  const handle = await openDatabase(where);
  try {
    return await handle.db.transaction(async (tx) => {
      const [club] = rowsOf<{ id: string }>(
        await tx.execute(sql`
          select c.id from org_units c join org_units p on p.id = c.parent_id
          where c.type = 'club' and p.type = 'committee' and lower(trim(p.category)) = 'technical'
          order by c.name limit 1`),
      );
      if (!club) throw new Error('the campus has no club in the technical council');
      const [president] = rowsOf<{ id: string }>(
        await tx.execute(sql`select id from users where role = 'PRESIDENT' limit 1`),
      );
      const [line] = rowsOf<{ id: string }>(
        await tx.execute(sql`
          insert into budget_lines (tenure_year, unit_id, heading)
          values ('2026-2027', ${club.id}::uuid, 'events') returning id`),
      );
      await tx.execute(sql`
        insert into budget_entries (line_id, kind, amount, actor_id, reason)
        values (${line!.id}::uuid, 'allocation', ${LINE_RUPEES}, ${president!.id}::uuid, 'Budget for the year')`);
      await tx.execute(sql`update money_settings set president_above = 1500`);
      const file = async (amount: number, status: string, count: number) =>
        rowsOf<{ id: string }>(
          await tx.execute(sql`
            insert into expense_claims (unit_id, line_id, amount, approved_amount, payee, description, status, submitted_at)
            select ${club.id}::uuid, ${line!.id}::uuid, ${amount}, ${status === 'submitted' ? null : amount},
              'Sharma Electronics', 'Parts ' || n, ${status}, now()
            from generate_series(1, ${count}) as n returning id`),
        ).map((row) => row.id);
      return {
        lineId: line!.id,
        large: await file(2000, 'secretary_approved', EACH),
        small: await file(1000, 'submitted', EACH),
      };
    });
  } finally {
    await handle.close();
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function main(): Promise<void> {
  const { where, kind, remove } = await seededCampus('cosa-claims-', 200);
  const servers: RunningServer[] = [];
  try {
    const cookies = await createBenchSessions(where, ['GENSEC_SCITECH', 'PRESIDENT']);
    const { lineId, large, small } = await claimsOnOneLine(where);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...where,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'never',
      NODE_ENV: 'production',
    };
    const processes = where.DATABASE_URL ? 2 : 1;
    for (let i = 0; i < processes; i += 1)
      servers.push(await startServer({ cwd: ROOT, env, port: await freePort() }));
    process.stdout.write(
      `Claims rush: ${os.cpus().length} CPUs, Node ${process.version}, ${kind}, ${EACH * 2} approvals of one line at once from ${servers.length} server ${servers.length === 1 ? 'process' : 'processes'}.\n`,
    );
    let failed = false;
    try {
      const call = async (
        server: RunningServer,
        cookie: string,
        id: string,
        method: 'GET' | 'POST',
        body?: object,
      ) => {
        const sent = performance.now();
        const response = await fetch(
          `${server.baseUrl}/api/money/claims/${id}${method === 'POST' ? '/decision' : ''}`,
          {
            method,
            headers: { origin: server.baseUrl, cookie, 'content-type': 'application/json' },
            ...(body ? { body: JSON.stringify(body) } : {}),
          },
        );
        const answer = (await response.json()) as {
          claim?: { version: string };
          error?: { message: string };
        };
        return { status: response.status, ms: performance.now() - sent, answer };
      };
      const president = cookies.get('PRESIDENT')!;
      const secretary = cookies.get('GENSEC_SCITECH')!;
      const who = [
        ...large.map((id) => ({ id, cookie: president, server: servers[0]! })),
        ...small.map((id) => ({ id, cookie: secretary, server: servers[servers.length - 1]! })),
      ];
      const versions = await Promise.all(
        who.map(
          async (one) => (await call(one.server, one.cookie, one.id, 'GET')).answer.claim!.version,
        ),
      );
      const answers = await Promise.all(
        who.map((one, index) =>
          call(one.server, one.cookie, one.id, 'POST', {
            decision: 'approve',
            version: versions[index],
          }),
        ),
      );
      const times = answers.map((a) => a.ms).sort((a, b) => a - b);
      const approved = answers.filter((a) => a.status === 200).length;
      const refused = answers.filter(
        (a) =>
          a.status === 409 && /^The line has ₹[\d,]+\.\d\d left\.$/.test(a.answer.error?.message ?? ''),
      ).length;
      process.stdout.write(
        `  ${answers.length} approvals: ${approved} approved, ${refused} refused with what the line has left, ${answers.length - approved - refused} other answers\n`,
      );
      process.stdout.write(
        `  answer time: p50 ${percentile(times, 50).toFixed(0)} ms, p99 ${percentile(times, 99).toFixed(0)} ms, worst ${times.at(-1)!.toFixed(0)} ms\n`,
      );
      failed ||= approved + refused !== answers.length || approved === 0;
    } finally {
      for (const server of servers) await server.stop();
    }
    const handle = await openDatabase(where);
    try {
      const [line] = rowsOf<{ allocated: string; committed: string }>(
        await handle.db.execute(
          sql`select allocated::text, committed::text from budget_lines where id = ${lineId}::uuid`,
        ),
      );
      const [sum] = rowsOf<{ total: string }>(
        await handle.db
          .execute(sql`select coalesce(sum(approved_amount), 0)::text as total from expense_claims
          where line_id = ${lineId}::uuid and status = 'approved'`),
      );
      const unreconciled = await unreconciledLines(handle.db);
      process.stdout.write(
        `  in the database: allocated ₹${line!.allocated}, committed ₹${line!.committed}, approved claims ₹${sum!.total}; lines not matching their entries: ${unreconciled.length}\n`,
      );
      failed ||=
        Number(line!.committed) > LINE_RUPEES ||
        Number(line!.committed) !== Number(sum!.total) ||
        unreconciled.length > 0;
    } finally {
      await handle.close();
    }
    process.stdout.write(failed ? 'Targets NOT met.\n' : 'Targets met.\n');
    if (failed) process.exitCode = 1;
  } finally {
    await remove();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Claims benchmark failed: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exitCode = 1;
});
