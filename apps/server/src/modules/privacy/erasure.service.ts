import { sql } from 'drizzle-orm';
import { ERASED_ACCOUNT_NAME } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { counterKey } from '../../lib/attempt-counter';
import { scrubCopies, type Identity } from './erasure-scrub';

type Executor = Pick<Database, 'execute'>;

/** The rate limits counted by e-mail address (their keys hold only a digest of it). */
const EMAIL_LIMITS = ['login-account', 'register-email', 'forgot-email'];

type Person = {
  name: string;
  official_name: string | null;
  email: string;
  username: string;
  student_id: string | null;
  phone: string | null;
  role: string;
  erased_at: string | null;
};

/** A name that is this person's alone: two words or more, and borne by no other account nor unit. */
async function nameIsTheirs(tx: Executor, userId: string, name: string): Promise<boolean> {
  const trimmed = name.trim();
  if (trimmed.length < 8 || !/\S\s+\S/.test(trimmed)) return false;
  const [shared] = rowsOf<{ shared: boolean }>(
    await tx.execute(sql`
      select exists (
        select 1 from users
        where id <> ${userId}::uuid and (lower(name) = lower(${trimmed}) or lower(official_name) = lower(${trimmed}))
      ) or exists (select 1 from org_units where lower(name) = lower(${trimmed})) as shared`),
  );
  return shared?.shared === false;
}

/**
 * The texts that identified the person, as the erasure looks for copies of them: every one in the
 * rows tied to them; in any other record only what cannot be anyone else's (the e-mail address, a
 * ten-digit phone, a student id of six digits or more, a name of their own), never a year, a
 * namesake's name or a unit's.
 */
async function identityOf(tx: Executor, userId: string, person: Person): Promise<Identity> {
  const texts = [
    person.name,
    person.official_name,
    person.email,
    person.username,
    person.student_id,
    person.phone,
  ];
  const needles = [
    ...new Set(texts.filter((text): text is string => !!text && text.trim().length >= 3)),
  ];
  const everywhere: string[] = [];
  if (person.email.includes('@')) everywhere.push(person.email);
  if (person.phone && /^[0-9]{10}$/.test(person.phone)) everywhere.push(person.phone);
  if (person.student_id && person.student_id.length >= 6) everywhere.push(person.student_id);
  for (const name of new Set([person.name, person.official_name]))
    if (name && (await nameIsTheirs(tx, userId, name))) everywhere.push(name.trim());
  // The longest first, so that a name inside an e-mail address does not leave the rest of it.
  const longestFirst = (a: string, b: string) => b.length - a.length;
  return { userId, needles: needles.sort(longestFirst), everywhere: everywhere.sort(longestFirst) };
}

/**
 * What belongs to the person alone and goes with them: sign-in, devices with push on, uploads,
 * choices, copies of their data, their notifications, and everything never verified (pending or declined items, drafts,
 * requests, registrations they did not attend, open bookings).
 */
