import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Notification, NotificationList } from '@cosa/contracts';
import { loadPages } from '../../../test/load-pages';
import { currentPath, makeUser, renderApp, sentBodies, stubApi } from '../../../test/render-app';

beforeAll(loadPages, 30_000);

const firstRender = { timeout: 10_000 };
const session = { body: { user: makeUser() } };

const declined: Notification = {
  id: '00000000-0000-4000-8000-0000000000d1',
  kind: 'achievement',
  outcome: 'declined',
  subject: 'Chess open 2026',
  detail: 'Please attach the certificate.',
  link: '/view-achievements',
  itemCount: 1,
  // 18:30 in Asia/Kolkata
  createdAt: '2026-11-22T13:00:00.000Z',
  readAt: null,
};
const announcement: Notification = {
  id: '00000000-0000-4000-8000-0000000000d2',
  kind: 'announcement',
  outcome: null,
  subject: 'Hostel elections',
  detail: 'Nominations close Friday. Rules: https://example.org/rules. Not a link: javascript:alert(1)',
  link: '/notifications',
  itemCount: 1,
  createdAt: '2026-11-21T04:30:00.000Z',
  readAt: '2026-11-21T05:00:00.000Z',
};

function listOf(
  items: Notification[],
  extra: Partial<NotificationList> = {},
): { body: NotificationList } {
  return {
    body: {
      items,
      total: items.length,
      overall: items.length,
      unread: items.filter((item) => !item.readAt).length,
      page: 1,
      pageSize: 20,
      ...extra,
    },
  };
}

/** The query strings the inbox asked for, oldest first. */
function listQueries(fetchMock: ReturnType<typeof stubApi>): string[] {
  return fetchMock.mock.calls
    .map(([input]) => String(input))
    .filter((url) => url.startsWith('/api/notifications?'));
}

