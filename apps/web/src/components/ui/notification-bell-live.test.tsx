import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Achievement, CouncilSummary, HomeDashboard } from '@cosa/contracts';
import { loadPages } from '../../../test/load-pages';
import { FakeEventSource } from '../../../test/fake-event-source';
import { makeUser, renderApp, stubApi } from '../../../test/render-app';

/*
 * The bell counts what an official (or the administrator) can act on, and follows the live stream: a queue emptied by
 * another official leaves the badge and the panel; a notification that arrives refreshes what it
 * is about on the open page.
 */

beforeAll(loadPages, 30_000);

const firstRender = { timeout: 10_000 };
FakeEventSource.deliver = (dispatch) => act(dispatch);

beforeEach(() => {
  vi.stubGlobal('EventSource', FakeEventSource);
});

const summary: CouncilSummary = {
  types: ['technical'],
  pending: { userSkills: 0, skills: 0, achievements: 5, positions: 0 },
  unresolvedFeedback: 0,
  upcomingEvents: 0,
  pendingBookings: 0,
};
const queuesWith = (achievements: number) => [
  { queue: 'user-skills', count: 0 },
  { queue: 'skills', count: 0 },
  { queue: 'achievements', count: achievements },
  { queue: 'positions', count: 0 },
  { queue: 'feedback', count: 0 },
];

const robocon: Achievement = {
  id: '00000000-0000-4000-8000-0000000000d1',
  achievementCode: 'ACH-0001',
  title: 'Robocon finalist',
  description: null,
  category: 'Competition',
  type: 'technical',
  level: 'college',
  event: null,
  dateAchieved: '2026-08-30',
  position: null,
  certificateUrl: null,
  verified: false,
  verifiedBy: null,
  verifiedAt: null,
  declineReason: null,
  version: 1,
  history: [],
  createdAt: '2026-11-20T09:30:00.000Z',
};
const homeOf = (latest: Achievement): HomeDashboard => ({
  user: {
    name: 'Asha Verma',
    branch: 'Electrical Engineering',
    batchYear: 2023,
    program: 'B.Tech',
    photoUrl: null,
  },
  counts: { skills: 0, achievements: 1, positions: 0, feedbackGiven: 0 },
  upcomingEvents: [],
  upcomingTotal: 0,
  followedClubEvents: [],
  latestAchievement: latest,
});

// The one bell, in the portal's header.
const bell = () => screen.getByRole('button', { name: /^Notifications/ });

describe('the live bell', { timeout: 20_000 }, () => {
  it('drops a queue another official emptied from the badge and the panel, when the stream tells of it', async () => {
    let achievements = 5;
    stubApi({
      session: {
        body: {
          user: makeUser({
            id: '00000000-0000-4000-8000-0000000000e1',
            role: 'GENSEC_SCITECH',
            name: 'Kiran Rao',
          }),
        },
      },
      '/api/council/summary': { body: summary },
      '/api/notifications/unread-count': () => ({ body: { unread: achievements > 0 ? 1 : 0 } }),
      '/api/notifications/queues': () => ({
        body: { queues: queuesWith(achievements), unreadNotices: 0 },
      }),
      '/api/notifications': {
        body: { items: [], total: 0, overall: 0, unread: 0, page: 1, pageSize: 5 },
      },
    });
    renderApp('/gensec-tech');
    // One queue notice unread, told by its queue: 5, not 6.
    const button = await screen.findByRole('button', { name: 'Notifications, 5 waiting' }, firstRender);
    expect(button).toHaveTextContent('5');
    await userEvent.click(button);
    const panel = within(await screen.findByRole('dialog', { name: 'Notifications' }));
    expect(
      await panel.findByRole('link', { name: '5 achievements wait for your verification' }),
    ).toHaveAttribute('href', '/gensec-endorse?tab=achievements');

    // The president verified the last five; the server settled the notice and told the stream.
    achievements = 0;
    FakeEventSource.opened.at(-1)!.send(0, ['queue']);
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications'));
    expect(bell().textContent).toBe('');
    expect(await panel.findByText('Nothing is waiting for you.')).toBeInTheDocument();
    expect(panel.queryByRole('link', { name: /wait for your verification/ })).not.toBeInTheDocument();
  });

  it("counts the administrator's correction requests and Student ID claims, linking to the pages that decide them", async () => {
    stubApi({
      session: {
        body: {
          user: makeUser({ role: 'ADMIN', studentId: null, onboardingComplete: false }),
        },
      },
      '/api/notifications/unread-count': { body: { unread: 2 } },
      '/api/notifications/queues': {
        body: {
          queues: [
            { queue: 'corrections', count: 2 },
            { queue: 'student-ids', count: 1 },
          ],
          unreadNotices: 0,
        },
      },
      '/api/notifications': {
        body: { items: [], total: 0, overall: 0, unread: 0, page: 1, pageSize: 20 },
      },
    });
    renderApp('/notifications');
    // Two queue notices unread, told by their queues: 3 waiting, not 2 unread besides.
    const button = await screen.findByRole('button', { name: 'Notifications, 3 waiting' }, firstRender);
    await userEvent.click(button);
    const panel = within(await screen.findByRole('dialog', { name: 'Notifications' }));
    expect(
      await panel.findByRole('link', { name: '2 correction requests wait for your decision' }),
    ).toHaveAttribute('href', '/admin/corrections');
    expect(
      panel.getByRole('link', { name: '1 Student ID claim waits for your decision' }),
    ).toHaveAttribute('href', '/admin/student-ids');
  });

  it("turns /home's latest achievement 'Verified' when the notification of its verification arrives", async () => {
    let latest = robocon;
    stubApi({
      session: { body: { user: makeUser({ id: '00000000-0000-4000-8000-0000000000e2' }) } },
      '/api/me/dashboard': () => ({ body: homeOf(latest) }),
      '/api/notifications/unread-count': { body: { unread: 0 } },
    });
    renderApp('/home');
    const card = within(await screen.findByRole('region', { name: 'Latest Achievement' }, firstRender));
    expect(await card.findByText('Pending')).toBeInTheDocument();

    latest = { ...robocon, verified: true, verifiedBy: { name: 'Kiran Rao' } };
    FakeEventSource.opened.at(-1)!.send(1, ['achievement']);
    expect(await card.findByText('Verified')).toBeInTheDocument();
    expect(card.queryByText('Pending')).not.toBeInTheDocument();
    expect(bell()).toHaveAccessibleName('Notifications, 1 unread');
  });
});