async function deletePersonal(tx: Executor, user: ReturnType<typeof sql>, person: Person) {
  const statements = [
    // Before the sessions, though their end would take the devices too: nothing is pushed to them from now on.
    sql`delete from push_subscriptions where user_id = ${user}`,
    sql`delete from sessions where user_id = ${user}`,
    sql`delete from password_reset_tokens where user_id = ${user}`,
    sql`delete from email_verification_tokens where user_id = ${user}`,
    sql`delete from calendar_feeds where user_id = ${user}`,
    sql`delete from user_photos where user_id = ${user}`,
    sql`delete from privacy_choices where user_id = ${user}`,
    sql`delete from consent_records where user_id = ${user}`,
    sql`delete from data_exports where user_id = ${user}`,
    sql`delete from record_access_log where subject_id = ${user}`,
    sql`update record_access_log set viewer_id = null where viewer_id = ${user}`,
    sql`delete from notifications where user_id = ${user}`,
    sql`delete from notification_settings where user_id = ${user}`,
    sql`delete from club_follows where user_id = ${user}`,
    sql`delete from club_join_requests where user_id = ${user}`,
    sql`delete from fact_corrections where user_id = ${user}`,
    sql`delete from student_id_conflicts where claimant_id = ${user} or holder_id = ${user}
          or (${person.student_id}::text is not null and student_id = ${person.student_id})`,
    sql`delete from achievements where user_id = ${user} and not verified`,
    sql`update achievements set certificate_url = null where user_id = ${user} and certificate_url is not null`,
    sql`delete from user_skills where user_id = ${user} and not is_endorsed`,
    sql`delete from position_holders where user_id = ${user} and verification <> 'verified'`,
    sql`delete from event_registrations where user_id = ${user} and checked_in_at is null`,
    sql`delete from room_bookings where requested_by = ${user} and status = 'Pending'`,
    sql`delete from expense_claims where filed_by = ${user} and status = 'draft'`,
    sql`delete from election_manifesto_pdfs where candidate_id in (select id from election_candidates where user_id = ${user})`,
    sql`update election_candidates set manifesto_pdf_sha256 = null where user_id = ${user} and manifesto_pdf_sha256 is not null`,
    // Anonymous feedback stays, linked to no one; named feedback stays with the erased account.
    sql`update feedback set author_id = null where author_id = ${user} and is_anonymous`,
    sql`update club_memberships set ended_at = now(), end_reason = 'The account was erased.'
          where user_id = ${user} and ended_at is null`,
    // A transcript is a signed copy of the record under the person's name: it goes (its address then
    // verifies nothing); credentials name no one in the database and are revoked.
    sql`delete from transcripts where user_id = ${user}`,
    sql`update issued_credentials set revoked_at = now(), revocation_reason = 'holder_request',
          revocation_note = 'The account was erased.' where user_id = ${user} and revoked_at is null`,
    sql`delete from rate_limit_counters where key in (${sql.join(
      EMAIL_LIMITS.map((name) => sql`${counterKey(name, person.email.trim().toLowerCase())}`),
      sql`, `,
    )})`,
  ];
  for (const statement of statements) await tx.execute(statement);
}

/** The account keeps its id (what remains points to it) and nothing that says whose it was. */
async function deIdentify(tx: Executor, userId: string) {
  const user = sql`${userId}::uuid`;
  await tx.execute(sql`
    update users set name = ${ERASED_ACCOUNT_NAME}, official_name = null,
      email = ${`erased-${userId}@erased.invalid`}, username = ${`erased-${userId}`},
      student_id = null, student_id_source = null, password_hash = null, google_subject = null,
      club_unit_id = null, erased_at = now(), deactivated_at = coalesce(deactivated_at, now())
    where id = ${user}`);
  await tx.execute(sql`
    update student_profiles set phone = null, gender = null, date_of_birth = null, batch_year = null,
      program = null, branch = null, current_year = null, cgpa = null, institute_cgpa = null,
      hostel = null, room_number = null, github_url = null, linkedin_url = null
    where user_id = ${user}`);
  await tx.execute(sql`
    update erasure_requests set completed_at = now()
    where user_id = ${user} and cancelled_at is null and completed_at is null`);
}

/**
 * Erases an account in one transaction (decision 0041): de-identifies it, deletes what is the
 * person's alone, and removes copies of their name, e-mail, phone and student id from other records
 * and the audit log. What the institute keeps (verified positions and achievements, endorsed
 * skills, council decisions, money, elections) stays, attached to the erased account. Nothing of
 * the erasure's own changes goes to the audit log (no actor is named). Resolves to false when the
 * account does not exist, was erased already, or holds a role other than student.
 */
export async function eraseAccount(db: Database, userId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('cosa.actor_id', '', true), set_config('cosa.erasing', ${userId}, true)`,
    );
    const [person] = rowsOf<Person>(
      await tx.execute(sql`
        select u.name, u.official_name, u.email, u.username, u.student_id, p.phone, u.role, u.erased_at
        from users u left join student_profiles p on p.user_id = u.id
        where u.id = ${userId}::uuid for update of u`),
    );
    // Checked under the row's lock: an account appointed to an office meanwhile is not erased.
    if (!person || person.erased_at || person.role !== 'STUDENT') return false;
    const identity = await identityOf(tx, userId, person);
    await deletePersonal(tx, sql`${userId}::uuid`, person);
    await deIdentify(tx, userId);
    await scrubCopies(tx, identity);
    return true;
  });
}
