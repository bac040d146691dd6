// A student's copy of their data (decision 0041): one student with DATA_EXPORT_RECORDS (200)
// records of each kind the copy holds (skills, achievements, positions, feedback given, event
// registrations and ratings, club memberships and join requests, nominations with a manifesto
// PDF, claims with a receipt, room bookings, notifications, transcripts, corrections, the access
// log, consents, earlier requests), on a campus of DATA_EXPORT_STUDENTS (1,000) generated
// students. Times buildDataExport, the job that reads it all and writes the ZIP, three times.
// Run: npm run bench:data-export   (DATABASE_URL: a throwaway database on that server)
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client';
import { rowsOf } from '../apps/server/src/db/rows';
import { buildDataExport } from '../apps/server/src/modules/privacy/data-export.builder';
import { seededCampus } from './campus';

const RECORDS = Number(process.env.DATA_EXPORT_RECORDS ?? 200);
const STUDENTS = Number(process.env.DATA_EXPORT_STUDENTS ?? 1000);
/** The target: the copy of a student with 200 records of each kind built in under 5 s. */
const TARGET_MS = 5_000;
/** Each manifesto PDF and claim receipt: DATA_EXPORT_FILE_KB (200) kilobytes. */
const PDF = Buffer.alloc(Number(process.env.DATA_EXPORT_FILE_KB ?? 200) * 1000, 0x25);

