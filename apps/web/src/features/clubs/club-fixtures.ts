import type { ClubCard, ClubDirectory, ClubPage } from '@cosa/contracts';

// Test data for the clubs pages, typed by hand.

export const CODING_ID = '00000000-0000-4000-8000-0000000000c1';
const MUSIC_ID = '00000000-0000-4000-8000-0000000000c2';
export const SCITECH_ID = '00000000-0000-4000-8000-0000000000b1';
export const CULTURAL_ID = '00000000-0000-4000-8000-0000000000b2';
export const INVITATION_ID = '00000000-0000-4000-8000-0000000000a1';
export const HACK_NIGHT_ID = '00000000-0000-4000-8000-0000000000e1';
export const SNEHA_ID = '00000000-0000-4000-8000-000000000007';

/** The Coding Club as the directory lists it: recruiting, with three events coming. */
export function codingCard(overrides: Partial<ClubCard> = {}): ClubCard {
  return {
    id: CODING_ID,
    slug: 'coding-club',
    name: 'Coding Club',
    kind: 'club',
    council: { id: SCITECH_ID, name: 'Science and Technology Council' },
    category: 'technical',
    summary: 'Competitive programming and the annual hackathon.',
    tags: ['Algorithms', 'Web development'],
    logoUrl: null,
    memberCount: 42,
    upcomingEvents: [
      // 18:30 on 1 December 2026 in Asia/Kolkata
      { id: HACK_NIGHT_ID, title: 'Hack Night', startsAt: '2026-12-01T13:00:00.000Z', venue: 'Lab 2' },
      { id: '00000000-0000-4000-8000-0000000000e2', title: 'Contest 12', startsAt: null, venue: null },
    ],
    upcomingEventCount: 3,
    recruiting: true,
    following: false,
    member: false,
    ...overrides,
  };
}

/** The Music Club: not recruiting, one member, no events, with a logo. */
export function musicCard(overrides: Partial<ClubCard> = {}): ClubCard {
  return {
    id: MUSIC_ID,
    slug: 'music-club',
    name: 'Music Club',
    kind: 'club',
    council: { id: CULTURAL_ID, name: 'Cultural Council' },
    category: 'cultural',
    summary: null,
    tags: [],
    logoUrl: '/api/club-images/00000000-0000-4000-8000-0000000000f1',
    memberCount: 1,
    upcomingEvents: [],
    upcomingEventCount: 0,
    recruiting: false,
    following: true,
    member: true,
    ...overrides,
  };
}

export function directory(clubs: ClubCard[], overrides: Partial<ClubDirectory> = {}) {
  return {
    body: {
      clubs,
      total: clubs.length,
      page: 1,
      pageSize: 24,
      councils: [
        { id: CULTURAL_ID, name: 'Cultural Council' },
        { id: SCITECH_ID, name: 'Science and Technology Council' },
      ],
      categories: ['cultural', 'technical'],
      ...overrides,
    } satisfies ClubDirectory,
  };
}

type Viewer = Partial<ClubPage['viewer']>;

/** The Coding Club's page as a student who has not asked to join sees it. */
export function codingPage(overrides: Partial<ClubPage> = {}, viewer: Viewer = {}): ClubPage {
  return {
    ...codingCard(),
    tagIds: ['00000000-0000-4000-8000-0000000000d1'],
    tagline: 'Code every week.',
    description: 'The coding club of the institute.',
    about: 'Weekly problem-solving sessions for every year.',
    contact: 'Room 204, Academic Block',
    contactEmail: 'codingclub@iitbhilai.ac.in',
    howToJoin: 'Ask to join and answer our question.',
    bannerUrl: null,
    joinQuestion: 'Which languages do you code in?',
    officeBearers: [
      { userId: SNEHA_ID, name: 'Sneha Kulkarni', title: 'Club Coordinator', photoUrl: null },
    ],
    pastEvents: [
      // 10:00 on 5 March 2026 in Asia/Kolkata
      {
        id: '00000000-0000-4000-8000-0000000000e9',
        title: 'Intro to Git',
        startsAt: '2026-03-05T04:30:00.000Z',
        venue: 'LH 1',
      },
    ],
    announcements: [],
    ...overrides,
    viewer: {
      membership: null,
      pendingRequest: null,
      invitation: null,
      canAsk: true,
      canFollow: true,
      canEdit: false,
      ...viewer,
    },
  };
}

export const clubPageReply = (page: ClubPage) => ({ body: { page } });
