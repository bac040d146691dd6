import type { Scenario } from './scenarios';

/** The first and last day of the year before today, as the report's range asks for them. */
const lastYear = () => {
  const today = new Date(Date.now() + 5.5 * 3_600_000);
  const from = new Date(today.getTime() - 365 * 86_400_000);
  return `from=${from.toISOString().slice(0, 10)}&to=${today.toISOString().slice(0, 10)}`;
};

/**
 * The term report (decision 0044): the whole report in one request for the current tenure and for
 * the year before today (every past event of the campus), as the president, a council's secretary
 * and a club's coordinator read it, and one chart's CSV.
 */
export const REPORT_SCENARIOS: Scenario[] = [
  {
    name: 'GET /api/reports/term (the president, this tenure)',
    path: '/api/reports/term',
    as: 'PRESIDENT',
  },
  {
    name: 'GET /api/reports/term?from=&to= (the president, the last 365 days)',
    path: () => `/api/reports/term?${lastYear()}`,
    as: 'PRESIDENT',
  },
  {
    name: 'GET /api/reports/term (a council, the last 365 days)',
    path: () => `/api/reports/term?${lastYear()}`,
    as: 'GENSEC_SCITECH',
  },
  {
    name: 'GET /api/reports/term (a club, the last 365 days)',
    path: () => `/api/reports/term?${lastYear()}`,
    as: 'CLUB_COORDINATOR',
  },
  {
    name: 'GET /api/reports/term/export?chart=reach (the president)',
    path: () => `/api/reports/term/export?chart=reach&${lastYear()}`,
    as: 'PRESIDENT',
  },
];
