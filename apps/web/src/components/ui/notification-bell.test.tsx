import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HomeDashboard, Notification } from '@cosa/contracts';
import { loadPages } from '../../../test/load-pages';
import { FakeEventSource } from '../../../test/fake-event-source';
import { currentPath, makeUser, renderApp, sentBodies, stubApi } from '../../../test/render-app';

beforeAll(loadPages, 30_000);

const firstRender = { timeout: 10_000 };

// A count from the stream renders at once, as a browser's event would before the next assertion.
FakeEventSource.deliver = (dispatch) => act(dispatch);

const dashboard: HomeDashboard = {
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
  latestAchievement: null,
};

const verified: Notification = {
  id: '00000000-0000-4000-8000-0000000000b1',
  kind: 'achievement',
  outcome: 'verified',
  subject: 'Smart India Hackathon finalist',
  detail: null,
  link: '/view-achievements',
  itemCount: 1,
  // 15:00 in Asia/Kolkata
  createdAt: '2026-11-20T09:30:00.000Z',
  readAt: null,
};
const approved: Notification = {
  id: '00000000-0000-4000-8000-0000000000b2',
  kind: 'booking',
  outcome: 'approved',
  subject: 'LHC-101',
  detail: null,
  link: '/roombooking',
  itemCount: 1,
  createdAt: '2026-11-19T04:00:00.000Z',
  readAt: '2026-11-19T05:00:00.000Z',
};
const endorsed: Notification = {
  id: '00000000-0000-4000-8000-0000000000b3',
  kind: 'skill',
  outcome: 'endorsed',
  subject: 'Python',
  detail: null,
  link: '/skills',
  itemCount: 1,
  createdAt: '2026-11-21T06:00:00.000Z',
  readAt: null,
};

const page = (items: Notification[], unread: number) => ({
  body: { items, total: items.length, overall: items.length, unread, page: 1, pageSize: 5 },
});

/** Each test signs in as its own student, so each opens its own stream. */
let tests = 0;
function student() {
  tests += 1;
  return makeUser({ id: `00000000-0000-4000-8000-${String(tests).padStart(12, '0')}` });
}

function bell() {
  return screen.getByRole('button', { name: /^Notifications/ });
}

beforeEach(() => {
  vi.stubGlobal('EventSource', FakeEventSource);
});

