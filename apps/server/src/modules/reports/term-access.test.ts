import { beforeAll, describe, expect, it } from 'vitest';
import type { Role, TermReport } from '@cosa/contracts';
import { signInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { buildReportWorld } from './report-world';

/*
 * Who reads the term report, what each reader's scope covers, and the queries refused. The figures
 * of each scope are worked out by hand from report-world.ts (students by number), for 2025-2026.
 */

const OTHER = 'Other groups (fewer than 5 each)';
const TERM = '/api/reports/term?tenure=2025-2026';
const EXPORT = '/api/reports/term/export?tenure=2025-2026&chart=';
const r3 = (value: number | null) => (value === null ? null : Math.round(value * 1000) / 1000);
const sorted = <T extends unknown[]>(rows: T[]) =>
  [...rows].sort((a, b) => String(a[0]).localeCompare(String(b[0])));
type EventGroup = TermReport['events']['total'];
const events = (r: EventGroup) => [r.events, r.registrations, r.attended, r.noShows, r3(r.noShowRate)];
const eventRows = (rows: EventGroup[]) => sorted(rows.map((r) => [r.group.toLowerCase(), ...events(r)]));
type FeedbackGroup = TermReport['feedback']['total'];
const feedback = (r: FeedbackGroup) => [
  r.received,
  r.resolved,
  r3(r.resolvedShare),
  r.p50Hours,
  r.p90Hours,
];
const budget = (r: TermReport['budgets']['total']) => [
  r.unit,
  r.allocated,
  r.committed,
  r.paid,
  r.attendances,
];
const turnout = (r: TermReport['elections'][number]) => [r.post, r.eligible, r.voted, r3(r.turnout)];
const reviews = (report: TermReport) =>
  sorted(report.reviews.map((r) => [r.group, r.decided, r.waiting, r.p50Hours, r.p90Hours]));

describe('the term report: who reads it, and what each reader sees', () => {
  const ctx = useTestApp();
  let world: Awaited<ReturnType<typeof buildReportWorld>>;
  const cookies: Record<string, string> = {};

  const get = (url: string, cookie?: string) =>
    ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const reportOf = async (reader: string) => {
    const response = await get(TERM, cookies[reader]);
    expect(response.statusCode).toBe(200);
    return response.json() as TermReport;
  };

  beforeAll(async () => {
    world = await buildReportWorld(ctx.db);
    const signIn = async (key: string, role: Role, clubUnitId: string | null = null) => {
      cookies[key] = await signInAs(
        ctx,
        await createUser(ctx.db, { role, clubUnitId, onboardingComplete: true }),
      );
    };
    await signIn('president', 'PRESIDENT');
    await signIn('admin', 'ADMIN');
    await signIn('tech', 'GENSEC_SCITECH');
    await signIn('cultural', 'GENSEC_CULTURAL');
    await signIn('coordinator', 'CLUB_COORDINATOR', world.units.robotics!.id);
    await signIn('clubless', 'CLUB_COORDINATOR');
    await signIn('student', 'STUDENT');
  });

  it('asks a signed-out visitor to sign in', async () => {
    for (const url of [TERM, `${EXPORT}reach`]) {
      const response = await get(url);
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('UNAUTHENTICATED');
    }
  });

  it('refuses a student', async () => {
    for (const url of [TERM, `${EXPORT}reach`]) {
      const response = await get(url, cookies.student);
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('FORBIDDEN');
    }
  });

  it('finds no club to report on for a coordinator whose account is linked to none', async () => {
    for (const url of [TERM, `${EXPORT}events-by-club`]) {
      const response = await get(url, cookies.clubless);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe(
        'Your account is not linked to a club, so there is no club to report on.',
      );
    }
  });

  it('says what is wrong with a period or a chart, field by field', async () => {
    const tenure = 'Tenure must be two consecutive years, such as 2026-2027.';
    const cases: [string, string, string][] = [
      ['tenure=2026-2028', 'tenure', tenure],
      ['tenure=abc', 'tenure', tenure],
      ['from=2026-01-01', 'to', 'Give both a start and an end date, or neither.'],
      ['to=2026-01-01', 'from', 'Give both a start and an end date, or neither.'],
      ['from=2026-03-01&to=2026-02-28', 'to', 'The end date must be on or after the start date.'],
      ['from=2026-02-30&to=2026-03-31', 'from', 'Dates must be written as YYYY-MM-DD.'],
      ['from=2026-01-01&to=31-12-2026', 'to', 'Dates must be written as YYYY-MM-DD.'],
      ['from=2020-01-01&to=2026-01-02', 'to', 'A date range can be at most five years long.'],
      ['tenure=0001-0002', 'tenure', 'Choose days from the year 2000 to 2100.'],
      ['from=1999-12-31&to=2000-01-05', 'from', 'Choose days from the year 2000 to 2100.'],
      [
        'tenure=2025-2026&from=2025-08-01&to=2025-08-31',
        'tenure',
        'Choose a tenure or a date range, not both.',
      ],
    ];
    for (const [query, field, message] of cases) {
      for (const url of [
        `/api/reports/term?${query}`,
        `/api/reports/term/export?chart=reach&${query}`,
      ]) {
        const response = await get(url, cookies.president);
        expect(response.statusCode, url).toBe(400);
        expect(response.json().error.code).toBe('VALIDATION_FAILED');
        expect(response.json().error.fields[field], url).toBe(message);
      }
    }
    for (const chart of ['unknown', '']) {
      const response = await get(`${EXPORT}${chart}`, cookies.president);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields.chart).toBe("Choose one of the report's charts.");
    }
  });

  it('shows the president and the administrator the whole institute', async () => {
    for (const reader of ['president', 'admin']) {
      const report = await reportOf(reader);
      expect(report.scope.kind).toBe('institute');
      expect([ctx.config.INSTITUTE_NAME, ctx.config.INSTITUTE_SHORT_NAME]).toContain(report.scope.name);
      expect([report.reach.students, report.reach.participants]).toEqual([36, 20]);
      expect(events(report.events.total)).toEqual([7, 54, 42, 10, 0.204]);
      expect(feedback(report.feedback.total)).toEqual([19, 14, 0.737, 7.5, 42.6]);
      expect(report.budgets.total.allocated).toBe(155000);
      expect(report.elections).toHaveLength(4);
    }
  });

  it("shows the technical council's secretary the council and every unit below it", async () => {
    const report = await reportOf('tech');
    expect(report.scope).toEqual({ kind: 'council', name: 'Science & Technology Council' });
    // Every student is the denominator; took part in the council's units: 1-6, 8, 13, 14, 17, 18,
    // 23-26 (events of Robotics and AI, Robotics's members, holders of its and the council's posts).
    expect([report.reach.students, report.reach.participants]).toEqual([36, 15]);
    // Robotics's four events (29 seats, 21 in, 5 away of 24) and the AI Reading Group (6, 4, 2).
    expect(events(report.events.total)).toEqual([5, 35, 25, 7, 0.233]);
    // The AI Club's row is small; Robotics joins it and the row is the whole.
    expect(eventRows(report.events.byClub)).toEqual([[OTHER.toLowerCase(), 5, 35, 25, 7, 0.233]]);
    expect(eventRows(report.events.byCategory)).toEqual([[OTHER.toLowerCase(), 5, 35, 25, 7, 0.233]]);
    // About Robotics (5 resolved of 6 suggestions), its Workshop (5 of 5 complaints) and the council
    // (1 open report): hours 1, 2, 3, 4, 5, 6, 7, 8, 10, 30; p50 h = 4.5: 5.5; p90 h = 8.1: 12.
    expect(feedback(report.feedback.total)).toEqual([12, 10, 0.833, 5.5, 12]);
    const byType = sorted(report.feedback.byType.map((r) => [r.group, ...feedback(r)]));
    // Suggestions: 2, 4, 6, 8, 10: p50 6, p90 h = 3.6: 9.2. The report (1) takes in the complaints (5).
    expect(byType.map((r) => r.slice(0, 4))).toEqual([
      [OTHER, 6, 5, 0.833],
      ['Suggestion', 6, 5, 0.833],
    ]);
    expect(byType[1]!.slice(4)).toEqual([6, 9.2]);
    // AI's 4 would follow from the total (25) less Robotics' 21, so Robotics' is hidden too.
    expect(sorted(report.budgets.rows.map(budget))).toEqual([
      ['AI Club', 5000, 0, 0, null],
      ['Robotics Club', 30000, 5000, 12000, null],
      ['Science & Technology Council', 100000, 0, 0, 0],
    ]);
    // 12,000 / 25.
    expect(budget(report.budgets.total).slice(1)).toEqual([135000, 5000, 12000, 25]);
    expect(report.budgets.total.costPerAttendee).toBeCloseTo(480, 1);
    expect(sorted(report.elections.map(turnout))).toEqual([
      ['Robotics Secretary', 9, 5, 0.556],
      ['Technical Secretary', 10, 6, 0.6],
    ]);
    expect(reviews(report)).toEqual([
      // Technical achievements: 24, 48, 72, 96, 120, 144 hours; p50 h = 2.5: 84; p90 h = 4.5: 132.
      ['Achievements', 6, null, 84, 132],
      ['Position records', null, null, null, null],
      // Technical claims: 1-5 hours, p50 3, p90 h = 3.6: 4.6; five waiting.
      ['Skills', 5, 5, 3, 4.6],
    ]);
  });

  it("shows the cultural council's secretary only the cultural council's units", async () => {
    const report = await reportOf('cultural');
    expect(report.scope).toEqual({ kind: 'council', name: 'Cultural Council' });
    // Dance Night, Folk Fest, Dance's members and its Lead: 1-4, 7, 8, 13, 15-18, 23, 27, 32.
    expect([report.reach.students, report.reach.participants]).toEqual([36, 14]);
    // 3 no-shows at Dance Night: fewer than 5, and so is the rate built on them.
    expect(events(report.events.total)).toEqual([2, 19, 17, null, null]);
    expect(eventRows(report.events.byClub)).toEqual([[OTHER.toLowerCase(), 2, 19, 17, null, null]]);
    // Three suggestions (two resolved) and two appreciations about Dance.
    expect(feedback(report.feedback.total)).toEqual([5, null, null, null, null]);
    expect(report.feedback.byType.map((r) => [r.group, ...feedback(r)])).toEqual([
      [OTHER, 5, null, null, null, null],
    ]);
    // The events show Dance only inside "Other groups": its attendances are hidden here as there,
    // and with them its cost per attendee; the total divides the paid 8,500 by all 17 attendances.
    expect(report.budgets.rows.map(budget)).toEqual([['Dance Club', 20000, 0, 8500, null]]);
    expect(report.budgets.rows[0]!.costPerAttendee).toBeNull();
    expect(report.budgets.total.costPerAttendee).toBeCloseTo(500, 1);
    expect(report.elections.map(turnout)).toEqual([['Dance Lead', 9, null, null]]);
  });

  it('shows a club coordinator only their club', async () => {
    const report = await reportOf('coordinator');
    expect(report.scope).toEqual({ kind: 'club', name: 'Robotics Club' });
    // Robotics's events, members and Secretary: 1-6, 8, 13, 14, 17, 23-26.
    expect([report.reach.students, report.reach.participants]).toEqual([36, 14]);
    expect(events(report.events.total)).toEqual([4, 29, 21, 5, 0.208]);
    expect(eventRows(report.events.byClub)).toEqual([['robotics club', 4, 29, 21, 5, 0.208]]);
    // Not the council's report: 11 given, 10 resolved; complaints 1, 3, 5, 7, 30 (p90 h = 3.6: 20.8).
    expect(feedback(report.feedback.total)).toEqual([11, 10, 0.909, 5.5, 12]);
    expect(sorted(report.feedback.byType.map((r) => [r.group, ...feedback(r)]))).toEqual([
      ['Complaint', 5, 5, 1, 5, 20.8],
      ['Suggestion', 6, 5, 0.833, 6, 9.2],
    ]);
    expect(report.budgets.rows.map(budget)).toEqual([['Robotics Club', 30000, 5000, 12000, 21]]);
    expect(report.elections.map(turnout)).toEqual([['Robotics Secretary', 9, 5, 0.556]]);
    expect(reviews(report)).toEqual([
      // A club's reviews are the items tied to it, never its members' others: none of the
      // achievements is at a Robotics event, none of the skills earned in a Robotics position.
      ['Achievements', 0, 0, null, null],
      ['Position records', null, null, null, null],
      ['Skills', 0, 0, null, null],
    ]);
  });

  it("gives each reader the CSV of their own scope's table", async () => {
    const csv = async (reader: string, chart: string) => {
      const response = await get(`${EXPORT}${chart}`, cookies[reader]);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/csv/);
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename=".+\.csv"$/);
      return response.body;
    };
    const club = await csv('coordinator', 'events-by-club');
    expect(club).toContain('Robotics Club');
    expect(club).not.toContain('Dance Club');
    const council = await csv('tech', 'budgets');
    expect(council).toContain('AI Club');
    expect(council).not.toContain('Dance Club');
    const institute = await csv('admin', 'budgets');
    for (const unit of ['AI Club', 'Dance Club', 'Robotics Club']) expect(institute).toContain(unit);
  });
});
