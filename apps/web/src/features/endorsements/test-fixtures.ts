import type {
  ACHIEVEMENT_TYPES,
  PendingAchievement,
  PendingSkill,
  PendingUserSkill,
  ReviewOutcome,
} from '@cosa/contracts';
import { makeUser, type stubApi } from '../../../test/render-app';

/** Pending items and answers of the endorsement panel's tests, typed by hand. */

export const firstRender = { timeout: 10_000 };

export const gensecSession = {
  body: { user: makeUser({ role: 'GENSEC_CULTURAL', name: 'Ishita Reddy', username: 'ishita' }) },
};
export const presidentSession = {
  body: { user: makeUser({ role: 'PRESIDENT', name: 'Rohan Mehta', username: 'rohan' }) },
};

const asha = {
  id: '00000000-0000-4000-8000-000000000011',
  name: 'Asha Verma',
  username: 'asha',
  studentId: '12340001',
};
const kabir = {
  id: '00000000-0000-4000-8000-000000000012',
  name: 'Kabir Singh',
  username: 'kabir',
  studentId: null,
};

export const guitarClaim: PendingUserSkill = {
  id: '00000000-0000-4000-8000-0000000000b1',
  student: asha,
  skill: {
    id: '00000000-0000-4000-8000-0000000000a1',
    name: 'Guitar',
    category: 'Music',
    type: 'cultural',
  },
  proficiencyLevel: 'advanced',
  position: { id: '00000000-0000-4000-8000-0000000000c1', title: 'Music Club Coordinator' },
  // 14:30 on 10 March 2025 in Asia/Kolkata
  createdAt: '2025-03-10T09:00:00.000Z',
};

export const kathakClaim: PendingUserSkill = {
  id: '00000000-0000-4000-8000-0000000000b2',
  student: kabir,
  skill: {
    id: '00000000-0000-4000-8000-0000000000a2',
    name: 'Kathak',
    category: 'Dance',
    type: 'cultural',
  },
  proficiencyLevel: 'beginner',
  position: null,
  createdAt: '2025-03-11T04:30:00.000Z',
};

export const beatboxSkill: PendingSkill = {
  id: '00000000-0000-4000-8000-0000000000d1',
  skillCode: 'SKL-0042',
  name: 'Beatboxing',
  category: 'Music',
  type: 'cultural',
  description: 'Vocal percussion.',
  submittedBy: asha,
  // 00:15 on 22 November 2024 in Asia/Kolkata
  createdAt: '2024-11-21T18:45:00.000Z',
};

export const debateWin: PendingAchievement = {
  id: '00000000-0000-4000-8000-0000000000e1',
  achievementCode: 'ACH-0007',
  student: asha,
  title: 'Inter-college debate',
  description: 'Won the final on climate policy.',
  category: 'Debate',
  type: 'cultural',
  level: 'national',
  event: { id: '00000000-0000-4000-8000-0000000000f1', title: 'Spandan 2025' },
  dateAchieved: '2025-02-14',
  position: 'Winner',
  certificateUrl: 'https://certificates.example.org/debate.pdf',
  version: 1,
  createdAt: '2025-02-20T06:00:00.000Z',
};

type Kind = 'user-skills' | 'skills' | 'achievements';
type ReviewType = (typeof ACHIEVEMENT_TYPES)[number];

/** One page of a pending list as the server answers it. */
export function pendingList<T>(
  items: T[],
  types: ReviewType[] = ['cultural'],
  totals: { total?: number; page?: number } = {},
) {
  const total = totals.total ?? items.length;
  return { body: { items, total, overall: total, page: totals.page ?? 1, pageSize: 20, types } };
}

export const outcome = (
  id: string,
  status: ReviewOutcome['status'] = 'endorsed',
): { body: ReviewOutcome } => ({
  body: { id, status, by: { name: 'Ishita Reddy' }, at: '2025-03-12T05:00:00.000Z', alreadyDone: false },
});

export const failure = (
  status: number,
  code: string,
  message: string,
  fields?: Record<string, string>,
) => ({ status, body: { error: { code, message, ...(fields ? { fields } : {}) } } });

/** The query strings of the list requests of one kind sent so far, oldest first. */
export function listRequests(
  fetchMock: ReturnType<typeof stubApi>,
  kind: Kind,
): Record<string, string>[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === `/api/endorsements/${kind}`)
    .map((url) => Object.fromEntries(url.searchParams));
}

/** How many requests went to a path with a method. */
export function callsTo(fetchMock: ReturnType<typeof stubApi>, method: string, path: string): number {
  return fetchMock.mock.calls.filter(
    ([input, init]) => String(input) === path && (init?.method ?? 'GET').toUpperCase() === method,
  ).length;
}
