import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import * as S from '../../db/schema/index';

/*
 * A small campus whose term report for 2025-2026 (1 July 2025 to 30 June 2026 in India) the tests
 * work out by hand. Students are numbered 1 to 36, as in the tests' comments; the records are
 * written as tables, one line each, students as '1-5 9' (1 to 5, and 9). Times are UTC.
 */

const HOUR = 3_600_000;
const at = (iso: string) => new Date(iso);
const later = (from: Date, hours: number) => new Date(from.getTime() + hours * HOUR);
const cells = (line: string) => line.split('|').map((cell) => cell.trim());
/** The rows of a text table: its lines, cut at '|'. */
const table = (text: string) => text.trim().split('\n').map(cells);
const range = (part: string) => {
  const [from, to = from] = part.split('-').map(Number) as [number, number?];
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
};
/** '1-3 9' is 1, 2, 3 and 9. */
const numbers = (text = '') => text.split(' ').filter(Boolean).flatMap(range);

/** The students' groups: column of the profile, value, students. 35 has no profile, 36 an empty one. */
const GROUPS = table(`
  batchYear | 2022                           | 1-12
  batchYear | 2023                           | 13-22
  batchYear | 2024                           | 23-31
  batchYear | 2025                           | 32-34
  program   | B.Tech                         | 1-12 18 21 23-28
  program   | M.Tech                         | 13-17 19 20
  program   | MSc                            | 29 32-34
  program   | PhD                            | 22 30 31
  branch    | Computer Science & Engineering | 1-5 9 10 13 14 23
  branch    | Electrical Engineering         | 6 7 11 15 16 19 24
  branch    | Mechanical Engineering         | 8 12 17 20 25 28
  branch    | Civil Engineering              | 18 21 22 26 27
  branch    | Mathematics                    | 29-34
  hostel    | MSH                            | 1-5 9 10 13-15 19 23 24 28
  hostel    | Indravati                      | 6-8 11 16-18 20
  hostel    | Gopad                          | 12 21 22 29-31
  hostel    | Kanhar                         | 25 26 33 34
  hostel    | None                           | 27 32
`);

/** Units: key, name, type, category, parent. */
const UNITS = table(`
  tech     | Science & Technology Council | committee | technical |
  cultural | Cultural Council             | committee | cultural  |
  apex     | Students’ Council            | council   |           |
  robotics | Robotics Club                | club      | technical | tech
  ai       | AI Club                      | club      | technical | tech
  dance    | Dance Club                   | club      | cultural  | cultural
`);

/**
 * Events: title, organiser, category, start; who checked in with a seat, walked in, held a seat and
 * stayed away, waited for one, gave theirs up; and what is odd about it. 18:45 UTC on 30 June is
 * 00:15 on 1 July in India: the Midnight Drone Demo is the tenure's, the Next Drone Demo the next
 * tenure's; the Last Drone Demo (23:45 on 30 June 2025 in India) the one before. Nobody was checked
 * in at the Robotics Talk's door.
 */
const EVENTS = table(`
  Robotics Workshop     | robotics | technical | 2025-08-10T04:30:00Z | 1-6 8 13        | 14 23 | 9 19    | 10 20 28 | 11 |
  Line Follower Contest | robotics | technical | 2025-09-15T04:30:00Z | 1-5 14          |       | 9 21    |          |    |
  Midnight Drone Demo   | robotics | technical | 2025-06-30T18:45:00Z | 1-3 5 17        |       | 29      |          |    |
  Robotics Talk         | robotics | technical | 2025-10-20T10:30:00Z |                 |       | 1-3 30 31 |        |    |
  Rover Race            | robotics | technical | 2025-10-01T04:30:00Z |                 |       | 9-12 28 |          |    | cancelled
  Robot Wars            | robotics | technical | 2025-11-01T04:30:00Z |                 |       | 19-22 29 |         |    | proposed
  Next Drone Demo       | robotics | technical | 2026-06-30T18:45:00Z | 9-11 28 29      |       |         |          |    |
  Last Drone Demo       | robotics | technical | 2025-06-30T18:15:00Z | 19-22 30        |       |         |          |    |
  AI Reading Group      | ai       | academic  | 2025-11-15T10:30:00Z | 1 2 6 18        |       | 22 33   |          |    |
  Dance Night           | dance    | cultural  | 2026-02-14T13:30:00Z | 1-4 7 8 13 15 16 | 23   | 10 19 34 |         |    |
  Folk Fest             | dance    | cultural  | 2026-03-20T13:30:00Z | 1 2 4 7 8 17 18 |       |         |          |    |
`);

