import type { ReportChart, ReportQuery, TermReport } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { fewAtOnce } from '../../lib/few-at-once';
import { eventsOf } from './events.read';
import { feedbackOf, reviewsOf } from './feedback-reviews.read';
import { budgetsOf, turnoutOf } from './money-votes.read';
import { reachOf } from './reach.read';
import { boundsOf, periodOf, scopeOf, type Period, type Reader, type Scope } from './report-scope';
import { reportTable, type ReportTable } from './report-tables';

/** What the report reads the institute by: its clock and its name. */
export type ReportSettings = { timeZone: string; instituteName: string };

/**
 * A report holds the embedded database's one connection for about half a second at campus scale:
 * two at once in a process, more answered 503 at once, so that a burst of them (or of ranges made
 * up to miss the shared answers) cannot hold every other page of the portal behind it.
 */
const twoAtOnce = fewAtOnce(2, 'The term report is busy. Try again in a few seconds.');
/** The reports being computed, per database by scope and period: a request for one of them waits for that answer. */
const computingIn = new WeakMap<Database, Map<string, Promise<TermReport>>>();

/**
 * GET /api/reports/term (decision 0044): the term report of the period the query names, within the
 * reader's scope, computed from the records now; every count of 1 to 4 people suppressed. Readers
 * asking for the same scope and period at the same moment share one computation.
 */
export async function termReport(
  db: Database,
  reader: Reader,
  query: ReportQuery,
  settings: ReportSettings,
  now = new Date(),
): Promise<TermReport> {
  const scope = await scopeOf(db, reader, settings.instituteName);
  const period = periodOf(query, settings.timeZone, now);
  const key = [scope.kind, scope.reviewType, scope.clubId, period.from, period.to, period.tenure].join(
    ' ',
  );
  const inFlight = computingIn.get(db) ?? new Map<string, Promise<TermReport>>();
  computingIn.set(db, inFlight);
  const going = inFlight.get(key);
  if (going) return going;
  const computing = twoAtOnce(() => computeReport(db, scope, period, settings, now));
  inFlight.set(key, computing);
  try {
    return await computing;
  } finally {
    inFlight.delete(key);
  }
}

async function computeReport(
  db: Database,
  scope: Scope,
  period: Period,
  settings: ReportSettings,
  now: Date,
): Promise<TermReport> {
  const bounds = boundsOf(period, settings.timeZone);
  const [reach, events, feedback, reviews, budgets, elections] = await Promise.all([
    reachOf(db, scope, period, bounds),
    eventsOf(db, scope, bounds),
    feedbackOf(db, scope, bounds),
    reviewsOf(db, scope, bounds),
    budgetsOf(db, scope, period, bounds),
    turnoutOf(db, scope, bounds),
  ]);
  return {
    period: { tenure: period.tenure, from: period.from, to: period.to },
    scope: { kind: scope.kind, name: scope.name },
    generatedAt: now.toISOString(),
    ...reach,
    events,
    feedback,
    reviews,
    budgets,
    elections,
  };
}

/** GET /api/reports/term/export: one chart's table of the report, and the file's name. */
export async function termReportTable(
  db: Database,
  reader: Reader,
  query: ReportQuery & { chart: ReportChart },
  settings: ReportSettings,
): Promise<{ name: string; table: ReportTable }> {
  const report = await termReport(db, reader, query, settings);
  const period = report.period.tenure ?? `${report.period.from}-to-${report.period.to}`;
  return { name: `term-report-${query.chart}-${period}`, table: reportTable(report, query.chart) };
}
