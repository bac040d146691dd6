import { sql } from 'drizzle-orm';
import { ROLL_FILE_MESSAGES } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { AppError } from '../../lib/app-error';
import type { CleanRoll, RollAccount, RollPlan } from './roll-import.policy';

type Executor = Pick<Database, 'execute'>;

/**
 * Every statement here is set-based: the rows travel as one JSON parameter that the statement
 * unpacks (jsonb_to_recordset), so 20,000 students are a handful of statements, not 20,000, and
 * no statement comes near PostgreSQL's limit of 65,535 parameters.
 */
const asJson = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
const textArray = (values: string[]) => sql`array(select jsonb_array_elements_text(${asJson(values)}))`;

/** Imports run one at a time: the second waits for the first to commit and then sees its accounts. */
const ROLL_IMPORT_LOCK = 13_001;

export async function lockRollImports(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ROLL_IMPORT_LOCK})`);
}

type AccountRow = {
  id: string;
  student_id: string | null;
  email: string;
  name: string;
  official_name: string | null;
  id_proven: boolean;
  role: string;
  verified: boolean;
  has_password: boolean;
  has_google: boolean;
  imported: boolean;
  onboarded: boolean;
  has_profile: boolean;
  program: string | null;
  branch: string | null;
  batch_year: number | null;
  institute_cgpa: string | number | null;
};

/**
 * The accounts holding any of these student ids or (lower-cased) e-mails, with what the import
 * judges them by (a proven address, a credential, the roll's, ever used) and their profile's
 * program, discipline and year. `lock` takes their rows for update until the transaction ends, so
 * nobody changes them between the check and the write.
 */
export async function loadRollAccounts(
  db: Executor,
  studentIds: string[],
  emails: string[],
  lock = false,
): Promise<RollAccount[]> {
  if (studentIds.length === 0 && emails.length === 0) return [];
  // Joins, not '= any(array)': with thousands of ids PostgreSQL would probe the trigram index of
  // student ids once per id (minutes); '|| ''' keeps every index off that join, so it is one hash
  // join over the table (milliseconds), as is the e-mail join through its unique index.
  const result = await db.execute(sql`
    with ids as (select jsonb_array_elements_text(${asJson(studentIds)}) as value),
      mails as (select jsonb_array_elements_text(${asJson(emails)}) as value)
    select u.id, u.student_id, u.email, u.name, u.official_name, u.role,
      coalesce(u.student_id_source in ('roll', 'admin'), false) as id_proven,
      u.email_verified_at is not null as verified, u.password_hash is not null as has_password,
      u.google_subject is not null as has_google, u.imported_at is not null as imported,
      u.onboarding_complete as onboarded, p.user_id is not null as has_profile,
      p.program, p.branch, p.batch_year, p.institute_cgpa
    from users u left join student_profiles p on p.user_id = u.id
    where u.id in (
      select x.id from users x join ids on (x.student_id || '') = ids.value
      union all
      select x.id from users x join mails on lower(x.email) = mails.value
    )
    ${lock ? sql`for update of u` : sql``}`);
  return rowsOf<AccountRow>(result).map((row) => ({
    id: row.id,
    studentId: row.student_id,
    email: row.email,
    name: row.name,
    officialName: row.official_name,
    idProven: row.id_proven,
    role: row.role,
    verified: row.verified,
    hasPassword: row.has_password,
    hasGoogle: row.has_google,
    imported: row.imported,
    onboarded: row.onboarded,
    hasProfile: row.has_profile,
    program: row.program,
    branch: row.branch,
    batchYear: row.batch_year === null ? null : Number(row.batch_year),
    instituteCgpa: row.institute_cgpa === null ? null : Number(row.institute_cgpa),
  }));
}

const DIGITS = '0123456789';
const trailingDigitsRemoved = (text: string) => text.replace(/[0-9]+$/, '');

/**
 * Usernames for new accounts as registration makes them (the e-mail's local part, lower-cased,
 * with the smallest numeric suffix from 2 that is free), for many at once. Every username that
 * could clash with a candidate 'base' or 'base<digits>' has the same text once trailing digits are
 * removed, so one query with that key finds them all.
 */
async function freeUsernames(db: Executor, emails: string[]): Promise<string[]> {
  const bases = emails.map((email) => email.split('@')[0] || 'user');
  const keys = [...new Set(bases.map(trailingDigitsRemoved))];
  const result = await db.execute(sql`
    select username from users join (select jsonb_array_elements_text(${asJson(keys)}) as value) keys on rtrim(username, ${DIGITS}) = keys.value`);
  const taken = new Set(rowsOf<{ username: string }>(result).map((row) => row.username));
  return bases.map((base) => {
    let username = base;
    for (let suffix = 2; taken.has(username); suffix += 1) username = `${base}${suffix}`;
    taken.add(username);
    return username;
  });
}

/**
 * The accounts were judged on rows locked for update, so a write that finds fewer of them as
 * judged than planned means the rules below and the policy disagree: nothing is written.
 */
function expectWritten(result: unknown, planned: number): void {
  if (rowsOf<{ id: string }>(result).length !== planned)
    throw AppError.conflict(ROLL_FILE_MESSAGES.busy);
}

/** The never-proven registration the policy means (roll-import.policy.ts), in SQL, for the guards of the writes. */
const NEVER_PROVEN = sql.raw(
  `(u.email_verified_at is null and u.imported_at is null and u.google_subject is null and not u.onboarding_complete
    and not exists (select 1 from student_profiles sp where sp.user_id = u.id))`,
);

/** A student id that nobody proved: typed by its student, never matched by the roll nor confirmed by the administrator. */
const UNPROVEN_ID = sql.raw(
  `(u.student_id_source is distinct from 'roll' and u.student_id_source is distinct from 'admin')`,
);

/**
 * Takes unproven student ids back, before anyone else gets them (decision 0015): a student who
 * had used the account is sent back to onboarding to enter their own id and told why, and the
 * administrator's list of conflicts records each release. Returns the accounts released.
 */
async function releaseStudentIds(tx: Executor, plans: RollPlan[]): Promise<string[]> {
  const released = plans.flatMap((plan) =>
    plan.releaseFrom ? [{ id: plan.releaseFrom, student_id: plan.clean.studentId }] : [],
  );
  if (released.length === 0) return [];
  const ids = released.map((entry) => entry.id);
  const result = await tx.execute(sql`
    update users u set student_id = null, student_id_source = null,
      onboarding_complete = case when u.role = 'STUDENT' and u.email_verified_at is not null then false else u.onboarding_complete end,
      updated_at = now()
    where u.id = any(${textArray(ids)}::uuid[]) and (${NEVER_PROVEN} or (${UNPROVEN_ID} and u.role = 'STUDENT'))
    returning u.id`);
  expectWritten(result, ids.length);
  await tx.execute(sql`
    insert into student_id_conflicts (kind, student_id, holder_id, settled_at, resolution)
    select 'released', r.student_id, r.id, now(), 'Released by the student roll import'
    from jsonb_to_recordset(${asJson(released)}) as r(id uuid, student_id text)`);
  return ids;
}

/**
 * Accounts whose student id and e-mail are both the roll's row, with nothing else to change: the
 * roll proves their id (and fixes their official name, if none was).
 */
async function confirmStudentIds(tx: Executor, accountIds: string[]): Promise<void> {
  if (accountIds.length === 0) return;
  await tx.execute(sql`
    update users u set student_id_source = 'roll', official_name = coalesce(u.official_name, u.name), updated_at = now()
    where u.id = any(${textArray(accountIds)}::uuid[]) and ${UNPROVEN_ID}`);
}

const profileOf = (clean: CleanRoll) => ({
  program: clean.program,
  branch: clean.discipline,
  batch_year: clean.admissionYear,
  institute_cgpa: clean.cgpa,
});

/** New accounts of the roll: students with no credential, imported now, onboarded, each with a profile. */
async function insertStudents(
  tx: Executor,
  plans: Extract<RollPlan, { kind: 'new' }>[],
): Promise<number> {
  if (plans.length === 0) return 0;
  const usernames = await freeUsernames(
    tx,
    plans.map((plan) => plan.clean.email),
  );
  const rows = plans.map((plan, index) => ({
    email: plan.clean.email,
    name: plan.clean.name,
    username: usernames[index],
    student_id: plan.clean.studentId,
    ...profileOf(plan.clean),
  }));
  await tx.execute(sql`
    with input as (
      select * from jsonb_to_recordset(${asJson(rows)})
        as r(email text, name text, username text, student_id text, program text, branch text, batch_year int, institute_cgpa numeric)
    ), created as (
      insert into users (email, name, official_name, username, student_id, student_id_source, role, imported_at, onboarding_complete)
      select email, name, name, username, student_id, 'roll', 'STUDENT', now(), true from input
      returning id, student_id
    )
    insert into student_profiles (user_id, program, branch, batch_year, institute_cgpa)
    select created.id, input.program, input.branch, input.batch_year, input.institute_cgpa from created join input using (student_id)`);
  return plans.length;
}

/**
 * Writes the roll's values on existing accounts. The e-mail changes only on an unclaimed account of
 * the roll (no password, no Google, address unproven), whose reset and verification links to the
 * old address then go; the statement refuses any other (see expectWritten). A never-proven
 * registration taken over by the roll loses its password, sessions and pending verification links
 * (whoever registered never showed they own the mailbox) and waits to be claimed.
 */
async function updateStudents(
  tx: Executor,
  plans: Extract<RollPlan, { kind: 'changed' }>[],
): Promise<number> {
  if (plans.length === 0) return 0;
  const rows = plans.map((plan) => ({
    id: plan.account.id,
    name: plan.clean.name,
    email: plan.clean.email,
    student_id: plan.clean.studentId,
    take_over: plan.takeOver,
    ...profileOf(plan.clean),
  }));
  const input = sql`jsonb_to_recordset(${asJson(rows)})
    as r(id uuid, name text, email text, student_id text, take_over boolean, program text, branch text, batch_year int, institute_cgpa numeric)`;
  const unclaimed = sql.raw(
    `(u.imported_at is not null and u.email_verified_at is null and u.password_hash is null and u.google_subject is null)`,
  );
  const result = await tx.execute(sql`
    update users u set
      -- The roll's name is the official one; the name shown is the student's, unless the roll takes the account over.
      official_name = r.name,
      name = case when r.take_over then r.name else u.name end,
      student_id_source = 'roll',
      email = case when lower(u.email) = r.email then u.email else r.email end,
      student_id = r.student_id,
      password_hash = case when r.take_over then null else u.password_hash end,
      imported_at = case when r.take_over then now() else u.imported_at end,
      onboarding_complete = r.take_over or u.onboarding_complete,
      updated_at = now()
    from ${input}
    where u.id = r.id
      and (lower(u.email) = r.email or ${unclaimed})
      and (not r.take_over or ${NEVER_PROVEN})
    returning u.id`);
  expectWritten(result, plans.length);
  await tx.execute(sql`
    insert into student_profiles (user_id, program, branch, batch_year, institute_cgpa)
    select id, program, branch, batch_year, institute_cgpa from ${input}
    on conflict (user_id) do update
      set program = excluded.program, branch = excluded.branch, batch_year = excluded.batch_year,
        -- A row without a CGPA leaves the one on record.
        institute_cgpa = coalesce(excluded.institute_cgpa, student_profiles.institute_cgpa), updated_at = now()`);
  const takenOver = plans.filter((plan) => plan.takeOver).map((plan) => plan.account.id);
  if (takenOver.length > 0) {
    await tx.execute(sql`delete from sessions where user_id = any(${textArray(takenOver)}::uuid[])`);
    await tx.execute(
      sql`delete from email_verification_tokens where user_id = any(${textArray(takenOver)}::uuid[])`,
    );
  }
  // Links mailed to an address the account no longer has must not claim it.
  const readdressed = plans.filter((plan) => plan.emailChanged).map((plan) => plan.account.id);
  if (readdressed.length > 0) {
    await tx.execute(
      sql`delete from password_reset_tokens where user_id = any(${textArray(readdressed)}::uuid[])`,
    );
    await tx.execute(
      sql`delete from email_verification_tokens where user_id = any(${textArray(readdressed)}::uuid[])`,
    );
  }
  return plans.length;
}

/** Writes a judged roll: student ids released first, then changed accounts, then new ones; `confirmed` are unchanged accounts whose id the roll now proves. */
export async function writeRoll(
  tx: Executor,
  plans: RollPlan[],
  confirmed: string[] = [],
): Promise<{ created: number; updated: number; released: string[] }> {
  const released = await releaseStudentIds(tx, plans);
  await confirmStudentIds(tx, confirmed);
  const updated = await updateStudents(
    tx,
    plans.filter((plan): plan is Extract<RollPlan, { kind: 'changed' }> => plan.kind === 'changed'),
  );
  const created = await insertStudents(
    tx,
    plans.filter((plan): plan is Extract<RollPlan, { kind: 'new' }> => plan.kind === 'new'),
  );
  return { created, updated, released };
}