/** Club memberships: club, members, from, until (none: still a member). 17's began at 00:15 on 1 July 2026 in India. */
const MEMBERSHIPS = table(`
  robotics | 1-6 24-26              | 2025-01-10T06:00:00Z |
  robotics | 14                     | 2025-08-01T06:00:00Z | 2025-12-01T06:00:00Z
  robotics | 11                     | 2024-08-01T06:00:00Z | 2025-05-01T06:00:00Z
  robotics | 31                     | 2026-08-01T06:00:00Z |
  dance    | 1 2 7 8 13 15 16 27 32 | 2025-09-01T06:00:00Z |
  dance    | 17                     | 2026-06-30T18:45:00Z |
`);

/** Holdings: position (key, title, unit), student, tenure, verification, recorded at (declined 10 hours later). */
const HOLDINGS = table(`
  secretary | Robotics Secretary  | robotics | 1 | 2025-2026 | verified      | 2025-07-15T04:30:00Z
  secretary | Robotics Secretary  | robotics | 5 | 2025-2026 | self_declared | 2025-07-15T04:30:00Z
  secretary | Robotics Secretary  | robotics | 4 | 2025-2026 | declined      | 2025-07-15T04:30:00Z
  secretary | Robotics Secretary  | robotics | 9 | 2024-2025 | verified      | 2024-07-15T04:30:00Z
  technical | Technical Secretary | tech     | 2 | 2025-2026 | pending       | 2025-07-15T04:30:00Z
  lead      | Dance Lead          | dance    | 2 | 2025-2026 | verified      | 2025-07-15T04:30:00Z
  head      | President           | apex     | 1 | 2025-2026 | verified      | 2025-07-15T04:30:00Z
`);

/**
 * Feedback: type, about (a unit, a position, an event or a student), given from (one a day), hours
 * to each one's resolution ('-': open). 18:00 UTC on 30 June 2025 is 23:30 in India, 18:35 UTC on
 * 30 June 2026 is 00:05 on 1 July: both outside the tenure.
 */
const FEEDBACK = table(`
  Suggestion   | robotics          | 2025-09-01T04:30:00Z | 2 4 6 8 10
  Suggestion   | secretary         | 2025-09-10T04:30:00Z | -
  Complaint    | Robotics Workshop | 2025-09-01T04:30:00Z | 1 3 5 7 30
  Report       | tech              | 2025-10-01T04:30:00Z | -
  Suggestion   | dance             | 2026-02-20T04:30:00Z | 12 24 -
  Appreciation | dance             | 2026-03-01T04:30:00Z | - -
  Query        | 20                | 2025-12-01T04:30:00Z | 48 72
  Suggestion   | robotics          | 2025-06-30T18:00:00Z | 1
  Complaint    | robotics          | 2026-06-30T18:35:00Z | 1
`);

/** Achievements (by type) and skill claims (by skill and type): submitted from (one a day), student:hours to the decision ('-': waiting, 'x': declined). */
const REVIEWS = table(`
  achievement | technical  |           | 2025-10-01T04:30:00Z | 1:24x 2:48 3:72 4:96 5:120 13:144 6:-
  achievement | cultural   |           | 2025-10-20T04:30:00Z | 7:10 8:20 15:-
  achievement | technical  |           | 2025-06-15T04:30:00Z | 1:5
  skill       | Soldering  | technical | 2025-11-01T04:30:00Z | 1:1 2:2 3:3 4:4 5:5x
  skill       | ROS Basics | technical | 2025-11-10T04:30:00Z | 1:- 2:- 3:- 4:- 5:-
  skill       | Kathak     | cultural  | 2025-12-01T04:30:00Z | 7:100
  skill       | Soldering  | technical | 2025-06-01T04:30:00Z | 6:-
`);

/** Budget lines: unit, tenure, heading, allocated, committed (an approved claim), paid. */
const LINES = table(`
  tech     | 2025-2026 |        | 100000 |      |
  robotics | 2025-2026 | events | 20000  |      | 12000
  robotics | 2025-2026 | travel | 10000  | 5000 |
  ai       | 2025-2026 |        | 5000   |      |
  dance    | 2025-2026 |        | 20000  |      | 8500
  robotics | 2026-2027 |        | 40000  |      |
  tech     | 2024-2025 |        | 99999  |      |
`);

