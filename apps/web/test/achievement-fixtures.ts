import { screen, within } from '@testing-library/react';
import type { Achievement, AchievementList } from '@cosa/contracts';
import { listPage } from './list-page';
import { makeUser, type stubApi } from './render-app';

// What the /view-achievements test files share: data typed by hand, the API stubbed, steps.

// The first render of a lazy page in a file is cold; the query that waits for it waits longer.
export const firstRender = { timeout: 10_000 };
export const session = { body: { user: makeUser() } };

export function achievement(overrides: Partial<Achievement>): Achievement {
  return {
    id: '00000000-0000-4000-8000-0000000000a0',
    achievementCode: 'ACH-0000',
    title: 'Untitled',
    description: null,
    category: null,
    type: 'other',
    level: null,
    event: null,
    dateAchieved: '2025-01-01',
    position: null,
    certificateUrl: null,
    verified: false,
    verifiedBy: null,
    verifiedAt: null,
    declineReason: null,
    version: 1,
    history: [],
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export const hackathon = achievement({
  id: '00000000-0000-4000-8000-0000000000a1',
  achievementCode: 'ACH-0001',
  title: 'Smart India Hackathon',
  description: 'Built a campus navigation app.',
  category: 'Hackathon',
  type: 'technical',
  level: 'national',
  event: {
    id: '00000000-0000-4000-8000-0000000000f1',
    title: 'Smart India Hackathon 2025',
    description: null,
  },
  dateAchieved: '2025-03-05',
  position: 'Winner',
  certificateUrl: 'https://certificates.example.org/sih-2025.pdf',
  verified: true,
  verifiedBy: { name: 'Ishita Reddy' },
  verifiedAt: '2025-03-10T05:00:00.000Z',
  // 10:00 on 6 March in Asia/Kolkata
  createdAt: '2025-03-06T04:30:00.000Z',
});
export const debate = achievement({
  id: '00000000-0000-4000-8000-0000000000a2',
  achievementCode: 'ACH-0002',
  title: 'Inter-college debate',
  category: 'Debate',
  type: 'cultural',
  level: 'college',
  dateAchieved: '2024-11-20',
  certificateUrl: 'javascript:alert(1)',
  // 00:15 on 22 November in Asia/Kolkata, still the 21st in UTC
  createdAt: '2024-11-21T18:45:00.000Z',
});
export const chess = achievement({
  id: '00000000-0000-4000-8000-0000000000a3',
  achievementCode: 'ACH-0003',
  title: 'Chess Olympiad',
  category: 'Olympiad',
  type: 'sports',
  level: 'international',
  certificateUrl: 'ftp://files.example.org/chess.pdf',
});

export function page(
  items: Achievement[],
  totals: Partial<AchievementList> = {},
): { body: AchievementList } {
  return listPage(items, {
    facets: {
      categories: ['Debate', 'Hackathon', 'Olympiad'],
      levels: ['college', 'international', 'national'],
    },
    ...totals,
  });
}

/** The query strings of the list requests sent so far, oldest first. */
export function listRequests(fetchMock: ReturnType<typeof stubApi>): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/me/achievements')
    .map((url) => url.searchParams);
}

export const lastRequest = (fetchMock: ReturnType<typeof stubApi>) =>
  Object.fromEntries(listRequests(fetchMock).at(-1) ?? []);
export const card = (title: string) =>
  within(screen.getByRole('heading', { name: title }).closest('article')!);
