import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ClubBundle } from '@cosa/contracts';
import { loadPages } from '../../../test/load-pages';
import { makeUser, renderApp, stubApi } from '../../../test/render-app';

beforeAll(loadPages, 30_000);

const firstRender = { timeout: 10_000 };
const session = {
  body: { user: makeUser({ role: 'CLUB_COORDINATOR', name: 'Neha Kapoor', username: 'neha' }) },
};
const ACHIEVEMENT_ID = '00000000-0000-4000-8000-0000000000e1';

const club: ClubBundle = {
  unit: {
    id: '00000000-0000-4000-8000-0000000000d1',
    unitCode: 'UNIT-0007',
    pageSlug: null,
    name: 'Music Club',
    description: 'Weekly jams and the spring concert.',
    category: 'cultural',
    contactEmail: 'music@example.edu',
    budgetAllocated: 80000,
    budgetSpent: 30000,
    budgetTenure: '2026-2027',
  },
  stats: {
    activeMembers: 12,
    totalEvents: 5,
    upcomingEvents: 2,
    pendingReviews: { achievements: 3, userSkills: 2, positions: 1, total: 6 },
  },
  recentEvents: [
    {
      id: '00000000-0000-4000-8000-0000000000f1',
      title: 'Spring Concert',
      start: '2026-09-14T13:30:00.000Z',
      venue: 'Open Air Theatre',
      status: 'planned',
    },
    {
      id: '00000000-0000-4000-8000-0000000000f2',
      title: 'Jam Night',
      start: null,
      venue: null,
      status: 'completed',
    },
  ],
  pendingAchievements: [
    {
      id: ACHIEVEMENT_ID,
      title: 'State band contest',
      type: 'cultural',
      level: 'state',
      dateAchieved: '2025-09-01',
      student: { name: 'Asha Verma', studentId: '12340001' },
    },
  ],
  feedback: {
    items: [
      {
        id: '00000000-0000-4000-8000-0000000000a1',
        type: 'Appreciation',
        rating: 5,
        comments: 'Loved the concert.',
        author: 'Kabir Singh',
        createdAt: '2026-01-02T10:00:00.000Z',
      },
      {
        id: '00000000-0000-4000-8000-0000000000a2',
        type: 'Complaint',
        rating: 2,
        comments: 'Too loud.',
        author: null,
        createdAt: '2026-01-01T10:00:00.000Z',
      },
    ],
    total: 3,
  },
};

