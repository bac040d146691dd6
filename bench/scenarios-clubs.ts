import type { Scenario } from './scenarios';

/**
 * Finding clubs (BENCH_CLUBS clubs, 500 by default, club-data.ts): the directory whole, searched
 * with a misspelt tag and a name with a filter, one club's page, and the roster of a club of 2,000
 * current members paged, searched and at its last page.
 */
export const CLUB_SCENARIOS: Scenario[] = [
  { name: 'GET /api/clubs', path: '/api/clubs', signedIn: true },
  { name: 'GET /api/clubs?q=robtics', path: '/api/clubs?q=robtics', signedIn: true },
  {
    name: 'GET /api/clubs?q=society&category=cultural',
    path: '/api/clubs?q=society&category=cultural',
    signedIn: true,
  },
  {
    name: 'GET /api/clubs/by-slug/:slug',
    path: (i) => `/api/clubs/by-slug/${i.clubSlug}`,
    signedIn: true,
  },
  {
    name: 'GET /api/clubs/:id/members (2,000 members, first page)',
    path: (i) => `/api/clubs/${i.clubId}/members`,
    as: 'PRESIDENT',
  },
  {
    name: 'GET /api/clubs/:id/members?page=100 (the last page)',
    path: (i) => `/api/clubs/${i.clubId}/members?page=100`,
    as: 'PRESIDENT',
  },
  {
    name: 'GET /api/clubs/:id/members?q=sha&status=all',
    path: (i) => `/api/clubs/${i.clubId}/members?q=sha&status=all`,
    as: 'PRESIDENT',
  },
];
