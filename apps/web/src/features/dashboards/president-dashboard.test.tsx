import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPages } from '../../../test/load-pages';
import { makeUser, renderApp, stubApi } from '../../../test/render-app';

beforeAll(loadPages, 30_000);

const firstRender = { timeout: 10_000 };
const president = {
  body: { user: makeUser({ role: 'PRESIDENT', name: 'Rohan Mehta', studentId: null }) },
};
const tileValues = () => screen.getAllByRole('definition').map((value) => value.textContent);
const noActivity = { body: { items: [], total: 0, overall: 0, page: 1, pageSize: 10 } };

describe('/president-dashboard', { timeout: 20_000 }, () => {
  it("shows 'Loading...' on every tile and 'Loading activities...' while they load", async () => {
    stubApi({ session: president, '/api/president/summary': 'pending', '/api/activities': 'pending' });
    renderApp('/president-dashboard');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'President Dashboard' }, firstRender),
    ).toBeInTheDocument();
    expect(screen.getByText('Presidential Access')).toBeInTheDocument();
    expect(screen.getAllByRole('term').map((term) => term.textContent)).toEqual([
      'Pending Approvals',
      'Room Bookings',
      'Upcoming Events',
      'COSA Records',
    ]);
    expect(tileValues()).toEqual(['Loading...', 'Loading...', 'Loading...', 'Loading...']);
    expect(screen.getByText('Loading activities...')).toBeInTheDocument();
  });

  it('shows the figures of the one summary request, the link cards and the recent activity', async () => {
    stubApi({
      session: president,
      '/api/president/summary': {
        body: { pendingApprovals: 4, roomBookings: 10, upcomingEvents: 5, cosaRecords: 16 },
      },
      '/api/activities': {
        body: {
          items: [
            {
              id: 'a1',
              type: 'approval',
              description: 'Approved the booking of Room A on 25 Nov 2026 from 14:00 to 15:00',
              timestamp: '2026-11-22T07:21:00.000Z',
              actor: { name: 'Rohan Mehta' },
            },
            {
              id: 'a2',
              type: 'event',
              description: 'Created the event Tech Fest',
              timestamp: '2026-11-21T04:05:00.000Z',
              actor: null,
            },
          ],
          total: 2,
          overall: 2,
          page: 1,
          pageSize: 10,
        },
      },
    });
    renderApp('/president-dashboard');
    expect(
      await screen.findByText(
        'Approved the booking of Room A on 25 Nov 2026 from 14:00 to 15:00',
        {},
        firstRender,
      ),
    ).toBeInTheDocument();
    expect(tileValues()).toEqual(['4', '10', '5', '16']);
    const activity = within(screen.getByRole('region', { name: 'Recent Activity' }));
    expect(activity.getByText('approval')).toBeInTheDocument();
    // Who acted, and the time in the style of the dates the descriptions name.
    const [approval, event] = activity.getAllByRole('listitem');
    expect(approval).toHaveTextContent(
      'Approved the booking of Room A on 25 Nov 2026 from 14:00 to 15:00by Rohan Mehta22 Nov 2026, 12:51',
    );
    expect(event).toHaveTextContent('Created the event Tech Fest21 Nov 2026, 09:35');
    expect(event).not.toHaveTextContent('by ');
    const links = within(screen.getByRole('navigation', { name: "President's pages" })).getAllByRole(
      'link',
    );
    expect(links.map((link) => [link.firstChild?.textContent, link.getAttribute('href')])).toEqual([
      ['Approve Requests', '/president-approval'],
      ['Endorsement Panel', '/gensec-endorse'],
      ['Room Booking', '/roombooking'],
      ['Feedback', '/viewfeedback'],
      ['View Events', '/events'],
      ['Create Event', '/add-event'],
      ['Create Tenure', '/cosa/create'],
      ['View COSA Records', '/cosa'],
    ]);
  });

  it("keeps every tile at 0 with a retry when the figures fail, and says 'No recent activities found'", async () => {
    stubApi({
      session: president,
      '/api/president/summary': { status: 500, body: { error: { code: 'INTERNAL', message: 'Down' } } },
      '/api/activities': noActivity,
    });
    renderApp('/president-dashboard');
    expect(await screen.findByText('No recent activities found', {}, firstRender)).toBeInTheDocument();
    expect(
      await screen.findByText('The figures could not be loaded. Please try again.'),
    ).toBeInTheDocument();
    expect(tileValues()).toEqual(['0', '0', '0', '0']);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