/** Posts: election, its vote's opening and close, position, who may vote (batches, or a club's members), who voted. 18:40 UTC on 30 June 2026 is 00:10 on 1 July in India. */
const POSTS = table(`
  Council Elections 2026 | 2026-03-01T04:30:00Z | 2026-03-03T12:30:00Z | head      | 2022-2025 | 1-11 13-21
  Council Elections 2026 | 2026-03-01T04:30:00Z | 2026-03-03T12:30:00Z | technical | 2023      | 13-18
  Council Elections 2026 | 2026-03-01T04:30:00Z | 2026-03-03T12:30:00Z | lead      | dance     | 7 8 13
  Council Elections 2026 | 2026-03-01T04:30:00Z | 2026-03-03T12:30:00Z | secretary | robotics  | 1-5
  Robotics By-election   | 2026-06-28T04:30:00Z | 2026-06-30T18:40:00Z | secretary | robotics  | 1-5
`);

const FIRST = 'Aditi Bhavesh Chitra Devansh Esha Farhan Gauri Harsh Ira Jatin'.split(' ');
const LAST = 'Kulkarni Menon Banerjee Thakur'.split(' ');
type Keyed<T> = Record<string, T>;

/** The campus and its records; the readers are each test's own. */
export async function buildReportWorld(db: Database) {
  const w = {
    db,
    ...(await people(db)),
    units: {} as Keyed<S.OrgUnit>,
    positions: {} as Keyed<S.Position>,
  };
  for (const [key, name, type, category, parent] of UNITS) {
    const unit = { name, type, category: category || null, parentId: w.units[parent!]?.id ?? null };
    const [made] = await db
      .insert(S.orgUnits)
      .values(unit as S.NewOrgUnit)
      .returning();
    w.units[key!] = made!;
  }
  for (const [key, title, unit] of HOLDINGS) {
    const position = { title: title!, unitId: w.units[unit!]!.id, positionType: 'Secretary' };
    const values = { ...position, responsibilities: ['Lead'] };
    w.positions[key!] ??= (await db.insert(S.positions).values(values).returning())[0]!;
  }
  const eventIds = await eventsOf(w);
  await participationOf(w);
  await feedbackOf(w, eventIds);
  await reviewsOf(w);
  await moneyOf(w);
  await electionsOf(w);
  return { students: w.students, units: w.units, positions: w.positions, eventIds };
}

/** An account as the roll makes it, named by its number; it signs in only by a session a test makes. */
async function account(db: Database, n: number, values: Partial<S.NewUser>): Promise<S.User> {
  const [first, last] = [FIRST[(n - 1) % 10]!, LAST[Math.floor((n - 1) / 10)]!];
  const username = `${first}.${last}${n}`.toLowerCase();
  const person = { name: `${first} ${last}`, email: `${username}@iitbhilai.ac.in`, username };
  const roll = { studentId: `${25_000_000 + n}`, passwordHash: 'none', onboardingComplete: true };
  const row: S.NewUser = { ...person, ...roll, ...values };
  return (await db.insert(S.users).values(row).returning())[0]!;
}

async function people(db: Database) {
  const createdAt = at('2024-07-01T00:00:00Z');
  const students: S.User[] = [];
  for (let n = 1; n <= 36; n += 1) {
    // 12 is deactivated during the tenure.
    const deactivatedAt = n === 12 ? at('2026-01-10T06:00:00Z') : null;
    students.push(await account(db, n, { createdAt, deactivatedAt }));
  }
  const id = (n: number) => students[n - 1]!.id;
  const profiles = new Map<number, Partial<S.NewStudentProfile>>([[36, {}]]);
  for (const [column, value, who] of GROUPS)
    for (const n of numbers(who))
      profiles.set(n, { ...profiles.get(n), [column!]: column === 'batchYear' ? Number(value) : value });
  const rows = [...profiles].map(([n, profile]) => ({ ...profile, userId: id(n) }));
  await db.insert(S.studentProfiles).values(rows);
  // Not on the roll of 2025-2026: deactivated before it, erased, enrolled after it.
  await account(db, 37, { createdAt, deactivatedAt: at('2025-05-01T06:00:00Z') });
  const erased = at('2026-02-01T06:00:00Z');
  await account(db, 38, { createdAt, erasedAt: erased, deactivatedAt: erased });
  await account(db, 39, { createdAt: at('2026-07-10T06:00:00Z') });
  const officer = { role: 'ADMIN' as const, studentId: null, emailVerifiedAt: createdAt };
  return { students, id, officer: (await account(db, 40, officer)).id };
}

