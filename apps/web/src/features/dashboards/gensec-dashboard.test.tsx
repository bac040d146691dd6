import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CouncilSummary } from '@cosa/contracts';
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
) {
  const fetchMock = stubApi({
    session,
    '/api/council/summary': reply,
    '/api/notifications/unread-count': { body: { unread: 0 } },
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

  it('searches the cards by title and description, in any case, within the tab', async () => {
    await openDashboard();
    const search = screen.getByRole('searchbox', { name: 'Search the dashboard' });
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
