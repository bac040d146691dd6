import { beforeAll, describe, expect, it } from 'vitest';
import type { TermReport } from '@cosa/contracts';
import { signInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { buildReportWorld } from './report-world';

/*
 * The term report of 2025-2026 for the president, every figure worked out by hand from the campus
 * of report-world.ts (students by number). Percentiles interpolate as PostgreSQL's percentile_cont:
 * of n sorted values x0..x(n-1), p lies at h = p(n-1), between x(floor h) and the next.
 */

const OTHER = 'Other groups (fewer than 5 each)';
/** A share or an hour figure to three places, as typed below. */
const r3 = (value: number | null) => (value === null ? null : Math.round(value * 1000) / 1000);
const sorted = <T extends unknown[]>(rows: T[]) =>
  [...rows].sort((a, b) => String(a[0]).localeCompare(String(b[0])));

type Reach = TermReport['reach']['byBatch'];
const reachRows = (rows: Reach) =>
  sorted(rows.map((r) => [r.group, r.students, r.participants, r3(r.share)]));
type Events = TermReport['events']['byClub'];
const eventRows = (rows: Events) =>
  sorted(
    rows.map((r) => [
      r.group.toLowerCase(),
      r.events,
      r.registrations,
      r.attended,
      r.noShows,
      r3(r.noShowRate),
    ]),
  );
const eventFigures = (r: Events[number]) => [
  r.events,
  r.registrations,
  r.attended,
  r.noShows,
  r3(r.noShowRate),
];

describe('the term report: its figures for a tenure, worked out by hand', () => {
  const ctx = useTestApp();
  let world: Awaited<ReturnType<typeof buildReportWorld>>;
  let president: string;
  let report: TermReport;

  const read = async (query: string) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/reports/term?${query}`,
      headers: { cookie: president },
    });
    expect(response.statusCode).toBe(200);
    return response.json() as TermReport;
  };

  beforeAll(async () => {
    world = await buildReportWorld(ctx.db);
    president = await signInAs(ctx, await createUser(ctx.db, { role: 'PRESIDENT' }));
    report = await read('tenure=2025-2026');
  });

  it('reads the tenure from 1 July to 30 June, for the whole institute', () => {
    expect(report.period).toEqual({ tenure: '2025-2026', from: '2025-07-01', to: '2026-06-30' });
    expect(report.scope.kind).toBe('institute');
  });

  it('counts the students on the roll and those who took part, by group', () => {
    // Students 1-36: 37 was deactivated before the tenure, 38 erased, 39 enrolled after it; 12,
    // deactivated in January, counts. Took part (attended, a member, held a position): 1-8, 13-18,
    // 23-27 and 32 = 20. Not 9-11, 28, 29 (their demo was 00:15 on 1 July 2026 in India), nor 19-22,
    // 30 (23:45 on 30 June 2025), nor the no-shows, the waitlisted, 4 (declined holding), 11 (left
    // the club in May 2025), 31 (joined in August 2026), 33, 34.
    expect([report.reach.students, report.reach.participants, r3(report.reach.share)]).toEqual([
      36, 20, 0.556,
    ]);
    // 2022: 1-12, took part 1-8; 2023: 13-22, took part 13-18; 2024: 23-31 (23-27); 2025: 32-34 (32);
    // not given: 35, 36. 2025 (3, 1) and not given (2, 0) are small: together 5 and 1, still small, so
    // the smallest other row joins them: 2024 (9, 5), making 14 and 6.
    expect(reachRows(report.reach.byBatch)).toEqual([
      ['2022', 12, 8, 0.667],
      ['2023', 10, 6, 0.6],
      [OTHER, 14, 6, 0.429],
    ]);
    // B.Tech 20 (14 took part); M.Tech 13-17, 19, 20: 7 (5); MSc 29, 32-34: 4 (1); PhD 22, 30, 31:
    // 3 (0); not given 2 (0). The small ones make 9 and 1; M.Tech joins: 16 and 6.
    expect(reachRows(report.reach.byProgram)).toEqual([
      ['B.Tech', 20, 14, 0.7],
      [OTHER, 16, 6, 0.375],
    ]);
    // CSE 1-5, 9, 10, 13, 14, 23: 10 (8); EE 6, 7, 11, 15, 16, 19, 24: 7 (5). Mechanical 6 (3),
    // Civil 5 (3), Mathematics 6 (1) and not given 2 (0) are small: together 19 and 7.
    expect(reachRows(report.reach.byDiscipline)).toEqual([
      ['Computer Science & Engineering', 10, 8, 0.8],
      ['Electrical Engineering', 7, 5, 0.714],
      [OTHER, 19, 7, 0.368],
    ]);
    // A hostel is a personal detail: the president's report has no breakdown by it.
    expect(report.reach.byHostel).toEqual([]);
  });

  it("breaks reach down by hostel for the administrator alone, who sees students' hostels", async () => {
    const admin = await signInAs(ctx, await createUser(ctx.db, { role: 'ADMIN' }));
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/reports/term?tenure=2025-2026',
      headers: { cookie: admin },
    });
    // MSH 14 (10). Kanhar 4 (2), None 2 (2), not given 2 (0): 8 and 4; Gopad (6, 0) joins: 14 and 4,
    // still small; Indravati (8, 6) joins: 22 and 10.
    expect(reachRows((response.json() as TermReport).reach.byHostel)).toEqual([
      ['MSH', 14, 10, 0.714],
      [OTHER, 22, 10, 0.455],
    ]);
  });

  it('counts activities per participant, merging small buckets upward', () => {
    // Events attended + clubs + positions: 1 and 2 have 10 each (six events, both clubs, two posts);
    // 3, 4, 5 have 5; 6, 7, 8, 13, 14 have 3-4; 15-18, 23 have 2; 24-27, 32 have 1. 5-9 (3) and 10 or
    // more (2) are small: together "5 or more", 5. The busiest tenth (2 of 20) had 20 of 66.
    const buckets = report.concentration.buckets.map((b) => [b.activities, b.students]);
    expect(buckets).toEqual([
      ['1', 5],
      ['2', 5],
      ['3-4', 5],
      ['5 or more', 5],
    ]);
    expect(r3(report.concentration.topTenthShare)).toBe(0.303);
  });

  it('counts approved events held in the tenure: seats, check-ins and no-shows', () => {
    // Robotics Workshop (10 seats, 8 + 2 walk-ins in, 2 away; 3 waitlisted and 1 cancelled are not
    // seats), Line Follower (8, 6, 2), Midnight Drone Demo (6, 5, 1), Robotics Talk (5 seats, nobody
    // checked in: no no-shows), AI Reading Group (6, 4, 2), Dance Night (12, 9 + 1, 3), Folk Fest (7,
    // 7, 0). Not the Rover Race (cancelled), Robot Wars (not approved), nor the demos outside. Seats
    // 54, in 42, no-shows 10 over the 49 seats of the events that took attendance.
    expect(eventFigures(report.events.total)).toEqual([7, 54, 42, 10, 0.204]);
    // Technical: 4 events, 29 seats, 21 in, 5 away of 24. Cultural (19, 17, 3) and academic (6, 4, 2)
    // have small figures: together 3 events, 25, 21, 5 away of 25.
    expect(eventRows(report.events.byCategory)).toEqual([
      [OTHER.toLowerCase(), 3, 25, 21, 5, 0.2],
      ['technical', 4, 29, 21, 5, 0.208],
    ]);
    expect(eventRows(report.events.byClub)).toEqual([
      [OTHER.toLowerCase(), 3, 25, 21, 5, 0.2],
      ['robotics club', 4, 29, 21, 5, 0.208],
    ]);
  });

  it('counts feedback given in the tenure, and the hours to resolve it', () => {
    const row = (r: TermReport['feedback']['total']) => [
      r.received,
      r.resolved,
      r3(r.resolvedShare),
      r.p50Hours,
      r.p90Hours,
    ];
    // Resolved in 1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 24, 30, 48, 72 hours (14 of 19). p50: h = 6.5,
    // 7 + 0.5 = 7.5; p90: h = 11.7, 30 + 0.7 x 18 = 42.6. The two given outside are left out.
    expect(row(report.feedback.total)).toEqual([19, 14, 0.737, 7.5, 42.6]);
    const byType = sorted(report.feedback.byType.map((r) => [r.group, ...row(r)]));
    // Suggestions: 9, resolved 2, 4, 6, 8, 10, 12, 24: p50 x3 = 8, p90 h = 5.4, 12 + 0.4 x 12 = 16.8.
    // Appreciation (2, 0), Query (2, 2), Report (1, 0) are small: 5 and 2, still small; Complaints
    // (5, 5) join: 10 and 7. Their hours 1, 3, 5, 7, 30, 48, 72 give 7 and 57.6, if the row has them.
    expect(byType[1]).toEqual(['Suggestion', 9, 7, 0.778, 8, 16.8]);
    expect(byType[0]!.slice(0, 4)).toEqual([OTHER, 10, 7, 0.7]);
    expect([null, 7]).toContain(byType[0]![4]);
    expect([null, 57.6]).toContain(byType[0]![5]);
    expect(byType).toHaveLength(2);
  });

  it('counts items submitted for review in the tenure: decided, waiting, hours', () => {
    const reviews = sorted(
      report.reviews.map((r) => [r.group, r.decided, r.waiting, r.p50Hours, r.p90Hours]),
    );
    expect(reviews).toEqual([
      // Decided after 10, 20, 24, 48, 72, 96, 120, 144 hours; 6 and 15 wait (2). p50 h = 3.5: 48 +
      // 0.5 x 24 = 60; p90 h = 6.3: 120 + 0.3 x 24 = 127.2. 1's of June 2025 is left out.
      ['Achievements', 8, null, 60, 127.2],
      // Records waiting for an official: 5 (self-declared) and 2 (pending); 4's declined; all small.
      ['Position records', null, null, null, null],
      // Decided after 1, 2, 3, 4, 5 and 100 hours; five claims wait. p50 h = 2.5: 3.5; p90 h = 4.5:
      // 5 + 0.5 x 95 = 52.5.
      ['Skills', 6, 5, 3.5, 52.5],
    ]);
  });

  it("shows the budget lines of the tenure, with what each unit's events cost an attendee", () => {
    const { budgets } = report;
    expect(budgets.tenures).toEqual(['2025-2026']);
    const rows = sorted(
      budgets.rows.map((r) => [r.unit, r.unitId, r.allocated, r.committed, r.paid, r.attendances]),
    );
    const { ai, dance, robotics, tech } = world.units;
    expect(rows).toEqual([
      // 4 attended the AI Reading Group: fewer than 5. Alone hidden, 42 - 17 - 21 - 0 would give
      // it, so the smallest other count (Dance, 17) is hidden with it.
      ['AI Club', ai!.id, 5000, 0, 0, null],
      ['Dance Club', dance!.id, 20000, 0, 8500, null],
      // Two lines: events (20,000, paid 12,000) and travel (10,000, 5,000 promised to a claim).
      ['Robotics Club', robotics!.id, 30000, 5000, 12000, 21],
      // The council held no events of its own: none attended, no cost to divide.
      ['Science & Technology Council', tech!.id, 100000, 0, 0, 0],
    ]);
    const cost = Object.fromEntries(budgets.rows.map((r) => [r.unit, r.costPerAttendee]));
    // 12,000 / 21; Dance's 8,500 / 17 would give its hidden count away.
    expect(cost['Robotics Club']).toBeCloseTo(571.43, 1);
    expect([cost['AI Club'], cost['Dance Club'], cost['Science & Technology Council']]).toEqual([
      null,
      null,
      null,
    ]);
    const { allocated, committed, paid, attendances, costPerAttendee } = budgets.total;
    // The 2026-2027 line (40,000) and the 2024-2025 one (99,999) are other tenures'. 20,500 / 42.
    expect([allocated, committed, paid, attendances]).toEqual([155000, 5000, 20500, 42]);
    expect(costPerAttendee).toBeCloseTo(488.1, 1);
  });

  it('gives the turnout of the posts whose vote closed in the tenure', () => {
    const rows = sorted(
      report.elections.map((r) => [r.post, r.election, r.eligible, r.voted, r3(r.turnout)]),
    );
    expect(rows).toEqual([
      // Dance's members when the vote opened: 1, 2, 7, 8, 13, 15, 16, 27, 32; three voted.
      ['Dance Lead', 'Council Elections 2026', 9, null, null],
      // Batches 2022-2025 (1-11, 13-34: 12 was deactivated before the vote opened): 33; 20 voted.
      ['President', 'Council Elections 2026', 33, 20, 0.606],
      // Robotics's members then: 1-6, 24-26.
      ['Robotics Secretary', 'Council Elections 2026', 9, 5, 0.556],
      ['Technical Secretary', 'Council Elections 2026', 10, 6, 0.6],
    ]);
    // The by-election closed at 00:10 on 1 July 2026 in India: the next tenure's.
    expect(rows.map((r) => r[1])).not.toContain('Robotics By-election');
  });

  it('reads the current tenure when no period is given', async () => {
    // The tenure begins on 1 July on the institute's clock.
    const [year, month] = new Date(Date.now() + 330 * 60_000).toISOString().split('-').map(Number);
    const first = month! >= 7 ? year! : year! - 1;
    expect((await read('')).period).toEqual({
      tenure: `${first}-${first + 1}`,
      from: `${first}-07-01`,
      to: `${first + 1}-06-30`,
    });
  });

  it('reads a range of days instead, touching two tenures', async () => {
    const range = await read('from=2026-01-01&to=2026-07-15');
    expect(range.period).toEqual({ tenure: null, from: '2026-01-01', to: '2026-07-15' });
    // 39 enrolled on 10 July 2026 is on the roll now. Took part: Dance Night, Folk Fest, the Next
    // Drone Demo (9-11, 28, 29), the clubs' members (17 joined Dance on 1 July), the holdings of
    // 2025-2026: 1-11, 13, 15-18, 23-29, 32 = 24.
    expect([range.reach.students, range.reach.participants]).toEqual([37, 24]);
    // Dance Night, Folk Fest, Next Drone Demo: 24 seats, 22 in, 3 away (fewer than 5).
    expect(eventFigures(range.events.total)).toEqual([3, 24, 22, null, null]);
    expect(range.budgets.tenures).toEqual(['2025-2026', '2026-2027']);
    // A range's attendances against its tenures' payments would mislead: no cost per attendee.
    expect([...range.budgets.rows, range.budgets.total].map((row) => row.costPerAttendee)).toEqual(
      [...range.budgets.rows, range.budgets.total].map(() => null),
    );
    expect(range.budgets.total.allocated).toBe(195000);
    expect(range.elections).toHaveLength(5);
  });

  it('takes the days on the institute’s clock: 00:15 on 1 July is the new day', async () => {
    const day = async (date: string) => (await read(`from=${date}&to=${date}`)).events.total;
    // The Midnight Drone Demo, 18:45 UTC on 30 June 2025: 6 seats, 5 in, 1 away.
    expect(eventFigures(await day('2025-07-01'))).toEqual([1, 6, 5, null, null]);
    expect(eventFigures(await day('2025-06-30'))).toEqual([1, 5, 5, 0, 0]);
    expect(eventFigures(await day('2026-06-30'))).toEqual([0, 0, 0, 0, null]);
    expect(eventFigures(await day('2026-07-01'))).toEqual([1, 5, 5, 0, 0]);
  });

  it('counts no one as a no-show at an event still under way', async () => {
    const ist = (ms: number) => new Date(ms + 330 * 60_000).toISOString().slice(0, 10);
    const live = await read(`from=${ist(Date.now() - 86_400_000)}&to=${ist(Date.now() + 86_400_000)}`);
    // The Soldering Marathon: 6 seats, 5 in, and 6's seat not yet a no-show.
    expect(eventFigures(live.events.total)).toEqual([1, 6, 5, 0, null]);
  });
});
