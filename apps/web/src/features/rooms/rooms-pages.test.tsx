import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPages } from '../../../test/load-pages';
import { renderApp, sentBodies, stubApi } from '../../../test/render-app';
import { approvalList, booking, president, secretary } from './room-fixtures';

beforeAll(loadPages, 30_000);

const firstRender = { timeout: 10_000 };
const list = approvalList;

/** The query strings the page sent to the approval list, oldest first. */
const listQueries = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/room-bookings')
    .map((url) => Object.fromEntries(url.searchParams));

describe('/president-approval', { timeout: 20_000 }, () => {
  it('shows the tiles, the tabs with their counts, the table, and actions only on pending rows', async () => {
    stubApi({
      session: president,
      '/api/room-bookings': list(
        [
          booking(),
          booking({
            id: '80000000-0000-4000-8000-000000000002',
            status: 'Approved',
            description: 'Dance practice',
            decidedBy: { name: 'Rohan Mehta' },
            decidedAt: '2099-03-02T10:00:00.000Z',
          }),
        ],
        { all: 9, Pending: 4, Approved: 3, Rejected: 2 },
      ),
    });
    renderApp('/president-approval');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Room Booking Approvals' }, firstRender),
    ).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'All Requests (9)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'All Requests (9)',
      'Pending (4)',
      'Approved (3)',
      'Rejected (2)',
    ]);
    expect(screen.getAllByRole('term').map((term) => term.textContent)).toEqual([
      'Total Requests',
      'Pending',
      'Approved',
      'Rejected',
    ]);
    expect(screen.getAllByRole('definition').map((value) => value.textContent)).toEqual([
      '9',
      '4',
      '3',
      '2',
    ]);
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Date',
      'Time',
      'Room',
      'Description',
      'Status',
      'Actions',
    ]);
    const pending = within(screen.getByRole('row', { name: /Quiz club final/ }));
    expect(pending.getByRole('button', { name: /^Approve/ })).toBeInTheDocument();
    expect(pending.getByRole('button', { name: /^Reject/ })).toBeInTheDocument();
    expect(pending.getByText('Asked by Ishita Reddy')).toBeInTheDocument();
    const approved = within(screen.getByRole('row', { name: /Dance practice/ }));
    expect(approved.queryByRole('button')).toBeNull();
    expect(approved.getByText('No actions available')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
  });

  it('asks the server for the tab and the search, and shows the empty state', async () => {
    const fetchMock = stubApi({
      session: president,
      '/api/room-bookings': list([], { all: 0, Pending: 0, Approved: 0, Rejected: 0 }),
    });
    renderApp('/president-approval');
    expect(await screen.findByText('No booking requests found', {}, firstRender)).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search or filters')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Pending (0)' }));
    await userEvent.type(within(screen.getByRole('main')).getByLabelText('Search'), 'Room B');
    await waitFor(() =>
      expect(listQueries(fetchMock).at(-1)).toMatchObject({ status: 'Pending', q: 'Room B', page: '1' }),
    );
  });

  it("shows 'Loading booking requests...' while the list loads", async () => {
    stubApi({ session: president, '/api/room-bookings': 'pending' });
    renderApp('/president-approval');
    expect(await screen.findByText('Loading booking requests...', {}, firstRender)).toBeInTheDocument();
  });

  it('shows the load banner, and the list again after Refresh', async () => {
    let reply: { status: number; body: unknown } = {
      status: 500,
      body: { error: { code: 'INTERNAL', message: 'Down' } },
    };
    stubApi({ session: president, '/api/room-bookings': () => reply });
    renderApp('/president-approval');
    expect(
      await screen.findByText('Failed to load booking requests. Please try again.', {}, firstRender),
    ).toBeInTheDocument();
    reply = { status: 200, ...list([booking()], { all: 1, Pending: 1, Approved: 0, Rejected: 0 }) };
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('row', { name: /Quiz club final/ })).toBeInTheDocument();
    expect(screen.queryByText('Failed to load booking requests. Please try again.')).toBeNull();
  });

  it('approves after asking, with the note, and shows the update banner naming a clash', async () => {
    const fetchMock = stubApi({
      session: president,
      '/api/room-bookings': list([booking()], { all: 1, Pending: 1, Approved: 0, Rejected: 0 }),
      'PATCH /api/room-bookings/80000000-0000-4000-8000-000000000001': {
        status: 409,
        body: {
          error: {
            code: 'CONFLICT',
            message:
              'Room A on 14 Mar 2099 from 09:00 to 10:30 is already approved for another request.',
          },
        },
      },
    });
    renderApp('/president-approval');
    await userEvent.click(await screen.findByRole('button', { name: /^Approve/ }, firstRender));
    const dialog = within(await screen.findByRole('dialog', { name: 'Approve this booking?' }));
    await userEvent.type(
      dialog.getByLabelText('Note (optional; the requester sees it)'),
      'Keys at the desk.',
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Approve' }));
    const banner = await screen.findByText('Failed to approve booking. Please try again.');
    expect(banner.closest('[role="alert"]')).toHaveTextContent(
      'Room A on 14 Mar 2099 from 09:00 to 10:30 is already approved for another request.',
    );
    expect(
      sentBodies(fetchMock, 'PATCH', '/api/room-bookings/80000000-0000-4000-8000-000000000001'),
    ).toEqual([{ status: 'Approved', note: 'Keys at the desk.' }]);
  });
});

