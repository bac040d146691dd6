// Erasing one account (decision 0041): a campus of BENCH_ERASURE_STUDENTS (20,000) students with
// the tables an erasure searches filled as a busy year fills them (notifications, the audit log,
// feedback, activity), then one student with a full record of several hundred rows across kinds;
// times eraseAccount on it, three students in turn. The issue's target: under 2 s.
// Run: npm run bench:erasure
//   PGlite in memory by default; DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres: a
//   throwaway database on that server, dropped at the end.
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { createThrowawayDatabase } from '../e2e/support/throwaway-database';
import { openPglite, openPostgres, type DatabaseHandle } from '../apps/server/src/db/client';
import { eraseAccount } from '../apps/server/src/modules/privacy/erasure.service';

const STUDENTS = Number(process.env.BENCH_ERASURE_STUDENTS ?? 20_000);
const TARGET_MS = 2_000;

async function open(): Promise<{ handle: DatabaseHandle; kind: string; drop: () => Promise<void> }> {
  const server = process.env.DATABASE_URL;
  if (server) {
    const database = await createThrowawayDatabase(server);
    const handle = await openPostgres(database.url);
    await handle.migrate();
    return { handle, kind: 'PostgreSQL server', drop: database.drop };
  }
  const handle = await openPglite();
  await handle.migrate();
  return { handle, kind: 'PGlite in memory', drop: async () => {} };
}

/** The campus: students, a club, and per student 10 notifications, 5 audit lines, 1 feedback, 1 activity line. */
async function seedCampus(handle: DatabaseHandle): Promise<void> {
  const { db } = handle;
  await db.execute(sql`
    insert into users (email, username, student_id, name, password_hash, email_verified_at, onboarding_complete)
    select 'bench.' || i || '@iitbhilai.ac.in', 'bench' || i, (30000000 + i)::text, 'Bench Student ' || i, 'x', now(), true
    from generate_series(1, ${STUDENTS}) i`);
  await db.execute(
    sql`insert into student_profiles (user_id, phone) select id, '9' || lpad((row_number() over ())::text, 9, '0') from users`,
  );
  await db.execute(sql`
    insert into notifications (user_id, kind, subject, detail, link, delivery)
    select u.id, 'skill', 'Bench Student ' || (g % ${STUDENTS}) || ' claimed a skill', 'Python', '/skills', 'app'
    from users u cross join generate_series(1, 10) g`);
  await db.execute(sql`
    insert into audit_log (actor_id, actor_name, kind, action, subject_type, subject_id, subject_label, before, after)
    select u.id, u.name, 'account', 'update', 'users', u.id, u.name, jsonb_build_object('name', u.name, 'email', u.email),
           jsonb_build_object('name', u.name || ' K', 'email', u.email)
    from users u cross join generate_series(1, 5) g`);
  await db.execute(sql`
    insert into feedback (type, target_type, target_user_id, comments, author_id, rating)
    select 'Suggestion', 'User', u.id, 'More workshops for ' || u.name || ', please', u.id, 4 from users u`);
  await db.execute(
    sql`insert into activity_log (type, actor_id, description) select 'cosa', id, 'Appointed ' || name from users`,
  );
}

/** One student's record: hundreds of rows across kinds, many naming them. */
async function seedRecord(handle: DatabaseHandle, n: number): Promise<string> {
  const { db } = handle;
  const name = `Erasable Person ${n}`;
  const [row] = (
    (await db.execute(sql`
      insert into users (email, username, student_id, name, password_hash, email_verified_at, onboarding_complete)
      values (${`erasable.${n}@iitbhilai.ac.in`}, ${`erasable${n}`}, ${String(41000000 + n)}, ${name}, 'x', now(), true)
      returning id`)) as unknown as { rows: { id: string }[] }
  ).rows;
  const id = row!.id;
  const user = sql`${id}::uuid`;
  await db.execute(
    sql`insert into student_profiles (user_id, phone, hostel) values (${user}, ${String(7000000000 + n)}, 'MSH')`,
  );
  await db.execute(
    sql`insert into user_photos (user_id, image) values (${user}, decode(repeat('ab', 100000), 'hex'))`,
  );
  await db.execute(sql`
    insert into achievements (user_id, title, description, type, date_achieved, verified, verified_by, verified_at)
    select ${user}, 'Achievement ' || g, 'By ' || ${name}, 'technical', current_date, g % 2 = 0, case when g % 2 = 0 then ${user} end, case when g % 2 = 0 then now() end
    from generate_series(1, 120) g`);
  await db.execute(
    sql`insert into skills (name, category, type) select 'Bench skill ' || ${n} || '-' || g, 'Tools', 'technical' from generate_series(1, 60) g`,
  );
  await db.execute(sql`
    insert into user_skills (user_id, skill_id, is_endorsed) select ${user}, s.id, s.name like '%0' from skills s where s.name like ${`Bench skill ${n}-%`}`);
  await db.execute(sql`
    insert into notifications (user_id, kind, subject, link, delivery) select ${user}, 'skill', 'Your claim', '/skills', 'app' from generate_series(1, 150) g`);
  await db.execute(sql`
    insert into notifications (user_id, kind, subject, link, delivery)
    select id, 'club', ${name} || ' asked to join', '/clubs', 'app' from users where id <> ${user} limit 50`);
  await db.execute(sql`
    insert into feedback (type, target_type, target_user_id, comments, author_id, is_anonymous)
    select 'Suggestion', 'User', (select id from users where id <> ${user} limit 1), 'Feedback ' || g, ${user}, g % 2 = 0 from generate_series(1, 80) g`);
  await db.execute(sql`
    insert into audit_log (actor_id, actor_name, kind, action, subject_type, subject_id, subject_label, before, after)
    select null, 'Administrator', 'account', 'update', 'users', ${user}, ${name}, jsonb_build_object('email', ${`erasable.${n}@iitbhilai.ac.in`}::text), '{}'::jsonb
    from generate_series(1, 100) g`);
  await db.execute(sql`
    insert into sessions (user_id, token_hash, expires_at) select ${user}, md5(${id} || g) || md5(g::text), now() + interval '1 day' from generate_series(1, 10) g`);
  return id;
}

const { handle, kind, drop } = await open();
try {
  process.stdout.write(
    `Erasing an account: ${os.cpus().length} CPUs, Node ${process.version}, ${kind}, ${STUDENTS} students.\n`,
  );
  const seeding = performance.now();
  await seedCampus(handle);
  const ids = [];
  for (let n = 1; n <= 3; n += 1) ids.push(await seedRecord(handle, n));
  process.stdout.write(`  seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s\n`);
  let failed = false;
  for (const [index, id] of ids.entries()) {
    const started = performance.now();
    await eraseAccount(handle.db, id);
    const ms = performance.now() - started;
    process.stdout.write(`  run ${index + 1}: erased one account in ${ms.toFixed(0)} ms\n`);
    failed ||= ms >= TARGET_MS;
  }
  process.stdout.write(failed ? `Target (under ${TARGET_MS} ms) NOT met.\n` : 'Target met.\n');
  if (failed) process.exitCode = 1;
} finally {
  await handle.close();
  await drop();
}
