import type { Scenario } from './scenarios';
import { CLUB_SCENARIOS } from './scenarios-clubs';
import { EVENT_SCENARIOS } from './scenarios-events';
import { REPORT_SCENARIOS } from './scenarios-reports';

/**
 * Club money at 500 clubs and 20,000 claims (money-data.ts): the budgets of every council and club
 * as the president sees them, a council's as its secretary does, and the claims' lists.
 */
const MONEY_SCENARIOS: Scenario[] = [
  {
    name: 'GET /api/money/budgets (the president: every unit)',
    path: '/api/money/budgets',
    as: 'PRESIDENT',
  },
  { name: 'GET /api/money/budgets (a council)', path: '/api/money/budgets', as: 'GENSEC_SCITECH' },
  { name: 'GET /api/money/claims (the president)', path: '/api/money/claims', as: 'PRESIDENT' },
  {
    name: 'GET /api/money/claims?mine=awaiting (a council)',
    path: '/api/money/claims?mine=awaiting',
    as: 'GENSEC_SCITECH',
  },
  {
    name: 'GET /api/money/claims?q=vendor&status=paid (the president)',
    path: '/api/money/claims?q=vendor%2012&status=paid',
    as: 'PRESIDENT',
  },
];

/** Campus life: events, clubs and their money, in that order, and the term report over them. */
export const CAMPUS_LIFE_SCENARIOS: Scenario[] = [
  ...EVENT_SCENARIOS,
  ...CLUB_SCENARIOS,
  ...MONEY_SCENARIOS,
  ...REPORT_SCENARIOS,
];
