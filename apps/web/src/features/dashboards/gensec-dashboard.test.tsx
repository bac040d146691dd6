import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CouncilSummary, Notification } from '@cosa/contracts';
import { loadPages } from '../../../test/load-pages';
import { makeUser, renderApp, stubApi, testShell } from '../../../test/render-app';
import { AppProviders } from '../../app/providers';
import { inSignedInArea } from '../../app/signed-in-area';
import { GensecDashboardPage } from './gensec-dashboard-page';

beforeAll(loadPages, 30_000);

/** The page itself, without the portal's header and navigation. */
const inMain = () => within(screen.getByRole('main'));

const firstRender = { timeout: 10_000 };
const session = {
  body: { user: makeUser({ role: 'GENSEC_CULTURAL', name: 'Ishita Reddy', username: 'ishita' }) },
};
const summary: CouncilSummary = {
  types: ['cultural'],
  pending: { userSkills: 2, skills: 1, achievements: 4, positions: 0 },
  unresolvedFeedback: 3,
  upcomingEvents: 5,
  pendingBookings: 1,
};
const nothingWaiting: CouncilSummary = {
  ...summary,
  pending: { userSkills: 0, skills: 0, achievements: 0, positions: 0 },
  unresolvedFeedback: 0,
  pendingBookings: 0,
};
const ownNotice: Notification = {
  id: '00000000-0000-4000-8000-0000000000a1',
  kind: 'achievement',
  outcome: 'verified',
  subject: 'Kathak recital',
  detail: null,
  link: '/view-achievements',
  itemCount: 1,
  createdAt: '2026-11-20T09:30:00.000Z',
  readAt: null,
};
/** What waits for the cultural secretary, as GET /api/notifications/queues answers. */
const waitingQueues = [
  { queue: 'user-skills', count: 2 },
  { queue: 'skills', count: 1 },
  { queue: 'achievements', count: 4 },
  { queue: 'positions', count: 0 },
  { queue: 'feedback', count: 3 },
];
const ALL_CARDS = [
  'Endorsements',
  'Room Booking',
  'Feedback',
  'Events',
  'Create Event',
  'Create Position',
  'Positions',
];

/** The titles of the cards on screen, in order. */
const cardTitles = () =>
  within(screen.getByRole('tabpanel'))
    .queryAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);

function SearchProbe() {
  return <output data-testid="search">{useLocation().search}</output>;
}

/** The dashboard with a probe of the address's query string, which renderApp's probe leaves out. */
const routesWithProbe = [
  {
    path: '/gensec-cult' as const,
    Component: inSignedInArea(() => (
      <>
        <GensecDashboardPage />
        <SearchProbe />
      </>
    )),
  },
];

async function openDashboard(
  reply: Parameters<typeof stubApi>[0][string] = { body: summary },
  path = '/gensec-cult',
  queues: object = { queues: waitingQueues, unreadNotices: 0 },
) {
  const fetchMock = stubApi({
    session,
    '/api/council/summary': reply,
    '/api/notifications/unread-count': { body: { unread: 0 } },
    '/api/notifications/queues': { body: queues },
    '/api/notifications': { body: { items: [], total: 0, overall: 0, unread: 0, page: 1, pageSize: 5 } },
  });
  renderApp(path, { routes: routesWithProbe });
  await screen.findByRole('heading', { level: 1, name: 'Cultural Affairs Portal' }, firstRender);
  return fetchMock;
}

