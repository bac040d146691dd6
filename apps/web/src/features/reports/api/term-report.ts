import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { TermReportSchema, type ReportChart, type ReportExportQuery } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { periodQuery, type ReportPeriod } from '../report-period';

/*
 * The report's API addresses live with the feature rather than in lib/api-paths.ts, which every
 * signed-in page loads: only this page needs them.
 */
const termReportPath = '/api/reports/term';
const termReportExportPath = '/api/reports/term/export';

/** GET /api/reports/term: the whole report of the period, within the reader's scope. */
export function useTermReport(period: ReportPeriod) {
  return useQuery({
    queryKey: ['reports', 'term', period],
    queryFn: ({ signal }) =>
      api.get(`${termReportPath}?${periodQuery(period)}`, { schema: TermReportSchema, signal }),
    // The last report stays in view, marked busy, while the next period's loads.
    placeholderData: keepPreviousData,
  });
}

/** GET /api/reports/term/export: one chart's table as a CSV file, for the same period. */
export function reportExportHref(chart: ReportChart, period: ReportPeriod): string {
  const query: ReportExportQuery = { chart, ...period };
  return `${termReportExportPath}?${new URLSearchParams(query).toString()}`;
}