type Records = { db: Database; units: Keyed<S.OrgUnit>; positions: Keyed<S.Position> };
type World = Awaited<ReturnType<typeof people>> & Records;

async function eventsOf(w: World): Promise<Keyed<string>> {
  const eventIds: Keyed<string> = {};
  // Under way now (in the current tenure): its door is still open, so no one is a no-show yet.
  const now = later(new Date(), -1).toISOString();
  const live = ['Soldering Marathon', 'robotics', 'technical', now, '1-5', '', '6', '', '', 'ongoing'];
  for (const [title, unit, category, start, ...door] of [...EVENTS, live]) {
    const odd = door.pop();
    const status = odd === 'cancelled' || odd === 'ongoing' ? odd : 'completed';
    const approval = odd === 'proposed' ? odd : 'approved';
    const [scheduleStart, scheduleEnd] = [at(start!), later(at(start!), 3)];
    const event = { title, category, organizingUnitId: w.units[unit!]!.id, scheduleStart, scheduleEnd };
    const values = { ...event, status, approval } as S.NewEventRecord;
    const [made] = await w.db.insert(S.events).values(values).returning();
    eventIds[title!] = made!.id;
    await seat(w, made!.id, scheduleStart, door.map(numbers));
  }
  return eventIds;
}

/** Registrations: checked in with a seat, walked in, held a seat and stayed away, waitlisted, cancelled. */
async function seat(w: World, eventId: string, start: Date, door: number[][]) {
  const [booked, opened] = [later(start, -48), later(start, 1 / 6)];
  const kinds: Omit<S.NewEventRegistration, 'eventId' | 'userId'>[] = [
    { status: 'confirmed', confirmedAt: booked, checkedInAt: opened },
    { status: 'confirmed', walkIn: true, confirmedAt: opened, checkedInAt: opened },
    { status: 'confirmed', confirmedAt: booked },
    { status: 'waitlisted' },
    { status: 'cancelled', cancelledAt: booked },
  ];
  const rowsOf = (who: number[], kind: number) =>
    who.map((n) => ({ ...kinds[kind]!, eventId, userId: w.id(n) }));
  const rows = door.flatMap(rowsOf);
  if (rows.length > 0) await w.db.insert(S.eventRegistrations).values(rows);
}

async function participationOf(w: World) {
  const member = ([unit, who, from, until]: string[]) =>
    numbers(who).map((n) => {
      const period = { startedAt: at(from!), endedAt: until ? at(until) : null };
      return { unitId: w.units[unit!]!.id, userId: w.id(n), ...period };
    });
  await w.db.insert(S.clubMemberships).values(MEMBERSHIPS.flatMap(member));
  const holding = ([key, , , n, tenureYear, verification, recorded]: string[]) => {
    const createdAt = at(recorded!);
    const declined = { declinedBy: w.officer, declinedAt: later(createdAt, 10), declineReason: 'No.' };
    const verified = { verifiedBy: w.officer, verifiedAt: createdAt };
    const decision = ({ verified, declined } as Keyed<object>)[verification!] ?? {};
    const holder = { positionId: w.positions[key!]!.id, userId: w.id(Number(n)), tenureYear };
    return { ...holder, verification, createdAt, ...decision } as S.NewPositionHolder;
  };
  await w.db.insert(S.positionHolders).values(HOLDINGS.map(holding));
}

async function feedbackOf(w: World, eventIds: Keyed<string>) {
  const about = (key: string): Partial<S.NewFeedback> => {
    if (w.units[key]) return { targetType: 'Club/Organization', targetUnitId: w.units[key].id };
    if (w.positions[key]) return { targetType: 'POR', targetPositionId: w.positions[key].id };
    if (eventIds[key]) return { targetType: 'Event', targetEventId: eventIds[key] };
    return { targetType: 'User', targetUserId: w.id(Number(key)) };
  };
  const rows = FEEDBACK.flatMap(([type, target, from, hours]) =>
    hours!.split(' ').map((h, day) => {
      const createdAt = later(at(from!), day * 24);
      const resolvedAt = later(createdAt, Number(h));
      const resolved = h === '-' ? {} : { isResolved: true, resolvedAt, resolvedBy: w.officer };
      const given = { type, comments: 'More evening sessions, please.', authorId: w.id(19), createdAt };
      return { ...given, ...about(target!), ...resolved } as S.NewFeedback;
    }),
  );
  await w.db.insert(S.feedback).values(rows);
}

