import type { AdminSummary, AdminUser, AdminUserDetail } from '@cosa/contracts';
import { makeUser, type stubApi } from './render-app';

// What the /admin and /admin/users test files share: data typed by hand, the API stubbed, steps.

export const firstRender = { timeout: 10_000 };
export const ME = '00000000-0000-4000-8000-00000000ad01';
export const USER_ID = '00000000-0000-4000-8000-0000000000b1';
export const CLUB = { id: '00000000-0000-4000-8000-0000000000c1', name: 'Robotics Club' };
export const session = {
  body: {
    user: makeUser({
      id: ME,
      role: 'ADMIN',
      name: 'Priya Venkatesh',
      studentId: null,
      onboardingComplete: false,
    }),
  },
};

export const user = (overrides: Partial<AdminUser> = {}): AdminUser => ({
  id: USER_ID,
  name: 'Asha Verma',
  email: 'asha@iitbhilai.ac.in',
  username: 'asha',
  studentId: '22000001',
  role: 'STUDENT',
  club: null,
  state: 'active',
  emailVerifiedAt: '2026-01-05T04:30:00.000Z',
  deactivatedAt: null,
  createdAt: '2026-01-01T10:00:00.000Z',
  ...overrides,
});

export const detail = (overrides: Partial<AdminUserDetail> = {}): AdminUserDetail => ({
  ...user(),
  onboardingComplete: true,
  importedAt: null,
  signIn: { password: true, google: false },
  profile: { program: 'B.Tech', branch: 'Physics', batchYear: 2024, currentYear: '2nd' },
  activeSessions: 2,
  lastSignInAt: '2026-03-02T10:00:00.000Z',
  ...overrides,
});

export const summary: AdminSummary = {
  users: {
    byRole: {
      STUDENT: 1200,
      GENSEC_SCITECH: 1,
      GENSEC_ACADEMIC: 1,
      GENSEC_CULTURAL: 0,
      GENSEC_SPORTS: 1,
      PRESIDENT: 1,
      CLUB_COORDINATOR: 7,
      ADMIN: 2,
    },
    total: 1220,
    deactivated: 3,
    unverified: 4,
    unclaimed: 5,
  },
  units: { total: 12, clubs: 9 },
  rooms: 0,
  skills: { total: 40, awaitingReview: 6 },
  auditLastWeek: 17,
  identity: { openCorrections: 3, openIdConflicts: 1 },
};

export const list = (items: AdminUser[], total = items.length, overall = 1220) => ({
  body: { items, total, overall, page: 1, pageSize: 20 },
});
export const userQueries = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/admin/users')
    .map((url) => Object.fromEntries(url.searchParams));
