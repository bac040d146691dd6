import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPages } from '../../../test/load-pages';
import { makeUser, renderApp, sentBodies, stubApi } from '../../../test/render-app';
import { eventDetail, TECH_FEST_ID } from './event-fixtures';

beforeAll(loadPages, 30_000);

const firstRender = { timeout: 10_000 };
const coordinator = { body: { user: makeUser({ role: 'CLUB_COORDINATOR', name: 'Neha Kapoor' }) } };
const CLUB_ID = '00000000-0000-4000-8000-0000000000d1';
const club = {
  unit: {
    id: CLUB_ID,
    unitCode: 'UNIT-0007',
    pageSlug: null,
    name: 'Music Club',
    description: null,
    category: 'cultural',
    contactEmail: null,
    budgetAllocated: 0,
    budgetSpent: 0,
    budgetTenure: '2026-2027',
  },
  stats: {
    activeMembers: 0,
    totalEvents: 0,
    upcomingEvents: 0,
    pendingReviews: { achievements: 0, userSkills: 0, positions: 0, total: 0 },
  },
  recentEvents: [],
  pendingAchievements: [],
  feedback: { items: [], total: 0 },
};

describe('/add-event for a club coordinator', { timeout: 30_000 }, () => {
  it('fixes the organizing unit to their club and sends it', async () => {
    const fetchMock = stubApi({
      session: coordinator,
      '/api/clubs/mine': { body: { club } },
      'POST /api/events': { status: 201, body: { event: eventDetail() } },
      [`/api/events/${TECH_FEST_ID}`]: { body: { event: eventDetail() } },
    });
    renderApp('/add-event');
    const unit = await screen.findByLabelText(/^Organizing unit/, {}, firstRender);
    expect(unit).toHaveValue('Music Club');
    expect(unit).toHaveAttribute('readonly');
    expect(screen.queryByRole('combobox', { name: /^Organizing unit/ })).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Title/), 'Spring Concert');
    await userEvent.selectOptions(screen.getByLabelText(/^Category/), 'cultural');
    await userEvent.click(screen.getByRole('button', { name: 'Create Event' }));
    await waitFor(() => expect(sentBodies(fetchMock, 'POST', '/api/events')).toHaveLength(1));
    expect(sentBodies(fetchMock, 'POST', '/api/events')[0]).toMatchObject({
      title: 'Spring Concert',
      category: 'cultural',
      organizingUnitId: CLUB_ID,
    });
  });

  it("shows 'No club data found' when the account has no club", async () => {
    stubApi({ session: coordinator, '/api/clubs/mine': { body: { club: null } } });
    renderApp('/add-event');
    expect(await screen.findByText('No club data found', {}, firstRender)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Event' })).not.toBeInTheDocument();
  });
});
