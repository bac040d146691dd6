import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Role, TermReport } from '@cosa/contracts';
import { rowsOf } from '../../db/rows';
import * as S from '../../db/schema/index';
import { signInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { buildReportWorld } from './report-world';

/*
 * Small groups in the term report (decision 0044): a count of people from 1 to 4 is never given,
 * nor can it be worked out from a breakdown's rows and its total; the CSV files say "fewer than 5"
 * and neutralise what a spreadsheet would run; no person is named. Checked over every reader's
 * scope and several periods of report-world.ts, and on cases worked out by hand.
 */

const OTHER = 'Other groups (fewer than 5 each)';
const FEWER = 'fewer than 5';
const FORMULA = '=HYPERLINK("x")';
const BROKEN = 'Folk\n=Band';
const PEOPLE = [
  'students',
  'participants',
  'registrations',
  'attended',
  'noShows',
  'received',
  'resolved',
  'decided',
  'waiting',
  'attendances',
  'eligible',
  'voted',
];
const CHARTS = [
  'reach',
  'concentration',
  'events-by-category',
  'events-by-club',
  'feedback',
  'reviews',
  'budgets',
  'elections',
];
/** A CSV column counting people, by its header. */
const PEOPLE_COLUMN =
  /student|particip|registr|seat|attend|no.?show|receiv|resolved|decided|wait|eligible|vote/i;

type Row = Record<string, unknown>;
/** Every object in a report, with where it is. */
function objects(value: unknown, path = 'report'): [string, Row][] {
  if (Array.isArray(value)) return value.flatMap((item, i) => objects(item, `${path}[${i}]`));
  if (value === null || typeof value !== 'object') return [];
  const own: [string, Row] = [path, value as Row];
  return [own, ...Object.entries(value).flatMap(([key, item]) => objects(item, `${path}.${key}`))];
}
const small = (value: unknown) => typeof value === 'number' && value >= 1 && value <= 4;

/** No count of people is 1 to 4; no share, time or cost rests on a suppressed figure or too few items. */
function expectNoSmallFigure(report: TermReport, label: string) {
  for (const [path, row] of objects(report)) {
    for (const key of PEOPLE)
      if (key in row) expect(small(row[key]), `${label} ${path}.${key}`).toBe(false);
    const nullWhen = (derived: string, ...bases: string[]) => {
      if (derived in row && bases.some((base) => row[base] === null))
        expect(row[derived], `${label} ${path}.${derived}`).toBeNull();
    };
    nullWhen('share', 'students', 'participants');
    nullWhen('noShowRate', 'noShows', 'registrations');
    nullWhen('resolvedShare', 'resolved', 'received');
    nullWhen('costPerAttendee', 'attendances');
    nullWhen('turnout', 'voted', 'eligible');
    for (const hours of ['p50Hours', 'p90Hours']) {
      const items = row.resolved ?? row.decided;
      if (row[hours] !== null && hours in row)
        expect(Number(items), `${label} ${path}.${hours}`).toBeGreaterThanOrEqual(5);
    }
  }
}

/**
 * A breakdown's rows add up to its total; a row shown by name has no suppressed figure; the row of
 * small groups has figures of 0 or 5 and more, or is every row (the total itself).
 */
function expectWhole(label: string, rows: Row[], total: Row, keys: string[]) {
  const other = rows.find((row) => row.group === OTHER);
  for (const row of rows.filter((r) => r !== other))
    for (const key of keys) expect(row[key], `${label}: ${String(row.group)}.${key}`).not.toBeNull();
  if (other && keys.some((key) => other[key] === null)) {
    expect(rows, `${label}: the small groups' row is every row`).toHaveLength(1);
    for (const key of keys) expect(other[key], `${label}: ${key}`).toEqual(total[key]);
    return;
  }
  for (const key of keys) {
    const sum = rows.reduce((all, row) => all + Number(row[key]), 0);
    expect(sum, `${label}: the rows' ${key} add up to the total`).toBe(total[key]);
  }
}

function expectNoDerivableFigure(report: TermReport, label: string) {
  const { reach, events, feedback, concentration } = report;
  for (const key of ['byBatch', 'byProgram', 'byDiscipline', 'byHostel'] as const) {
    // A hostel is a personal detail: only the administrator's report breaks reach down by it.
    if (key === 'byHostel' && !label.startsWith('admin')) {
      expect(reach.byHostel, label).toEqual([]);
      continue;
    }
    expectWhole(`${label} ${key}`, reach[key], reach, ['students', 'participants']);
  }
  const eventKeys = ['events', 'registrations', 'attended', 'noShows'];
  expectWhole(`${label} byCategory`, events.byCategory, events.total, eventKeys);
  expectWhole(`${label} byClub`, events.byClub, events.total, eventKeys);
  expectWhole(`${label} byType`, feedback.byType, feedback.total, ['received', 'resolved']);
  const inBuckets = concentration.buckets.reduce((all, bucket) => all + Number(bucket.students), 0);
  if (concentration.buckets.every((bucket) => bucket.students !== null))
    expect(inBuckets, `${label} buckets`).toBe(reach.participants ?? inBuckets);
  if (reach.participants === null || reach.participants < 10)
    expect(concentration.topTenthShare).toBeNull();
  // The units are named: what their hidden attendances add up to is never a small count.
  const { budgets } = report;
  if (budgets.total.attendances !== null) {
    const shown = budgets.rows.reduce((all, row) => all + (row.attendances ?? 0), 0);
    expect(small(budgets.total.attendances - shown), `${label} budgets' hidden attendances`).toBe(false);
  }
}

describe('the term report: small groups, spreadsheets and names', () => {
  const ctx = useTestApp();
  let world: Awaited<ReturnType<typeof buildReportWorld>>;
  const cookies: Record<string, string> = {};
  const get = (url: string, reader: string) =>
    ctx.app.inject({ method: 'GET', url, headers: { cookie: cookies[reader]! } });
  const reportOf = async (reader: string, query: string) => {
    const response = await get(`/api/reports/term?${query}`, reader);
    expect(response.statusCode, response.body).toBe(200);
    return { report: response.json() as TermReport, text: response.body };
  };
  const csvOf = async (reader: string, chart: string, query = 'tenure=2025-2026') => {
    const response = await get(`/api/reports/term/export?chart=${chart}&${query}`, reader);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    // Read as a spreadsheet program reads it: a line break outside quotes would end the row.
    const records = parse(response.body, {
      bom: true,
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: false,
    }) as string[][];
    return { records, text: response.body };
  };

  beforeAll(async () => {
    world = await buildReportWorld(ctx.db);
    // Two more clubs of the cultural council, named as a careless or hostile hand would name them.
    const [formula, broken] = await ctx.db
      .insert(S.orgUnits)
      .values(
        [FORMULA, BROKEN].map((name) => ({
          name,
          type: 'club' as const,
          parentId: world.units.cultural!.id,
        })),
      )
      .returning();
    for (const [unit, amount] of [
      [formula!, 6000],
      [broken!, 7000],
    ] as const) {
      const [line] = rowsOf<{ id: string }>(
        await ctx.db.execute(sql`insert into budget_lines (tenure_year, unit_id, heading)
          values ('2025-2026', ${unit.id}::uuid, null) returning id`),
      );
      await ctx.db.execute(sql`insert into budget_entries (line_id, kind, amount, reason)
        values (${line!.id}::uuid, 'allocation', ${amount}, 'Budget')`);
    }
    // The formula club's evening: five seats, all five checked in (9, 10, 11, 19, 20).
    const start = new Date('2026-01-20T13:30:00Z');
    const schedule = { scheduleStart: start, scheduleEnd: new Date('2026-01-20T16:30:00Z') };
    const [event] = await ctx.db
      .insert(S.events)
      .values({
        title: 'Open Mic',
        category: 'cultural',
        organizingUnitId: formula!.id,
        ...schedule,
        status: 'completed',
      })
      .returning();
    await ctx.db.insert(S.eventRegistrations).values(
      [9, 10, 11, 19, 20].map((n) => ({
        eventId: event!.id,
        userId: world.students[n - 1]!.id,
        status: 'confirmed' as const,
        confirmedAt: start,
        checkedInAt: start,
      })),
    );
    const readers: [string, Role, string | null][] = [
      ['president', 'PRESIDENT', null],
      ['tech', 'GENSEC_SCITECH', null],
      ['cultural', 'GENSEC_CULTURAL', null],
      ['coordinator', 'CLUB_COORDINATOR', world.units.robotics!.id],
    ];
    for (const [key, role, clubUnitId] of readers)
      cookies[key] = await signInAs(ctx, await createUser(ctx.db, { role, clubUnitId }));
  });

  it('never gives a count of 1 to 4, nor lets one be worked out, for any reader or period', async () => {
    const periods = [
      'tenure=2025-2026',
      'tenure=2026-2027',
      'from=2026-01-01&to=2026-07-15',
      'from=2025-07-01&to=2025-07-01',
    ];
    for (const reader of Object.keys(cookies))
      for (const period of periods) {
        const { report } = await reportOf(reader, period);
        expectNoSmallFigure(report, `${reader} ${period}`);
        expectNoDerivableFigure(report, `${reader} ${period}`);
      }
  });

  it('hides small groups by name, shows zero as zero, and keeps the figures that rest on them empty', async () => {
    const { report } = await reportOf('president', 'tenure=2025-2026');
    // 2025 has 3 students (32-34) and 'Not given' 2 (35, 36): neither is named.
    expect(report.reach.byBatch.map((row) => row.group)).not.toContain('2025');
    expect(report.reach.byBatch.map((row) => row.group)).not.toContain('Not given');
    const units = Object.fromEntries(report.budgets.rows.map((row) => [row.unit, row]));
    // 4 attended the AI Club's event: fewer than 5, and no cost per attendee; the council's own
    // events: none, shown as 0.
    expect([units['AI Club']!.attendances, units['AI Club']!.costPerAttendee]).toEqual([null, null]);
    expect(units['Science & Technology Council']!.attendances).toBe(0);
    // Open Mic: 5 seats, 5 in, nobody away: a rate of 0, shown by name.
    const openMic = report.events.byClub.find((row) => row.group === FORMULA);
    expect(openMic).toMatchObject({
      events: 1,
      registrations: 5,
      attended: 5,
      noShows: 0,
      noShowRate: 0,
    });
    // Three voted for the Dance Lead.
    const lead = report.elections.find((row) => row.post === 'Dance Lead');
    expect(lead).toMatchObject({ eligible: 9, voted: null, turnout: null });
    // The cultural council's feedback: 5 given, 2 resolved: no share, no times.
    const cultural = (await reportOf('cultural', 'tenure=2025-2026')).report.feedback.total;
    expect(cultural).toMatchObject({ received: 5, resolved: null, resolvedShare: null, p50Hours: null });
    // One day: the Midnight Drone Demo's one no-show, and the rate on it.
    const day = (await reportOf('president', 'from=2025-07-01&to=2025-07-01')).report.events.total;
    expect(day).toMatchObject({ registrations: 6, attended: 5, noShows: null, noShowRate: null });
  });

  it('writes "fewer than 5" in the CSV files, never a count of 1 to 4', async () => {
    for (const chart of CHARTS) {
      const { records } = await csvOf('president', chart);
      const [header, ...rows] = records;
      const people = header!.flatMap((name, i) => (PEOPLE_COLUMN.test(name) ? [i] : []));
      expect(people.length, `${chart}: a column counting people`).toBeGreaterThan(0);
      for (const row of rows)
        for (const i of people)
          expect(row[i], `${chart}: ${header![i]} of ${row[0]}`).not.toMatch(/^[1-4]$/);
    }
    const rowOf = async (chart: string, name: string) =>
      (await csvOf('president', chart)).records.find((row) => row.includes(name));
    // The AI Club's 4 attendances, the Dance Lead's 3 voters, the position records' few items.
    expect(await rowOf('budgets', 'AI Club')).toContain(FEWER);
    expect(await rowOf('elections', 'Dance Lead')).toContain(FEWER);
    expect(await rowOf('reviews', 'Position records')).toContain(FEWER);
    // The file shows the page's rows: no small group by name.
    const reach = (await csvOf('president', 'reach')).records.flat();
    for (const group of ['2025', 'MSc', 'PhD', 'Gopad', 'Kanhar', 'None', 'Not given'])
      expect(reach, group).not.toContain(group);
    const clubs = (await csvOf('president', 'events-by-club')).records.flat();
    for (const club of ['AI Club', 'Dance Club']) expect(clubs, club).not.toContain(club);
    const cultural = (await csvOf('cultural', 'feedback')).records;
    expect(cultural.find((row) => row.includes(OTHER))).toContain(FEWER);
  });

  it('keeps a unit named like a formula or across lines harmless and whole in the CSV files', async () => {
    const { report } = await reportOf('president', 'tenure=2025-2026');
    expect(report.budgets.rows.map((row) => row.unit)).toEqual(
      expect.arrayContaining([FORMULA, BROKEN]),
    );
    for (const chart of ['budgets', 'events-by-club']) {
      const { records } = await csvOf('president', chart);
      const cells = records.flat();
      expect(cells, chart).toContain(`'${FORMULA}`);
      for (const cell of cells)
        for (const line of cell.split(/\r\n|\r|\n/)) expect(line, chart).not.toMatch(/^[=+@]/);
    }
    expect((await csvOf('president', 'budgets')).records.flat()).toContain("Folk\n'=Band");
  });

  it('names no student in the report or its files', async () => {
    // One at a time, as the page asks: the report answers a few readers at once, and "busy" to more.
    const texts: string[] = [];
    for (const reader of Object.keys(cookies))
      texts.push((await reportOf(reader, 'tenure=2025-2026')).text);
    for (const chart of CHARTS) texts.push((await csvOf('president', chart)).text);
    for (const text of texts)
      for (const student of world.students)
        for (const trace of [
          student.name,
          student.email,
          student.username,
          student.id,
          student.studentId!,
        ])
          expect(text.includes(trace), `${trace} in ${text.slice(0, 80)}`).toBe(false);
  });
});