describe('/club-dashboard', { timeout: 20_000 }, () => {
  it('shows the menu, the stat cards, events, pending achievements, feedback, quick actions and club information', async () => {
    stubApi({ session, '/api/clubs/mine': { body: { club } } });
    renderApp('/club-dashboard');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Club Dashboard' }, firstRender),
    ).toBeInTheDocument();
    const figures = within(await screen.findByRole('list', { name: 'Club figures' }));
    // The spec's club menu is the portal's navigation; Events lists every unit's, and the club's
    // own are one link away on the dashboard.
    const menu = within(screen.getByRole('navigation', { name: 'Main menu' }));
    const council = menu
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    for (const entry of [
      ['Dashboard', '/club-dashboard'],
      ['Positions', '/cosa'],
      ['Add position', '/cosa/create'],
      ['Events', '/events'],
      ['Add event', '/add-event'],
      ['Feedback', '/viewfeedback'],
      ['Achievements', '/gensec-endorse?tab=achievements'],
    ])
      expect(council).toContainEqual(entry);
    expect(
      within(screen.getByRole('region', { name: 'Recent Events' })).getByRole('link', {
        name: 'All club events',
      }),
    ).toHaveAttribute('href', '/events?unitId=00000000-0000-4000-8000-0000000000d1');
    expect(figures.getByText('Active Members').parentElement).toHaveTextContent('12');
    expect(figures.getByText('Total Events').parentElement).toHaveTextContent('52 upcoming');
    expect(figures.getByText('Budget Used').parentElement).toHaveTextContent('₹30,00037.5% of ₹80,000');
    expect(figures.getByText('Pending Reviews').parentElement).toHaveTextContent('6');

    const events = within(screen.getByRole('region', { name: 'Recent Events' }));
    expect(events.getByText('Spring Concert')).toBeInTheDocument();
    expect(events.getByText('14 Sep 2026 · Open Air Theatre')).toBeInTheDocument();
    expect(events.getByText('Date TBD · TBD')).toBeInTheDocument();
    expect(events.getByText('Planned')).toBeInTheDocument();
    expect(events.getByText('Completed')).toBeInTheDocument();

    const achievements = within(screen.getByRole('region', { name: 'Pending Achievements' }));
    expect(achievements.getByText('State band contest')).toBeInTheDocument();
    expect(
      achievements.getByText('Asha Verma (12340001) · Cultural · State · 01 Sep 2025'),
    ).toBeInTheDocument();

    const feedback = within(screen.getByRole('region', { name: 'Recent Feedback' }));
    expect(feedback.getByText('Appreciation')).toBeInTheDocument();
    expect(feedback.getByRole('img', { name: 'Rated 5 out of 5' })).toBeInTheDocument();
    expect(feedback.getByText('— Kabir Singh')).toBeInTheDocument();
    expect(feedback.getByText('— Anonymous')).toBeInTheDocument();
    expect(feedback.getByRole('link', { name: 'View All Feedback' })).toHaveAttribute(
      'href',
      '/viewfeedback',
    );

    const actions = within(screen.getByRole('region', { name: 'Quick Actions' }));
    expect(
      actions.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Add New Position', '/cosa/create'],
      ['Create Event', '/add-event'],
      ['Review Achievements', '/gensec-endorse?tab=achievements'],
      ['Endorse Skills', '/gensec-endorse?tab=user-skills'],
    ]);
    const info = within(screen.getByRole('region', { name: 'Club Information' }));
    expect(info.getByText('Weekly jams and the spring concert.')).toBeInTheDocument();
    expect(info.getByRole('link', { name: 'music@example.edu' })).toBeInTheDocument();
    expect(info.getByRole('meter', { name: 'Budget used' })).toHaveAttribute('aria-valuenow', '37.5');
    expect(info.getByText(/Tenure 2026-2027, from the club’s budget lines\./)).toBeInTheDocument();
    expect(info.getByRole('link', { name: 'See the budgets and claims' })).toHaveAttribute(
      'href',
      '/money',
    );
  });

  it("hides 'View All Feedback' with two feedback items or fewer, and shows the empty lines", async () => {
    stubApi({
      session,
      '/api/clubs/mine': {
        body: {
          club: {
            ...club,
            recentEvents: [],
            pendingAchievements: [],
            feedback: { items: [], total: 0 },
          },
        },
      },
    });
    renderApp('/club-dashboard');
    expect(await screen.findByText('No events yet.', {}, firstRender)).toBeInTheDocument();
    expect(screen.getByText('No achievements pending endorsement.')).toBeInTheDocument();
    expect(screen.getByText('No feedback yet.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'View All Feedback' })).not.toBeInTheDocument();
  });

  it("shows 'No club data found' when the account has no club", async () => {
    stubApi({ session, '/api/clubs/mine': { body: { club: null } } });
    renderApp('/club-dashboard');
    expect(await screen.findByText('No club data found', {}, firstRender)).toBeInTheDocument();
  });

  it("shows a loading message, then 'Failed to fetch club data' with a Retry that loads again", async () => {
    let fail = true;
    stubApi({
      session,
      '/api/clubs/mine': () =>
        fail
          ? { status: 500, body: { error: { code: 'INTERNAL', message: 'Boom' } } }
          : { body: { club } },
    });
    renderApp('/club-dashboard');
    expect(await screen.findByText('Loading club data...', {}, firstRender)).toBeInTheDocument();
    expect(await screen.findByText('Failed to fetch club data')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Spring Concert')).toBeInTheDocument();
  });

  it("links to the members page and to the editor of the club's page", async () => {
    stubApi({
      session,
      '/api/clubs/mine': { body: { club: { ...club, unit: { ...club.unit, pageSlug: 'music-club' } } } },
    });
    renderApp('/club-dashboard');
    const links = within(
      await screen.findByRole('region', { name: 'Members and club page' }, firstRender),
    );
    expect(links.getByRole('link', { name: 'Members and requests' })).toHaveAttribute(
      'href',
      '/club-dashboard/members',
    );
    expect(links.getByRole('link', { name: 'Edit club page' })).toHaveAttribute(
      'href',
      '/clubs/music-club/edit',
    );
  });

  it('endorses a pending achievement, then reads the club again', async () => {
    let verified = false;
    const fetchMock = stubApi({
      session,
      '/api/clubs/mine': () => ({
        body: { club: verified ? { ...club, pendingAchievements: [] } : club },
      }),
      [`POST /api/endorsements/achievements/${ACHIEVEMENT_ID}/verify`]: () => {
        verified = true;
        return {
          body: {
            id: ACHIEVEMENT_ID,
            status: 'endorsed',
            by: { name: 'Neha Kapoor' },
            at: '2026-01-03T10:00:00.000Z',
            alreadyDone: false,
          },
        };
      },
    });
    renderApp('/club-dashboard');
    await userEvent.click(
      await screen.findByRole(
        'button',
        { name: 'Endorse State band contest by Asha Verma' },
        firstRender,
      ),
    );
    expect(await screen.findByText('Achievement verified.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('State band contest')).not.toBeInTheDocument());
    expect(
      fetchMock.mock.calls.filter(
        ([input]) => String(input) === `/api/endorsements/achievements/${ACHIEVEMENT_ID}/verify`,
      ),
    ).toHaveLength(1);
  });
});
