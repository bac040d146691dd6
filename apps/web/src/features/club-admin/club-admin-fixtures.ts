import type { ClubBundle, ClubPage, ClubTag, JoinRequest, RosterEntry } from '@cosa/contracts';
import { makeUser } from '../../../test/render-app';

// Test data for the coordinator's club pages and the administrator's tag list, typed by hand.

export const CLUB_ID = '00000000-0000-4000-8000-0000000000c1';
export const firstRender = { timeout: 10_000 };

export const coordinator = {
  body: { user: makeUser({ role: 'CLUB_COORDINATOR', name: 'Sneha Kulkarni', username: 'sneha' }) },
};
export const admin = {
  body: { user: makeUser({ role: 'ADMIN', name: 'Priya Venkatesh', studentId: null }) },
};

export const TAG_AI = '00000000-0000-4000-8000-0000000000a1';
const TAG_WEB = '00000000-0000-4000-8000-0000000000a2';
export const TAG_CP = '00000000-0000-4000-8000-0000000000a3';
export const TAG_ROBOTS = '00000000-0000-4000-8000-0000000000a4';
const TAG_GAMES = '00000000-0000-4000-8000-0000000000a5';

export const tags: ClubTag[] = [
  { id: TAG_AI, name: 'AI', clubCount: 2 },
  { id: TAG_CP, name: 'Competitive programming', clubCount: 1 },
  { id: TAG_GAMES, name: 'Games', clubCount: 0 },
  { id: TAG_ROBOTS, name: 'Robotics', clubCount: 3 },
  { id: TAG_WEB, name: 'Web', clubCount: 1 },
];

/** The Coding Club's page as its coordinator reads it. */
export function clubPage(
  overrides: Partial<Omit<ClubPage, 'viewer'>> & { viewer?: Partial<ClubPage['viewer']> } = {},
): ClubPage {
  const { viewer, ...rest } = overrides;
  return {
    id: CLUB_ID,
    slug: 'coding-club',
    name: 'Coding Club',
    kind: 'club',
    council: { id: '00000000-0000-4000-8000-0000000000b1', name: 'Science and Technology Council' },
    category: 'technical',
    summary: 'We write code together.',
    tags: ['Competitive programming'],
    tagIds: [TAG_CP],
    logoUrl: null,
    memberCount: 12,
    upcomingEvents: [],
    upcomingEventCount: 0,
    recruiting: false,
    following: false,
    member: false,
    tagline: 'We write code together.',
    description: 'The programming club.',
    about: 'Weekly contests and workshops.',
    contact: 'coding@iitbhilai.ac.in',
    contactEmail: 'coding@iitbhilai.ac.in',
    howToJoin: null,
    bannerUrl: null,
    joinQuestion: null,
    officeBearers: [],
    pastEvents: [],
    announcements: [],
    viewer: {
      membership: null,
      pendingRequest: null,
      invitation: null,
      canAsk: false,
      canFollow: true,
      canEdit: true,
      ...viewer,
    },
    ...rest,
  };
}

/** The /api/clubs/mine answer of the coordinator of the Coding Club. */
export const myClub: { club: ClubBundle } = {
  club: {
    unit: {
      id: CLUB_ID,
      unitCode: 'UNIT-0003',
      pageSlug: null,
      name: 'Coding Club',
      description: 'The programming club.',
      category: 'technical',
      contactEmail: 'coding@iitbhilai.ac.in',
      budgetAllocated: 0,
      budgetSpent: 0,
      budgetTenure: '2026-2027',
    },
    stats: {
      activeMembers: 2,
      totalEvents: 0,
      upcomingEvents: 0,
      pendingReviews: { achievements: 0, userSkills: 0, positions: 0, total: 0 },
    },
    recentEvents: [],
    pendingAchievements: [],
    feedback: { items: [], total: 0 },
  },
};

export const REQUEST_ID = '00000000-0000-4000-8000-0000000000d1';

export function joinRequest(overrides: Partial<JoinRequest> = {}): JoinRequest {
  return {
    id: REQUEST_ID,
    kind: 'request',
    status: 'pending',
    club: { id: CLUB_ID, name: 'Coding Club' },
    student: { id: '00000000-0000-4000-8000-0000000000e1', name: 'Kabir Singh', studentId: '12340007' },
    question: 'Which languages do you write?',
    answer: 'C++ and Python.',
    reason: null,
    createdAt: '2026-01-05T10:00:00.000Z',
    decidedAt: null,
    ...overrides,
  };
}

export const MEMBERSHIP_ID = '00000000-0000-4000-8000-0000000000f1';

export function rosterEntry(overrides: Partial<RosterEntry> = {}): RosterEntry {
  return {
    id: MEMBERSHIP_ID,
    student: { id: '00000000-0000-4000-8000-0000000000e2', name: 'Meera Nair', studentId: '12340009' },
    role: 'Member',
    offices: [],
    startedAt: '2025-08-04T10:00:00.000Z',
    endedAt: null,
    endReason: null,
    ...overrides,
  };
}

/** One page of the roster holding `items`. */
export const rosterPage = (items: RosterEntry[]) => ({
  body: { items, total: items.length, overall: items.length, page: 1, pageSize: 20 },
});

/** The query strings sent to an API path, oldest first. */
export function queriesTo(fetchMock: { mock: { calls: unknown[][] } }, path: string) {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === path)
    .map((url) => Object.fromEntries(url.searchParams));
}