const campus = await seededCampus('cosa-data-export-', STUDENTS);
const handle = await openDatabase(campus.where);
try {
  const { db } = handle;
  const n = RECORDS;
  const [student] = rowsOf<{ id: string }>(
    await db.execute(sql`select u.id from users u join student_profiles p on p.user_id = u.id
      where u.role = 'STUDENT' order by u.created_at limit 1`),
  );
  const u = sql`${student!.id}::uuid`;
  const seedStarted = performance.now();
  await db.transaction(async (tx) => {
    const run = (query: ReturnType<typeof sql>) => tx.execute(query);
    await run(sql`insert into org_units (name, type, category, parent_id)
      select 'Bench Club ' || i, 'club', 'technical', (select id from org_units where type = 'committee' limit 1)
      from generate_series(1, ${n}) i`);
    await run(sql`insert into events (title, category, schedule_start, venue)
      select 'Bench Event ' || i, 'technical', now() - make_interval(days => i), 'Hall ' || i from generate_series(1, ${n}) i`);
    await run(sql`insert into positions (title, unit_id, position_type, responsibilities, skills_required)
      select 'Bench Post ' || o.name, o.id, 'Coordinator', array['Plan'], array['Speaking']
      from org_units o where o.name like 'Bench Club %'`);
    await run(
      sql`insert into skills (name, category, type) select 'Bench Skill ' || i, 'Programming', 'technical' from generate_series(1, ${n}) i`,
    );
    await run(
      sql`insert into user_skills (user_id, skill_id, proficiency_level) select ${u}, id, 'advanced' from skills where name like 'Bench Skill %'`,
    );
    await run(sql`insert into achievements (user_id, title, description, type, date_achieved)
      select ${u}, 'Bench prize ' || i, repeat('A long description of the win. ', 10), 'technical', '2025-03-12' from generate_series(1, ${n}) i`);
    await run(sql`insert into position_holders (user_id, position_id, tenure_year)
      select ${u}, id, '2025-2026' from positions where title like 'Bench Post %'`);
    await run(sql`insert into feedback (type, target_type, target_event_id, rating, comments, is_anonymous, author_id)
      select 'Suggestion', 'Event', id, 4, 'More hands-on time at ' || title, random() < 0.5, ${u} from events where title like 'Bench Event %'`);
    await run(sql`insert into event_registrations (event_id, user_id, status, confirmed_at, checked_in_at)
      select id, ${u}, 'confirmed', now(), now() from events where title like 'Bench Event %'`);
    await run(
      sql`insert into event_ratings (event_id, user_id, rating) select id, ${u}, 5 from events where title like 'Bench Event %'`,
    );
    await run(sql`insert into club_join_requests (unit_id, user_id, kind, status, question, answer, decided_at)
      select id, ${u}, 'request', 'accepted', 'Why?', 'Because I like it.', now() from org_units where name like 'Bench Club %'`);
    await run(
      sql`insert into club_memberships (unit_id, user_id, role) select id, ${u}, 'Member' from org_units where name like 'Bench Club %'`,
    );
    const [election] = rowsOf<{ id: string }>(
      await run(sql`insert into elections (title, tenure_year, nominations_open_at, nominations_close_at, voting_open_at, voting_close_at)
        values ('Bench Elections', '2026-2027', now() - interval '3 days', now() - interval '2 days', now() - interval '1 hour', now() + interval '1 day')
        returning id`),
    );
    await run(
      sql`insert into election_posts (election_id, position_id) select ${election!.id}::uuid, id from positions where title like 'Bench Post %'`,
    );
    await run(sql`insert into election_candidates (post_id, user_id, manifesto, status)
      select id, ${u}, repeat('Longer library hours. ', 20), 'accepted' from election_posts where election_id = ${election!.id}::uuid`);
    await run(
      sql`insert into election_manifesto_pdfs (candidate_id, pdf) select id, ${PDF} from election_candidates where user_id = ${u}`,
    );
    await run(
      sql`insert into budget_lines (tenure_year, unit_id, heading) select '2026-2027', id, 'events' from org_units where name like 'Bench Club %'`,
    );
    await run(sql`insert into expense_claims (unit_id, line_id, amount, payee, description, filed_by)
      select unit_id, id, 1200, 'Sharma Electronics', 'Parts', ${u} from budget_lines where unit_id in (select id from org_units where name like 'Bench Club %')`);
    await run(sql`insert into claim_receipts (claim_id, content_type, content, size, uploaded_by)
      select id, 'application/pdf', ${PDF}, ${PDF.length}, ${u} from expense_claims where filed_by = ${u}`);
    await run(sql`insert into room_bookings (room_id, requested_by, date, start_time, end_time, description)
      select (select id from rooms limit 1), ${u}, current_date + i, '10:00', '11:00', 'Practice ' || i from generate_series(1, ${n}) i`);
    await run(sql`insert into notifications (user_id, kind, subject, link, delivery)
      select ${u}, 'club', 'Bench Club ' || i, '/clubs', 'app' from generate_series(1, ${n}) i`);
    await run(sql`insert into transcripts (user_id, content, institute)
      select ${u}, jsonb_build_object('student', jsonb_build_object('name', 'Bench'), 'achievements', '[]'::jsonb), '{"name":"IIT Bhilai"}'::jsonb
      from generate_series(1, ${n}) i`);
    await run(sql`insert into fact_corrections (user_id, field, requested_value, reason, status, decided_at)
      select ${u}, 'program', 'B.Tech', 'Reason ' || i, 'declined', now() from generate_series(1, ${n}) i`);
    await run(sql`insert into record_access_log (subject_id, viewer_id, viewer_role, kind, came_from)
      select ${u}, (select id from users where role = 'ADMIN' limit 1), 'ADMIN', 'personal_details', '/admin/users' from generate_series(1, ${n}) i`);
    await run(sql`insert into consent_records (user_id, choice, granted, source)
      select ${u}, 'listed', i % 2 = 0, 'settings' from generate_series(1, ${n}) i`);
    await run(
      sql`insert into data_exports (user_id, status, created_at) select ${u}, 'failed', now() - make_interval(days => i) from generate_series(1, ${n}) i`,
    );
  });
  process.stdout.write(
    `Data export: ${os.cpus().length} CPUs, Node ${process.version}, ${campus.kind}, ${RECORDS} records of each kind, seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s.\n`,
  );
  let failed = false;
  for (let run = 1; run <= 3; run += 1) {
    const [request] = rowsOf<{ id: string }>(
      await db.execute(sql`insert into data_exports (user_id) values (${u}) returning id`),
    );
    const started = performance.now();
    await buildDataExport(db, request!.id);
    const ms = performance.now() - started;
    const [built] = rowsOf<{ status: string; byte_size: number }>(
      await db.execute(sql`select status, byte_size from data_exports where id = ${request!.id}::uuid`),
    );
    process.stdout.write(
      `  run ${run}: ${built!.status} in ${ms.toFixed(0)} ms, ZIP of ${(built!.byte_size / 1_048_576).toFixed(1)} MB\n`,
    );
    failed ||= ms >= TARGET_MS || built!.status !== 'ready';
  }
  process.stdout.write(failed ? `Target (under ${TARGET_MS} ms) NOT met.\n` : 'Target met.\n');
  if (failed) process.exitCode = 1;
} finally {
  await handle.close();
  await campus.remove();
}
