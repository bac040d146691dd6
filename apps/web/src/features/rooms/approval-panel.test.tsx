import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPages } from '../../../test/load-pages';
import { renderApp, stubApi } from '../../../test/render-app';
import { approvalList, booking, president } from './room-fixtures';

beforeAll(loadPages, 30_000);

const firstRender = { timeout: 10_000 };
const counts = { all: 4, Pending: 2, Approved: 1, Rejected: 0 };

describe('/president-approval rows', { timeout: 20_000 }, () => {
  it('shows the decision time in the date style of the table', async () => {
    stubApi({
      session: president,
      '/api/room-bookings': approvalList(
        [
          booking({
            status: 'Approved',
            description: 'Dance practice',
            decidedBy: { name: 'Rohan Mehta' },
            decidedAt: '2099-03-02T10:00:00.000Z',
          }),
        ],
        { all: 1, Pending: 0, Approved: 1, Rejected: 0 },
      ),
    });
    renderApp('/president-approval');
    const row = within(await screen.findByRole('row', { name: /Dance practice/ }, firstRender));
    expect(row.getByText('Sat, 14 Mar 2099')).toBeInTheDocument();
    expect(row.getByText('by Rohan Mehta on Mon, 2 Mar 2099, 15:30')).toBeInTheDocument();
  });

  it('offers only Reject on a request over an approved booking, naming it; marks clashing and expired requests', async () => {
    stubApi({
      session: president,
      '/api/room-bookings': approvalList(
        [
          booking({
            id: '80000000-0000-4000-8000-000000000011',
            description: 'Music jam',
            startTime: '11:00',
            endTime: '13:00',
            approvedOverlap: { startTime: '10:00', endTime: '12:00' },
          }),
          booking({
            id: '80000000-0000-4000-8000-000000000012',
            description: 'Quiz practice',
            clashes: true,
          }),
          booking({
            id: '80000000-0000-4000-8000-000000000013',
            description: 'Mock parliament',
            date: '2026-01-05',
            status: 'Expired',
          }),
          booking({
            id: '80000000-0000-4000-8000-000000000014',
            description: 'Chess session',
            status: 'Approved',
            decidedBy: { name: 'Rohan Mehta' },
          }),
        ],
        counts,
      ),
    });
    renderApp('/president-approval');
    const jam = within(await screen.findByRole('row', { name: /Music jam/ }, firstRender));
    expect(jam.getByText('Overlaps the approved booking 10:00 – 12:00')).toBeInTheDocument();
    expect(jam.queryByText('Clashes with another request')).toBeNull();
    expect(jam.getAllByRole('button').map((button) => button.textContent)).toEqual(['Reject']);

    const quiz = within(screen.getByRole('row', { name: /Quiz practice/ }));
    expect(quiz.getByText('Clashes with another request')).toBeInTheDocument();
    expect(quiz.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Approve',
      'Reject',
    ]);

    const expired = within(screen.getByRole('row', { name: /Mock parliament/ }));
    expect(expired.getByText('Expired')).toBeInTheDocument();
    expect(expired.getByText('Its time passed without a decision.')).toBeInTheDocument();
    expect(expired.queryByRole('button')).toBeNull();
    expect(expired.getByText('No actions available')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'All Requests (4)',
      'Pending (2)',
      'Approved (1)',
      'Rejected (0)',
    ]);
  });

  it("offers the tab's CSV as a download carrying the tab and search, never the page", async () => {
    stubApi({
      session: president,
      '/api/room-bookings': approvalList([booking({ description: 'Quiz practice' })], counts),
    });
    renderApp('/president-approval?status=Pending&q=quiz&page=2');
    await screen.findByRole('row', { name: /Quiz practice/ }, firstRender);
    const link = screen.getByRole('link', { name: 'Export CSV' });
    expect(link).toHaveAttribute('href', '/api/room-bookings/export?status=Pending&q=quiz');
    expect(link).toHaveAttribute('download');
    await userEvent.click(screen.getByRole('tab', { name: /^Approved/ }));
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
        'href',
        '/api/room-bookings/export?status=Approved&q=quiz',
      ),
    );
  });

  it('shows the last page, with its pager, when the address asks for a page past the end', async () => {
    let calls = 0;
    const fetchMock = stubApi({
      session: president,
      // The first answer is for page 999 of a list with 25 matches; the next one for page 2.
      '/api/room-bookings': () => {
        calls += 1;
        return calls === 1
          ? approvalList([], { all: 25, Pending: 25, Approved: 0, Rejected: 0 }, 999, 25)
          : approvalList(
              [booking({ description: 'Last page request' })],
              { all: 25, Pending: 25, Approved: 0, Rejected: 0 },
              2,
              25,
            );
      },
    });
    renderApp('/president-approval?page=999');
    expect(
      await screen.findByRole('row', { name: /Last page request/ }, firstRender),
    ).toBeInTheDocument();
    expect(screen.queryByText('No booking requests found')).toBeNull();
    const pager = within(screen.getByRole('navigation', { name: 'Booking request pages' }));
    expect(pager.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(pager.getByRole('button', { name: 'Previous' })).toBeEnabled();
    const pages = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname === '/api/room-bookings')
      .map((url) => url.searchParams.get('page'));
    expect(pages).toEqual(['999', '2']);
  });
});