describe('/roombooking', { timeout: 20_000 }, () => {
  const rooms = {
    body: { rooms: [{ id: '90000000-0000-4000-8000-000000000001', name: 'Room A', capacity: null }] },
  };

  it("shows 'No bookings found' and the field messages, and sends a valid request", async () => {
    const fetchMock = stubApi({
      session: secretary,
      '/api/rooms': rooms,
      '/api/rooms/90000000-0000-4000-8000-000000000001/slots': {
        body: {
          date: '2099-03-14',
          taken: [{ startTime: '09:00', endTime: '10:00', status: 'Approved', mine: false }],
        },
      },
      '/api/room-bookings/mine': { body: { items: [], total: 0, overall: 0, page: 1, pageSize: 20 } },
      'POST /api/room-bookings': { status: 201, body: { booking: booking() } },
    });
    renderApp('/roombooking');
    expect(await screen.findByText('No bookings found', {}, firstRender)).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Main menu' })).getByRole('link', {
        name: 'Dashboard',
      }),
    ).toHaveAttribute('href', '/gensec-tech');
    expect(
      within(screen.getByRole('navigation', { name: 'Main menu' })).getByRole('link', {
        name: 'Room booking',
      }),
    ).toHaveAttribute('aria-current', 'page');

    await userEvent.click(screen.getByRole('button', { name: 'Submit request' }));
    for (const message of [
      'Date is required',
      'Start time is required',
      'End time is required',
      'Room is required',
      'Description is required',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    const form = within(screen.getByRole('form', { name: 'New booking' }));
    await userEvent.type(form.getByLabelText(/^Date/), '2099-03-14');
    await userEvent.selectOptions(form.getByLabelText(/^Room/), 'Room A');
    expect(await screen.findByText('Taken (approved)')).toBeInTheDocument();
    await userEvent.type(form.getByLabelText(/^Start time/), '10:00');
    await userEvent.type(form.getByLabelText(/^End time/), '11:30');
    await userEvent.type(form.getByLabelText(/^Description/), 'Quiz club final');
    await userEvent.click(screen.getByRole('button', { name: 'Submit request' }));
    expect(await screen.findByText('Booking request submitted!')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/room-bookings')).toEqual([
      {
        date: '2099-03-14',
        startTime: '10:00',
        endTime: '11:30',
        roomId: '90000000-0000-4000-8000-000000000001',
        description: 'Quiz club final',
      },
    ]);
  });
});
