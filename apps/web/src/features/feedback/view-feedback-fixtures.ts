import type { FeedbackItem, FeedbackList } from '@cosa/contracts';
import { listPage } from '../../../test/list-page';
import { makeUser, type stubApi } from '../../../test/render-app';

/** Test data of the feedback list: items, pages and the requests the page sends. */
export const studentSession = { body: { user: makeUser() } };
export const officialSession = {
  body: {
    user: makeUser({
      id: '00000000-0000-4000-8000-000000000009',
      username: 'ishita',
      name: 'Ishita Reddy',
      role: 'GENSEC_CULTURAL',
      studentId: null,
    }),
  },
};

export function feedbackItem(overrides: Partial<FeedbackItem> = {}): FeedbackItem {
  return {
    id: '70000000-0000-4000-8000-000000000001',
    type: 'Suggestion',
    targetType: 'Event',
    target: { label: 'Spring Fest', detail: null },
    rating: null,
    comments: 'More water stalls, please.',
    isAnonymous: false,
    author: { name: 'Asha Verma', username: 'asha' },
    mine: true,
    createdAt: '2025-03-01T06:00:00.000Z',
    isResolved: false,
    actionsTaken: null,
    resolvedBy: null,
    resolvedAt: null,
    canResolve: false,
    ...overrides,
  };
}

export function feedbackPage(
  items: FeedbackItem[],
  overrides: Partial<FeedbackList> = {},
): { body: FeedbackList } {
  return listPage(items, {
    counts: {
      all: items.length,
      resolved: items.filter((item) => item.isResolved).length,
      unresolved: items.filter((item) => !item.isResolved).length,
    },
    resolver: false,
    ...overrides,
  });
}

/** The query strings of the list requests sent so far, oldest first. */
export function listRequests(fetchMock: ReturnType<typeof stubApi>): Record<string, string>[] {
  return fetchMock.mock.calls
    .filter(([, init]) => (init?.method ?? 'GET').toUpperCase() === 'GET')
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/feedback')
    .map((url) => Object.fromEntries(url.searchParams));
}

/** A complaint about an event, by someone else, rated 4. */
export const complaint = feedbackItem({
  id: '70000000-0000-4000-8000-0000000000c1',
  type: 'Complaint',
  targetType: 'Event',
  target: { label: 'Spring Fest', detail: 'Cultural Council' },
  rating: 4,
  comments: 'The queue at the gate was too long.',
  author: { name: 'Rohan Mehta', username: 'rohan' },
  mine: false,
  // 00:30 on 6 March in Asia/Kolkata, still the 5th in UTC
  createdAt: '2025-03-05T19:00:00.000Z',
});
/** A query about a club. */
export const query = feedbackItem({
  id: '70000000-0000-4000-8000-0000000000c2',
  type: 'Query',
  targetType: 'Club/Organization',
  target: { label: 'Robotics Club', detail: null },
  comments: 'When do auditions open?',
});
