import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openTestDatabase } from '../../../test/test-db';
import type { DatabaseHandle } from '../client';
import { rowsOf } from '../rows';
import { seedDemoCampus } from './demo';

const DEMO_ACCOUNTS = [
  'student',
  'president',
  'gensec.tech',
  'gensec.acad',
  'gensec.cult',
  'gensec.sports',
  'club.coordinator',
  'admin',
];

describe('demo campus: who took part', () => {
  let handle: DatabaseHandle;
  const read = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await handle.db.execute(query));

  beforeAll(async () => {
    handle = await openTestDatabase();
    await seedDemoCampus(handle.db);
  });
  afterAll(async () => handle.close());

  it('seats the past events that take registration, most of them checked in, some not', async () => {
    const rows = await read<{ title: string; seats: number; came: number; cancelled: number }>(sql`
      select e.title,
        count(*) filter (where r.status = 'confirmed' and not r.walk_in)::int as seats,
        count(*) filter (where r.status = 'confirmed' and not r.walk_in and r.checked_in_at is not null)::int as came,
        count(*) filter (where r.status = 'cancelled')::int as cancelled
      from events e join event_registrations r on r.event_id = e.id
      where e.registration_required and e.schedule_end < now()
      group by e.title order by e.title`);
    expect(rows.map((row) => row.title)).toEqual([
      'CodeSprint 2.0 Hackathon',
      'Rapid Chess Championship',
      'Robotics Workshop: Line Follower Bots',
    ]);
    for (const row of rows) {
      expect(row.seats, row.title).toBeGreaterThanOrEqual(8);
      expect(row.seats, row.title).toBeLessThanOrEqual(30);
      expect(row.came / row.seats, row.title).toBeGreaterThanOrEqual(0.7);
      expect(row.came / row.seats, row.title).toBeLessThanOrEqual(0.85);
    }
    expect(rows.some((row) => row.cancelled > 0)).toBe(true);
  });

  it('lets walk-ins in only at past events whose door takes them, each checked in as they came', async () => {
    const rows = await read<{ title: string; walk_ins: number; door: boolean; checked: boolean }>(sql`
      select e.title, count(*)::int as walk_ins, bool_and(e.walk_ins) as door,
        bool_and(r.checked_in_at is not null and r.checked_in_at < now() and r.status = 'confirmed') as checked
      from events e join event_registrations r on r.event_id = e.id
      where r.walk_in group by e.title order by e.title`);
    expect(rows.map((row) => [row.title, row.door, row.checked])).toEqual([
      ['CodeSprint 2.0 Hackathon', true, true],
      ['General Quiz: Know Your India', true, true],
      ['Inter-Hostel Football League Final', true, true],
      ['Rapid Chess Championship', true, true],
      ['Unplugged: Open Mic Night', true, true],
    ]);
    expect(rows.every((row) => row.walk_ins >= 1)).toBe(true);
  });

  it('leaves the upcoming events without a seat taken', async () => {
    const [row] = await read<{ n: number }>(sql`
      select count(*)::int as n from event_registrations r join events e on e.id = r.event_id
      where e.schedule_start > now()`);
    expect(row?.n).toBe(0);
  });

  it('gives the demo accounts no seat, no club and no feedback beyond their own three', async () => {
    const accounts = sql`(select id from users where username in (${sql.join(
      DEMO_ACCOUNTS.map((key) => sql`${key}`),
      sql`, `,
    )}))`;
    const [row] = await read<{ seats: number; clubs: number; given: number }>(sql`
      select (select count(*)::int from event_registrations where user_id in ${accounts}) as seats,
        (select count(*)::int from club_memberships where user_id in ${accounts}) as clubs,
        (select count(*)::int from feedback where author_id in ${accounts}) as given`);
    expect(row).toEqual({ seats: 0, clubs: 0, given: 3 });
  });

  it('puts five current members or more on every club, and a few who left', async () => {
    const rows = await read<{ name: string; current: number; past: number }>(sql`
      select u.name, count(*) filter (where m.ended_at is null)::int as current,
        count(*) filter (where m.ended_at is not null)::int as past
      from org_units u left join club_memberships m on m.unit_id = u.id
      where u.type = 'club' group by u.name`);
    expect(rows).toHaveLength(8);
    for (const row of rows) expect(row.current, row.name).toBeGreaterThanOrEqual(5);
    expect(rows.reduce((sum, row) => sum + row.past, 0)).toBeGreaterThan(0);
  });

  it('resolves five feedback or more of the last sixty days, each after it was given', async () => {
    const [row] = await read<{ resolved: number; early: number }>(sql`
      select count(*) filter (where resolved_at is not null)::int as resolved,
        count(*) filter (where resolved_at <= created_at)::int as early
      from feedback where created_at > now() - interval '60 days'`);
    expect(row?.early).toBe(0);
    expect(row?.resolved).toBeGreaterThanOrEqual(5);
  });

  it('has five students or more in every batch of the four years and in each program', async () => {
    const rows = await read<{ grp: string; students: number }>(sql`
      select coalesce(sp.batch_year::text, sp.program) as grp, count(*)::int as students
      from users u join student_profiles sp on sp.user_id = u.id
      where u.role = 'STUDENT'
      group by grouping sets ((sp.batch_year), (sp.program))`);
    const years = rows.map((row) => Number(row.grp)).filter((year) => year > 0);
    expect(years.sort()).toEqual([years[0]!, years[0]! + 1, years[0]! + 2, years[0]! + 3]);
    expect(rows.map((row) => row.grp).filter((grp) => !/^\d+$/.test(grp))).toEqual(
      expect.arrayContaining(['B.Tech', 'M.Tech', 'MSc', 'PhD']),
    );
    expect(rows).toHaveLength(8);
    for (const row of rows) expect(row.students, row.grp).toBeGreaterThanOrEqual(5);
  });
});