describe('/notifications', { timeout: 20_000 }, () => {
  it('lists the notifications as the server orders them, with their titles, details, times and unread state', async () => {
    const fetchMock = stubApi({
      session,
      '/api/notifications': listOf([declined, announcement]),
      '/api/notifications/unread-count': { body: { unread: 1 } },
    });
    renderApp('/notifications');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Notifications' }, firstRender),
    ).toBeInTheDocument();
    const cards = await screen.findAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'Your achievement "Chess open 2026" was declined',
      'Announcement: Hostel elections',
    ]);
    const first = within(cards[0]!);
    expect(first.getByText('Unread')).toBeInTheDocument();
    expect(first.getByText('Please attach the certificate.')).toBeInTheDocument();
    expect(first.getByText('22 Nov 2026, 18:30')).toBeInTheDocument();
    expect(
      first.getByRole('link', { name: 'Your achievement "Chess open 2026" was declined' }),
    ).toHaveAttribute('href', '/view-achievements');
    const second = within(cards[1]!);
    expect(second.queryByText('Unread')).not.toBeInTheDocument();
    expect(second.queryByRole('button', { name: 'Mark as read' })).not.toBeInTheDocument();
    expect(screen.getByText('1 unread')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Notification settings' })).toHaveAttribute(
      'href',
      '/notifications/settings',
    );
    expect(listQueries(fetchMock)).toEqual(['/api/notifications?show=all&page=1&pageSize=20']);
  });

  it('makes only the http(s) addresses of a text links, opening apart from the portal', async () => {
    stubApi({ session, '/api/notifications': listOf([announcement]) });
    renderApp('/notifications');
    const card = within(await screen.findByRole('article', {}, firstRender));
    const link = card.getByRole('link', { name: 'https://example.org/rules (opens in a new tab)' });
    expect(link).toHaveAttribute('href', 'https://example.org/rules');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(card.getAllByRole('link').map((each) => each.getAttribute('href'))).toEqual([
      '/notifications',
      'https://example.org/rules',
    ]);
    expect(card.getByText(/Not a link: javascript:alert\(1\)/)).toBeInTheDocument();
  });

  it('shows only the unread ones on Unread, with its own empty text', async () => {
    const fetchMock = stubApi({
      session,
      '/api/notifications': () =>
        listQueries(fetchMock).at(-1)?.includes('show=unread')
          ? listOf([], { total: 0, overall: 2, unread: 0 })
          : listOf([declined, announcement]),
    });
    renderApp('/notifications');
    await screen.findAllByRole('article', {}, firstRender);
    await userEvent.click(screen.getByRole('button', { name: 'Unread' }));
    expect(await screen.findByText('No unread notifications.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unread' })).toHaveAttribute('aria-pressed', 'true');
    expect(listQueries(fetchMock).at(-1)).toBe('/api/notifications?show=unread&page=1&pageSize=20');
  });

  it("says 'No notifications yet.' when there are none", async () => {
    stubApi({ session, '/api/notifications': listOf([]) });
    renderApp('/notifications');
    expect(await screen.findByText('No notifications yet.', {}, firstRender)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('follows a notification to its page and marks it read', async () => {
    const fetchMock = stubApi({
      session,
      '/api/notifications': listOf([declined]),
      [`POST /api/notifications/${declined.id}/read`]: { body: { unread: 0 } },
    });
    renderApp('/notifications');
    await userEvent.click(
      await screen.findByRole(
        'link',
        { name: 'Your achievement "Chess open 2026" was declined' },
        firstRender,
      ),
    );
    expect(currentPath()).toBe('/view-achievements');
    await waitFor(() =>
      expect(sentBodies(fetchMock, 'POST', `/api/notifications/${declined.id}/read`)).toHaveLength(1),
    );
  });

  it('marks one read in place, and all read with one button', async () => {
    const endorsed: Notification = {
      ...declined,
      id: '00000000-0000-4000-8000-0000000000d3',
      kind: 'skill',
      outcome: 'endorsed',
      subject: 'Python',
      detail: null,
    };
    const readIds = new Set<string>();
    const at = '2026-11-22T14:00:00.000Z';
    const fetchMock = stubApi({
      session,
      '/api/notifications': () =>
        listOf(
          [declined, endorsed].map((item) => ({ ...item, readAt: readIds.has(item.id) ? at : null })),
        ),
      '/api/notifications/unread-count': () => ({ body: { unread: 2 - readIds.size } }),
      [`POST /api/notifications/${declined.id}/read`]: () => {
        readIds.add(declined.id);
        return { body: { unread: 1 } };
      },
      'POST /api/notifications/read-all': () => {
        readIds.add(endorsed.id);
        return { body: { unread: 0 } };
      },
    });
    renderApp('/notifications');
    expect(await screen.findByText('2 unread', {}, firstRender)).toBeInTheDocument();
    const [first, second] = (await screen.findAllByRole('article')).map((card) => within(card));
    await userEvent.click(first!.getByRole('button', { name: 'Mark as read' }));
    await waitFor(() => expect(first!.queryByText('Unread')).not.toBeInTheDocument());
    expect(second!.getByText('Unread')).toBeInTheDocument();
    expect(currentPath()).toBe('/notifications');
    expect(await screen.findByText('1 unread')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByText('You have read everything.')).toBeInTheDocument();
    await waitFor(() => expect(second!.queryByText('Unread')).not.toBeInTheDocument());
    expect(sentBodies(fetchMock, 'POST', '/api/notifications/read-all')).toHaveLength(1);
  });

  it('asks for the next page with Next', async () => {
    const fetchMock = stubApi({
      session,
      '/api/notifications': listOf([declined], { total: 45, overall: 45 }),
    });
    renderApp('/notifications');
    await screen.findAllByRole('article', {}, firstRender);
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(listQueries(fetchMock).at(-1)).toBe('/api/notifications?show=all&page=2&pageSize=20'),
    );
  });

  it('says the list could not be loaded, and loads it on Retry', async () => {
    let calls = 0;
    stubApi({
      session,
      '/api/notifications': () =>
        ++calls === 1
          ? { status: 500, body: { error: { code: 'INTERNAL_ERROR', message: 'Internal error' } } }
          : listOf([declined]),
    });
    renderApp('/notifications');
    expect(await screen.findByRole('alert', {}, firstRender)).toHaveTextContent(
      'Your notifications could not be loaded. Check your connection and try again.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByRole('link', { name: 'Your achievement "Chess open 2026" was declined' }),
    ).toBeInTheDocument();
  });
});
