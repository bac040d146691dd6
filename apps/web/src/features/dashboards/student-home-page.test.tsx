import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPages } from '../../../test/load-pages';
import { makeUser, renderApp, stubApi } from '../../../test/render-app';
import { dashboard } from './home-fixtures';

beforeAll(loadPages, 30_000);

const firstRender = { timeout: 10_000 };

const session = { body: { user: makeUser() } };

describe('/home', { timeout: 20_000 }, () => {
  it('welcomes the student with the branch, batch year and program of the dashboard', async () => {
    stubApi({ session, '/api/me/dashboard': { body: dashboard } });
    renderApp('/home');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome, Asha Verma' }, firstRender),
    ).toBeInTheDocument();
    expect(await screen.findByText('Electrical Engineering · Batch 2023 · M.Tech')).toBeInTheDocument();
  });

  it('shows the four counters, each a link to its page', async () => {
    stubApi({ session, '/api/me/dashboard': { body: dashboard } });
    renderApp('/home');
    const record = await screen.findByRole('region', { name: 'Your record' }, firstRender);
    expect(within(record).getByRole('link', { name: 'Skills 4' })).toHaveAttribute('href', '/skills');
    expect(within(record).getByRole('link', { name: 'Achievements 7' })).toHaveAttribute(
      'href',
      '/view-achievements',
    );
    expect(within(record).getByRole('link', { name: 'Positions 2' })).toHaveAttribute(
      'href',
      '/manage-position',
    );
    expect(within(record).getByRole('link', { name: 'Feedback Given 3' })).toHaveAttribute(
      'href',
      '/viewfeedback',
    );
  });

  it('lists the upcoming events with their unit or N/A and times in the institute time zone', async () => {
    stubApi({ session, '/api/me/dashboard': { body: dashboard } });
    renderApp('/home');
    const events = await screen.findByRole('region', { name: 'Upcoming Events' }, firstRender);
    const items = within(events).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const first = within(items[0]!);
    expect(
      first.getByRole('heading', { level: 3, name: 'Inter IIT Tech Meet Trials' }),
    ).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'Inter IIT Tech Meet Trials' })).toHaveAttribute(
      'href',
      '/events/e1',
    );
    expect(first.getByText('Selection trials for the tech meet.')).toBeInTheDocument();
    expect(first.getByText('technical')).toBeInTheDocument();
    expect(first.getByText('Robotics Club')).toBeInTheDocument();
    expect(first.getByText('15 Jan 2030, 09:30')).toBeInTheDocument();
    expect(first.getByText('15 Jan 2030, 17:00')).toBeInTheDocument();
    const second = within(items[1]!);
    expect(second.getByRole('heading', { level: 3, name: 'Open Mic Night' })).toBeInTheDocument();
    expect(second.getByText('cultural')).toBeInTheDocument();
    expect(second.getAllByText('N/A')).toHaveLength(2);
    expect(second.getByText('1 Feb 2030, 20:00')).toBeInTheDocument();
  });

  it('links to all events when more are coming than are listed', async () => {
    stubApi({ session, '/api/me/dashboard': { body: { ...dashboard, upcomingTotal: 9 } } });
    renderApp('/home');
    const events = await screen.findByRole('region', { name: 'Upcoming Events' }, firstRender);
    expect(within(events).getByRole('link', { name: 'View all 9 events' })).toHaveAttribute(
      'href',
      '/events',
    );
  });

  it('shows the latest achievement with its type, category, date and badge', async () => {
    stubApi({ session, '/api/me/dashboard': { body: dashboard } });
    renderApp('/home');
    const card = await screen.findByRole('region', { name: 'Latest Achievement' }, firstRender);
    expect(
      within(card).getByRole('heading', { level: 3, name: 'Smart India Hackathon finalist' }),
    ).toBeInTheDocument();
    expect(within(card).getByText('Technical · Hackathon')).toBeInTheDocument();
    expect(within(card).getByText('05 Mar 2025')).toBeInTheDocument();
    expect(within(card).getByText('Verified')).toBeInTheDocument();
  });

  it('marks an unverified latest achievement Pending', async () => {
    const pending = {
      ...dashboard,
      latestAchievement: {
        ...dashboard.latestAchievement!,
        verified: false,
        verifiedBy: null,
        verifiedAt: null,
      },
    };
    stubApi({ session, '/api/me/dashboard': { body: pending } });
    renderApp('/home');
    const card = await screen.findByRole('region', { name: 'Latest Achievement' }, firstRender);
    expect(within(card).getByText('Pending')).toBeInTheDocument();
    expect(within(card).queryByText('Verified')).not.toBeInTheDocument();
  });

  it('says so when there are no upcoming events and no achievements', async () => {
    stubApi({
      session,
      '/api/me/dashboard': {
        body: { ...dashboard, upcomingEvents: [], upcomingTotal: 0, latestAchievement: null },
      },
    });
    renderApp('/home');
    const events = await screen.findByRole('region', { name: 'Upcoming Events' }, firstRender);
    expect(within(events).getByText('No upcoming events.')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Latest Achievement' })).getByText(
        'No achievements yet.',
      ),
    ).toBeInTheDocument();
  });

  it('offers the quick actions', async () => {
    stubApi({ session, '/api/me/dashboard': { body: dashboard } });
    renderApp('/home');
    const actions = await screen.findByRole('region', { name: 'Quick Actions' }, firstRender);
    expect(
      within(actions)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Add Achievement', '/add-achievement'],
      ['New Position', '/manage-position'],
      ['Give Feedback', '/feedback'],
    ]);
  });

  it("has the side menu of the spec, in order, in the portal's navigation, with Logout in the account menu", async () => {
    stubApi({ session, '/api/me/dashboard': { body: dashboard } });
    renderApp('/home');
    const menu = await screen.findByRole('navigation', { name: 'Main menu' }, firstRender);
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      // 'Home' leads back to the dashboard from the record pages, which show the same menu.
      ['Home', '/home'],
      ['Profile', '/profile'],
      ['COSA View', '/council'],
      ['Give Feedback', '/feedback'],
      ['Events', '/events'],
      ['Clubs', '/clubs'],
      // Not in the spec: council elections (decisions 0036 to 0038).
      ['Elections', '/elections'],
      // Not in the spec: the claims of club money a student files as an event's organiser (decision 0040).
      ['My claims', '/money/claims'],
      ['Manage Skills', '/skills'],
      ['Manage Positions', '/manage-position'],
      ['Add Achievement', '/add-achievement'],
      ['View Achievements', '/view-achievements'],
      // Not in the spec: the co-curricular transcript, beside the records it is made of.
      ['Transcript', '/transcript'],
      ['View Feedback', '/viewfeedback'],
    ]);
    expect(within(menu).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(screen.getByRole('button', { name: 'Account menu, Asha Verma' }));
    expect(await screen.findByRole('link', { name: 'Logout' })).toHaveAttribute('href', '/logout');
  });

  it('shows a spinner while the dashboard loads', async () => {
    stubApi({ session, '/api/me/dashboard': 'pending' });
    renderApp('/home');
    expect(await screen.findByText('Loading dashboard...', {}, firstRender)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome, Asha Verma' })).toBeInTheDocument();
  });

  it('offers Retry when the dashboard fails to load, and shows it once it loads', async () => {
    let calls = 0;
    const fetchMock = stubApi({
      session,
      '/api/me/dashboard': () => {
        calls += 1;
        return calls === 1
          ? { status: 500, body: { error: { code: 'INTERNAL_ERROR', message: 'Internal error' } } }
          : { body: dashboard };
      },
    });
    renderApp('/home');
    expect(await screen.findByRole('alert', {}, firstRender)).toHaveTextContent(
      'The dashboard could not be loaded. Please try again.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Upcoming Events' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([input]) => String(input) === '/api/me/dashboard')).toHaveLength(
      2,
    );
  });

  it('shows the current announcements in a card, each with its text, links, author and time', async () => {
    stubApi({
      session,
      '/api/me/dashboard': { body: dashboard },
      '/api/announcements/current': {
        body: {
          items: [
            {
              id: 'n1',
              title: 'Hostel elections',
              body: 'Nominations close Friday.\nRules: https://example.org/rules.',
              audience: 'batch',
              audienceValue: '2023',
              clubName: null,
              authorName: 'Karthik Iyer',
              // 15:00 in Asia/Kolkata
              createdAt: '2026-11-20T09:30:00.000Z',
              expiresAt: null,
            },
            {
              id: 'n2',
              title: 'Robotics workshop',
              body: 'Saturday in lab 2.',
              audience: 'club',
              audienceValue: null,
              clubName: 'Robotics Club',
              authorName: 'Sneha Kulkarni',
              createdAt: '2026-11-19T04:30:00.000Z',
              expiresAt: '2026-11-30T12:00:00.000Z',
            },
          ],
        },
      },
    });
    renderApp('/home');
    const card = within(await screen.findByRole('region', { name: 'Announcements' }, firstRender));
    expect(card.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Hostel elections',
      'Robotics workshop',
    ]);
    expect(
      card.getByRole('link', { name: 'https://example.org/rules (opens in a new tab)' }),
    ).toHaveAttribute('href', 'https://example.org/rules');
    const byline = (text: string) =>
      card.getByText((_, element) => element?.tagName === 'P' && element.textContent === text);
    expect(byline('Karthik Iyer · 20 Nov 2026, 15:00')).toBeInTheDocument();
    expect(byline('Sneha Kulkarni, Robotics Club · 19 Nov 2026, 10:00')).toBeInTheDocument();
  });

  it('shows no announcements card when there are none', async () => {
    stubApi({
      session,
      '/api/me/dashboard': { body: dashboard },
      '/api/announcements/current': { body: { items: [] } },
    });
    const { client } = renderApp('/home');
    await screen.findByRole('heading', { name: 'Latest Achievement' }, firstRender);
    await waitFor(() =>
      expect(client.getQueryState(['announcements', 'current'])?.status).toBe('success'),
    );
    expect(screen.queryByRole('region', { name: 'Announcements' })).not.toBeInTheDocument();
  });
});
