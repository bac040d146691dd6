import { TAGS } from './club-data';
import type { Scenario } from './scenarios';

/**
 * Tags misspelt, each a letter dropped ('robtics'), at five page sizes: over a thousand searches
 * that differ, so none is answered from a page the server kept.
 */
const misspeltSearches = (): string[] =>
  TAGS.filter((tag) => tag.length >= 6)
    .flatMap((tag) => [...tag.toLowerCase()].map((_, at, letters) => letters.toSpliced(at, 1).join('')))
    .flatMap((word) =>
      [20, 21, 22, 23, 24].map((size) => `/api/clubs?q=${encodeURIComponent(word)}&pageSize=${size}`),
    );

/** Two letters of a name ('aa' to 'zz') at two page sizes: 1,352 roster searches that differ. */
const rosterSearches = (clubId: string): string[] =>
  [...'abcdefghijklmnopqrstuvwxyz'].flatMap((first) =>
    [...'abcdefghijklmnopqrstuvwxyz'].flatMap((second) =>
      [20, 19].map(
        (size) => `/api/clubs/${clubId}/members?q=${first}${second}&status=all&pageSize=${size}`,
      ),
    ),
  );

/**
 * Finding clubs (BENCH_CLUBS clubs, 500 by default, club-data.ts): the directory whole, searched
 * with a misspelt tag and a name with a filter, one club's page, and the roster of a club of 2,000
 * current members paged, searched and at its last page.
 */
export const CLUB_SCENARIOS: Scenario[] = [
  { name: 'GET /api/clubs', path: '/api/clubs', signedIn: true },
  { name: 'GET /api/clubs?q=robtics', path: '/api/clubs?q=robtics', signedIn: true },
  {
    name: 'GET /api/clubs?q= (a new misspelt tag each request, none kept)',
    path: '/api/clubs?q=robtics',
    paths: misspeltSearches,
    signedIn: true,
  },
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
  {
    name: 'GET /api/clubs/:id/members?q= (a new search each request, none kept)',
    path: (i) => `/api/clubs/${i.clubId}/members?q=sh&status=all`,
    paths: (i) => rosterSearches(i.clubId),
    as: 'PRESIDENT',
  },
];