async function reviewsOf(w: World) {
  const skills: Keyed<string> = {};
  for (const [kind, what, type, from, items] of REVIEWS) {
    const rows = items!.split(' ').map((item, day) => {
      const [n, hours] = item.split(':') as [string, string];
      const createdAt = later(at(from!), day * 24);
      const when = later(createdAt, parseFloat(hours));
      const declined = { declinedBy: w.officer, declinedAt: when, declineReason: 'No certificate.' };
      const endorsed = { isEndorsed: true, endorsedBy: w.officer, endorsedAt: when };
      const verified = { verified: true, verifiedBy: w.officer, verifiedAt: when };
      const approved = kind === 'skill' ? endorsed : verified;
      const decision = hours === '-' ? {} : hours.endsWith('x') ? declined : approved;
      return { userId: w.id(Number(n)), createdAt, ...decision };
    });
    if (kind === 'achievement') {
      const achievement = { title: `Prize in ${what}`, type: what, dateAchieved: '2025-09-01' };
      const achievements = rows.map((row) => ({ ...row, ...achievement }) as S.NewAchievement);
      await w.db.insert(S.achievements).values(achievements);
      continue;
    }
    const skill = { name: what!, type: type as S.NewSkill['type'], category: 'Hobby' };
    skills[what!] ??= (await w.db.insert(S.skills).values(skill).returning())[0]!.id;
    await w.db.insert(S.userSkills).values(rows.map((row) => ({ ...row, skillId: skills[what!]! })));
  }
}

/** The ledger's entries (a trigger keeps each line's sums); a commitment is an approved claim's. */
async function moneyOf(w: World) {
  const one = async (query: SQL) => rowsOf<{ id: string }>(await w.db.execute(query))[0]!.id;
  for (const [key, tenure, heading, allocated, committed, paid] of LINES) {
    const unitId = w.units[key!]!.id;
    const line = await one(sql`insert into budget_lines (tenure_year, unit_id, heading)
      values (${tenure}, ${unitId}::uuid, ${heading || null}) returning id`);
    const entry = (kind: string, amount: string, claim: string | null = null) =>
      w.db.execute(sql`insert into budget_entries (line_id, kind, amount, claim_id, reason)
        values (${line}::uuid, ${kind}, ${amount}::numeric, ${claim}::uuid, 'Budget')`);
    await entry('allocation', allocated!);
    if (paid) await entry('carried_paid', paid);
    if (!committed) continue;
    const claim = await one(sql`insert into expense_claims
      (unit_id, line_id, amount, approved_amount, payee, description, status, submitted_at)
      values (${unitId}::uuid, ${line}::uuid, ${committed}::numeric, ${committed}::numeric,
        'Indian Railways', 'Tickets', 'approved', '2025-12-01T06:00:00Z') returning id`);
    await entry('commitment', committed, claim);
  }
}

async function electionsOf(w: World) {
  const elections: Keyed<string> = {};
  for (const [title, opens, closes, position, voters, voted] of POSTS) {
    const [votingOpenAt, votingCloseAt] = [at(opens!), at(closes!)];
    const [nominationsOpenAt, nominationsCloseAt] = [later(votingOpenAt, -240), votingOpenAt];
    const windows = { nominationsOpenAt, nominationsCloseAt, votingOpenAt, votingCloseAt };
    const values = { title: title!, tenureYear: '2026-2027', ...windows };
    elections[title!] ??= (await w.db.insert(S.elections).values(values).returning())[0]!.id;
    const club = w.units[voters!]?.id;
    const limit = club ? { voterUnitId: club } : { voterBatchYears: numbers(voters) };
    const post = { electionId: elections[title!]!, positionId: w.positions[position!]!.id, ...limit };
    const postId = (await w.db.insert(S.electionPosts).values(post).returning())[0]!.id;
    const who = numbers(voted);
    await w.db.insert(S.ballotParticipations).values(who.map((n) => ({ postId, voterId: w.id(n) })));
    // A ballot for each who voted, as the ballot box writes them: no voter, no order.
    const ballot = () => ({ postId, ranking: [], receiptHash: randomUUID() });
    await w.db.insert(S.ballots).values(who.map(ballot));
  }
}