describe('general-secretary dashboard', { timeout: 20_000 }, () => {
  it('links every card to its page, with the live counts', async () => {
    await openDashboard();
    expect(cardTitles()).toEqual(ALL_CARDS);
    const hrefs = ALL_CARDS.map((name) => inMain().getByRole('link', { name }).getAttribute('href'));
    expect(hrefs).toEqual([
      '/gensec-endorse',
      '/roombooking',
      '/viewfeedback',
      '/events',
      '/add-event',
      '/cosa/create',
      '/cosa',
    ]);
    // 2 user skills + 1 skill + 4 achievements
    expect(await inMain().findByRole('link', { name: 'Endorsements' })).toHaveAccessibleDescription(
      expect.stringContaining('7 pending'),
    );
    expect(inMain().getByRole('link', { name: 'Room Booking' })).toHaveAccessibleDescription(
      expect.stringContaining('1 pending'),
    );
    expect(inMain().getByRole('link', { name: 'Feedback' })).toHaveAccessibleDescription(
      expect.stringContaining('3 unresolved'),
    );
    expect(inMain().getByRole('link', { name: 'Events' })).toHaveAccessibleDescription(
      expect.stringContaining('5 upcoming'),
    );
    expect(
      within(inMain().getByRole('link', { name: 'Create Event' })).queryByText(/\d/),
    ).not.toBeInTheDocument();
  });

  it('filters the cards by category tab and keeps the tab in the address', async () => {
    await openDashboard();
    const tabs = within(screen.getByRole('tablist', { name: 'Categories' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'All',
      'Admin',
      'Endorsement',
      'Booking',
      'Feedback',
      'Events',
      'COSA',
    ]);

    await userEvent.click(screen.getByRole('tab', { name: 'Admin' }));
    expect(cardTitles()).toEqual(['Room Booking', 'Create Event', 'Create Position']);
    expect(screen.getByTestId('search')).toHaveTextContent('?tab=admin');

    await userEvent.click(screen.getByRole('tab', { name: 'Events' }));
    expect(cardTitles()).toEqual(['Events', 'Create Event']);
    await userEvent.click(screen.getByRole('tab', { name: 'Endorsement' }));
    expect(cardTitles()).toEqual(['Endorsements']);
    await userEvent.click(screen.getByRole('tab', { name: 'Booking' }));
    expect(cardTitles()).toEqual(['Room Booking']);
    await userEvent.click(screen.getByRole('tab', { name: 'Feedback' }));
    expect(cardTitles()).toEqual(['Feedback']);

    await userEvent.click(screen.getByRole('tab', { name: 'All' }));
    expect(cardTitles()).toEqual(ALL_CARDS);
    expect(screen.getByTestId('search')).toBeEmptyDOMElement();
  });

  it('opens on the tab the address names', async () => {
    await openDashboard({ body: summary }, '/gensec-cult?tab=cosa');
    expect(screen.getByRole('tab', { name: 'COSA' })).toHaveAttribute('aria-selected', 'true');
    expect(cardTitles()).toEqual(['Create Position', 'Positions']);
  });

  it('filters the cards by title and description, in any case, within the tab', async () => {
    await openDashboard();
    const search = screen.getByRole('searchbox', { name: 'Filter the cards' });
    await userEvent.type(search, 'FEEDBACK');
    expect(cardTitles()).toEqual(['Feedback']);
    await userEvent.clear(search);
    // 'holder' is only in the descriptions of the two position cards.
    await userEvent.type(search, 'Holder');
    expect(cardTitles()).toEqual(['Create Position', 'Positions']);
    await userEvent.click(screen.getByRole('tab', { name: 'Admin' }));
    expect(cardTitles()).toEqual(['Create Position']);

    await userEvent.clear(search);
    await userEvent.type(search, 'swimming pool');
    expect(cardTitles()).toEqual([]);
    expect(screen.getByText('Nothing matches “swimming pool”.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(cardTitles()).toEqual(['Room Booking', 'Create Event', 'Create Position']);
  });

  it('shows a small spinner in place of each count while the counts load', async () => {
    await openDashboard('pending');
    for (const name of ['Endorsements', 'Room Booking', 'Feedback', 'Events']) {
      expect(within(inMain().getByRole('link', { name })).getByRole('status')).toHaveTextContent(
        'Loading count',
      );
    }
    expect(screen.getAllByText('Loading count')).toHaveLength(4);
    expect(screen.queryByText(/pending|unresolved|upcoming/)).not.toBeInTheDocument();
  });

  it('shows no counts and a retry alert when the counts fail, then the counts on Retry', async () => {
    let calls = 0;
    await openDashboard(() =>
      ++calls === 1
        ? { status: 500, body: { error: { code: 'INTERNAL_ERROR', message: 'Internal error' } } }
        : { body: summary },
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('The counts could not be loaded.');
    expect(screen.queryByText(/\d+ (pending|unresolved|upcoming)/)).not.toBeInTheDocument();
    expect(screen.queryByText('Loading count')).not.toBeInTheDocument();
    await userEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('7 pending')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("lists what waits in the bell's panel, one line per queue, above the notifications; Escape closes it", async () => {
    await openDashboard();
    // 2 + 1 + 4 + 3 waiting; the secretary's own room requests wait for the president, not here.
    const bell = await screen.findByRole('button', { name: 'Notifications, 10 waiting' });
    expect(bell).toHaveTextContent('10');
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(bell);
    expect(bell).toHaveAttribute('aria-expanded', 'true');
    const panel = within(await screen.findByRole('dialog', { name: 'Notifications' }));
    const waiting = within(panel.getByRole('region', { name: 'Waiting for you' }));
    const links = (await waiting.findAllByRole('link')).map((link) => [
      link.textContent,
      link.getAttribute('href'),
    ]);
    expect(links).toEqual([
      ['2 skill claims wait for your endorsement', '/gensec-endorse?tab=user-skills'],
      ['1 new catalogue skill waits for your endorsement', '/gensec-endorse?tab=skills'],
      ['4 achievements wait for your verification', '/gensec-endorse?tab=achievements'],
      ['3 feedback items wait for resolution', '/viewfeedback?status=unresolved'],
    ]);
    expect(await panel.findByText('No notifications yet.')).toBeInTheDocument();
    expect(panel.getByRole('link', { name: 'See all notifications' })).toHaveAttribute(
      'href',
      '/notifications',
    );
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    expect(bell).toHaveFocus();
  });

  it('has one bell, counting each unread notice and each waiting item once, with the newest notifications under what waits', async () => {
    const fetchMock = stubApi({
      session,
      '/api/council/summary': { body: summary },
      // Two unread: a queue notice, told by its queue's line, and a decision about the secretary's own record.
      '/api/notifications/unread-count': { body: { unread: 2 } },
      '/api/notifications/queues': { body: { queues: waitingQueues, unreadNotices: 1 } },
      '/api/notifications': {
        body: { items: [ownNotice], total: 1, overall: 1, unread: 2, page: 1, pageSize: 5 },
      },
    });
    renderApp('/gensec-cult', { routes: routesWithProbe });
    const bell = await screen.findByRole(
      'button',
      { name: 'Notifications, 1 unread, 10 waiting' },
      firstRender,
    );
    expect(bell).toHaveTextContent('11');
    expect(screen.getAllByRole('button', { name: /^Notifications/ })).toHaveLength(1);
    await userEvent.click(bell);
    const panel = within(await screen.findByRole('dialog', { name: 'Notifications' }));
    expect(panel.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Waiting for you',
      'Latest notifications',
    ]);
    const latest = within(panel.getByRole('region', { name: 'Latest notifications' }));
    expect(
      await latest.findByRole('link', {
        name: /^Your achievement "Kathak recital" was verified \(unread\)/,
      }),
    ).toHaveAttribute('href', '/view-achievements');
    // The queue notices are left out of the latest: their queues' lines above tell them.
    const asked = fetchMock.mock.calls
      .map(([input]) => String(input))
      .filter((url) => url.startsWith('/api/notifications?'));
    expect(asked).toEqual(['/api/notifications?show=all&page=1&pageSize=5&queues=none']);
  });

  it("says 'Nothing is waiting for you.' when nothing is", async () => {
    await openDashboard({ body: nothingWaiting }, '/gensec-cult', {
      queues: waitingQueues.map((queue) => ({ ...queue, count: 0 })),
      unreadNotices: 0,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    const waiting = within(
      within(await screen.findByRole('dialog', { name: 'Notifications' })).getByRole('region', {
        name: 'Waiting for you',
      }),
    );
    expect(await waiting.findByText('Nothing is waiting for you.')).toBeInTheDocument();
    expect(waiting.queryByRole('link')).not.toBeInTheDocument();
  });

  it("leads Settings to the profile, with the user's initials and Logout in the portal's header", async () => {
    await openDashboard();
    const page = within(screen.getByRole('main'));
    expect(page.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/profile');
    const header = within(screen.getByRole('button', { name: /^Account menu/ }).closest('header')!);
    const account = header.getByRole('button', { name: 'Account menu, Ishita Reddy' });
    expect(account).toHaveTextContent('IR');
    await userEvent.click(account);
    expect(await screen.findByRole('link', { name: 'Logout' })).toHaveAttribute('href', '/logout');
  });

  it("says 'Invalid GenSec role.' and asks the server nothing for another role", () => {
    const fetchMock = stubApi({ session });
    const { shell, client } = testShell();
    shell.session.set(makeUser({ role: 'PRESIDENT' }));
    render(
      <AppProviders shell={shell}>
        <QueryClientProvider client={client}>
          <MemoryRouter>
            <GensecDashboardPage />
          </MemoryRouter>
        </QueryClientProvider>
      </AppProviders>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid GenSec role.');
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([input]) => String(input))).not.toContain('/api/council/summary');
  });
});