describe('the notification bell', { timeout: 20_000 }, () => {
  it("says the unread count in its name and its badge, from the server's count", async () => {
    stubApi({
      session: { body: { user: student() } },
      '/api/me/dashboard': { body: dashboard },
      '/api/notifications/unread-count': { body: { unread: 3 } },
    });
    renderApp('/home');
    const button = await screen.findByRole('button', { name: 'Notifications, 3 unread' }, firstRender);
    expect(button).toHaveTextContent('3');
  });

  it('shows 99+ on the badge above 99, and no badge with nothing unread', async () => {
    stubApi({
      session: { body: { user: student() } },
      '/api/me/dashboard': { body: dashboard },
      '/api/notifications/unread-count': { body: { unread: 120 } },
    });
    renderApp('/home');
    expect(
      await screen.findByRole('button', { name: 'Notifications, 120 unread' }, firstRender),
    ).toHaveTextContent('99+');
    FakeEventSource.opened.at(-1)!.send(0);
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications'));
    expect(bell().textContent).toBe('');
  });

  it('follows the live stream: a new count changes the badge at once and refreshes the open panel', async () => {
    let items = [approved];
    stubApi({
      session: { body: { user: student() } },
      '/api/me/dashboard': { body: dashboard },
      '/api/notifications/unread-count': { body: { unread: 0 } },
      '/api/notifications': () => page(items, items.filter((item) => !item.readAt).length),
    });
    renderApp('/home');
    await screen.findByRole('button', { name: 'Notifications' }, firstRender);
    const source = FakeEventSource.opened.at(-1)!;
    expect(source.url).toBe('/api/notifications/stream');

    await userEvent.click(bell());
    const panel = within(await screen.findByRole('dialog', { name: 'Notifications' }));
    expect(
      await panel.findByRole('link', { name: /^Your booking of LHC-101 was approved/ }),
    ).toBeInTheDocument();

    items = [verified, approved];
    source.send(1);
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 1 unread'));
    expect(
      await panel.findByRole('link', {
        name: /^Your achievement "Smart India Hackathon finalist" was verified \(unread\)/,
      }),
    ).toBeInTheDocument();
  });

  it('opens one stream for the tab, even when its effects run twice, and closes it when the page goes', async () => {
    const user = student();
    stubApi({
      session: { body: { user } },
      '/api/me/dashboard': { body: dashboard },
      '/api/notifications/unread-count': { body: { unread: 0 } },
    });
    const before = FakeEventSource.opened.length;
    const view = renderApp('/home', { strict: true });
    await screen.findByRole('button', { name: 'Notifications' }, firstRender);
    const opened = FakeEventSource.opened.slice(before);
    expect(opened.map((source) => [source.url, source.readyState])).toEqual([
      ['/api/notifications/stream', FakeEventSource.CONNECTING],
    ]);

    view.unmount();
    await waitFor(() => expect(opened[0]!.readyState).toBe(FakeEventSource.CLOSED), { timeout: 3_000 });
  });

  it('lists the newest notifications with their times on the institute clock, the unread marked, and marks them all read', async () => {
    let unread = 2;
    const fetchMock = stubApi({
      session: { body: { user: student() } },
      '/api/me/dashboard': { body: dashboard },
      '/api/notifications/unread-count': () => ({ body: { unread } }),
      '/api/notifications': () => page([endorsed, verified, approved], unread),
      'POST /api/notifications/read-all': () => {
        unread = 0;
        return { status: 204 };
      },
    });
    renderApp('/home');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Notifications, 2 unread' }, firstRender),
    );
    const panel = within(await screen.findByRole('dialog', { name: 'Notifications' }));
    await panel.findByRole('link', { name: /^Your skill "Python" was endorsed/ });
    expect(panel.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Your skill "Python" was endorsed (unread)21 Nov 2026, 11:30',
      'Your achievement "Smart India Hackathon finalist" was verified (unread)20 Nov 2026, 15:00',
      'Your booking of LHC-101 was approved19 Nov 2026, 09:30',
    ]);
    expect(panel.getByRole('link', { name: 'See all notifications' })).toHaveAttribute(
      'href',
      '/notifications',
    );

    await userEvent.click(panel.getByRole('button', { name: 'Mark all as read' }));
    expect(sentBodies(fetchMock, 'POST', '/api/notifications/read-all')).toHaveLength(1);
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications'));
    expect(panel.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('marks a notification read when it is followed, and opens its page', async () => {
    const fetchMock = stubApi({
      session: { body: { user: student() } },
      '/api/me/dashboard': { body: dashboard },
      '/api/notifications/unread-count': { body: { unread: 1 } },
      '/api/notifications': page([verified], 1),
      [`POST /api/notifications/${verified.id}/read`]: { body: { unread: 0 } },
    });
    renderApp('/home');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Notifications, 1 unread' }, firstRender),
    );
    await userEvent.click(
      await screen.findByRole('link', {
        name: /^Your achievement "Smart India Hackathon finalist" was verified/,
      }),
    );
    expect(currentPath()).toBe('/view-achievements');
    await waitFor(() =>
      expect(sentBodies(fetchMock, 'POST', `/api/notifications/${verified.id}/read`)).toHaveLength(1),
    );
  });

  it('opens and closes its panel with a press, names the panel it controls, and closes it on a click elsewhere', async () => {
    stubApi({
      session: { body: { user: student() } },
      '/api/me/dashboard': { body: dashboard },
      '/api/notifications/unread-count': { body: { unread: 0 } },
      '/api/notifications': page([], 0),
    });
    renderApp('/home');
    const button = await screen.findByRole('button', { name: 'Notifications' }, firstRender);
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    await userEvent.click(button);
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveAttribute('aria-controls', panel.id);
    expect(await within(panel).findByText('No notifications yet.')).toBeInTheDocument();

    await userEvent.click(button);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).not.toHaveAttribute('aria-controls');

    await userEvent.click(button);
    await screen.findByRole('dialog', { name: 'Notifications' });
    await userEvent.click(screen.getByRole('heading', { level: 1, name: 'Welcome, Asha Verma' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(button).not.toHaveFocus();
  });
});
