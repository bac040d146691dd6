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
/** How long a computed report is served again to readers of its scope and period ("Figures as of" says when). */
const KEPT_MS = 60_000;
/** The reports computed in the last minute, per database by scope and period; at most KEPT_MOST of them. */
const keptIn = new WeakMap<Database, Map<string, { until: number; report: TermReport }>>();
const KEPT_MOST = 200;

function keptReports(db: Database) {
  const kept = keptIn.get(db) ?? new Map<string, { until: number; report: TermReport }>();
  keptIn.set(db, kept);
  return kept;
}

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
  options: { now?: Date; beforeComputing?: () => Promise<unknown> } = {},
): Promise<TermReport> {
  const now = options.now ?? new Date();
  const scope = await scopeOf(db, reader, settings.instituteName);
  const period = periodOf(query, settings.timeZone, now);
  const key = [
    scope.kind,
    scope.reviewType,
    scope.clubId,
    scope.personalDetails,
    period.from,
    period.to,
    period.tenure,
  ].join(' ');
  const inFlight = computingIn.get(db) ?? new Map<string, Promise<TermReport>>();
  computingIn.set(db, inFlight);
  const going = inFlight.get(key);
  if (going) return going;
  const kept = keptReports(db);
  const found = kept.get(key);
  if (found && found.until > now.getTime()) return found.report;
  // Only a report to compute counts against the reader's limit (a 429 past it); readers who come
  // meanwhile wait for the same answer.
  const computing = (async () => {
    await options.beforeComputing?.();
    return twoAtOnce(() => computeReport(db, scope, period, settings, now));
  })();
  inFlight.set(key, computing);
  try {
    const report = await computing;
    for (const [stored, entry] of kept) if (entry.until <= now.getTime()) kept.delete(stored);
    if (kept.size >= KEPT_MOST) kept.delete(kept.keys().next().value!);
    kept.set(key, { until: now.getTime() + KEPT_MS, report });
    return report;
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
  const [reach, events, feedback, reviews, elections] = await Promise.all([
    reachOf(db, scope, period, bounds),
    eventsOf(db, scope, bounds),
    feedbackOf(db, scope, bounds),
    reviewsOf(db, scope, bounds),
    turnoutOf(db, scope, bounds),
  ]);
  // After the events: a unit's attendances are hidden where the events hide its club.
  const budgets = await budgetsOf(db, scope, period, bounds, events);
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
  beforeComputing?: () => Promise<unknown>,
): Promise<{ name: string; table: ReportTable }> {
  const report = await termReport(db, reader, query, settings, { beforeComputing });
  const period = report.period.tenure ?? `${report.period.from}-to-${report.period.to}`;
  return { name: `term-report-${query.chart}-${period}`, table: reportTable(report, query.chart) };
}
