import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPages } from '../../../test/load-pages';
import { renderApp, stubApi } from '../../../test/render-app';
import {
  session,
  firstRender,
  POSITION_ID,
  holder,
  page,
  listQueries,
  lastQuery,
  cardOf,
} from '../../../test/position-fixtures';

beforeAll(loadPages, 30_000);

describe('/manage-position: the list', { timeout: 20_000 }, () => {
  it("shows each position's card with its appointment, metrics in rupees without decimals, and 'Showing X of Y positions'", async () => {
    stubApi({ session, '/api/me/positions': page([holder()], { total: 1, overall: 3 }) });
    renderApp('/manage-position');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Manage Positions' }, firstRender),
    ).toBeInTheDocument();
    const card = within(await cardOf('Cultural Secretary'));
    expect(card.getByRole('heading', { name: 'Cultural Secretary' })).toBeInTheDocument();
    expect(card.getByText('Cultural Council')).toBeInTheDocument();
    expect(card.getByText('Tenure 2024-2025')).toBeInTheDocument();
    expect(card.getByText('Active')).toBeInTheDocument();
    expect(card.getByText('Rohan Mehta')).toBeInTheDocument();
    expect(card.getByText('Jul 1, 2024')).toBeInTheDocument();
    expect(card.getByText('4')).toBeInTheDocument();
    expect(card.getByText('₹12,500')).toBeInTheDocument();
    expect(card.getByText('Ran the fest well')).toBeInTheDocument();
    expect(card.getByText('Jul 2, 2024')).toBeInTheDocument();
    // Created and updated on the same day: the updated date is not shown.
    expect(card.queryByText('Updated:')).not.toBeInTheDocument();
    expect(card.queryByText('Self-declared: awaiting verification')).not.toBeInTheDocument();
    expect(screen.getByText('Showing 1 of 3 positions')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '+ Add a Position' })).toBeInTheDocument();
  });

  it("groups rupees the Indian way, shows the updated date when it differs by a day, and marks self-declared, coordinator's and declined records", async () => {
    stubApi({
      session,
      '/api/me/positions': page([
        holder({
          verification: 'self_declared',
          metrics: { eventsOrganized: 0, budgetUtilized: 1234567.89, feedback: null },
          updatedAt: '2024-08-15T10:00:00.000Z',
        }),
        holder({
          id: '30000000-0000-4000-8000-000000000005',
          position: { id: POSITION_ID, positionCode: 'POS-002', title: 'Sports Secretary', unit: null },
          verification: 'declined',
          declineReason: 'No such post in 2024-2025.',
          status: 'terminated',
        }),
        holder({
          id: '30000000-0000-4000-8000-000000000006',
          position: { id: POSITION_ID, positionCode: 'POS-003', title: 'Design Lead', unit: null },
          verification: 'pending',
        }),
      ]),
    });
    renderApp('/manage-position');
    const first = within(await cardOf('Cultural Secretary'));
    expect(first.getByText('₹12,34,568')).toBeInTheDocument();
    expect(first.getByText('Updated:')).toBeInTheDocument();
    expect(first.getByText('Aug 15, 2024')).toBeInTheDocument();
    expect(first.getByText('Self-declared: awaiting verification')).toBeInTheDocument();
    expect(first.getByText('N/A')).toBeInTheDocument();
    const second = within(await cardOf('Sports Secretary'));
    expect(second.getByText('Unknown Department')).toBeInTheDocument();
    expect(second.getByText('Declined')).toBeInTheDocument();
    expect(second.getByText('No such post in 2024-2025.')).toBeInTheDocument();
    expect(second.queryByText('Self-declared: awaiting verification')).not.toBeInTheDocument();
    // A declined claim never held the position: its verification shows, not a status.
    expect(second.queryByText('Terminated')).not.toBeInTheDocument();
    const third = within(await cardOf('Design Lead'));
    expect(
      third.getByText("Appointed by the club's coordinator: awaiting verification"),
    ).toBeInTheDocument();
    expect(third.getByText('Active')).toBeInTheDocument();
  });

  it("falls back to 'Unknown Position', 'Unknown Department' and 'N/A' for what is missing", async () => {
    stubApi({ session, '/api/me/positions': page([holder({ position: null, appointment: null })]) });
    renderApp('/manage-position');
    const card = within(await cardOf('Unknown Position'));
    expect(card.getByRole('heading', { name: 'Unknown Position' })).toBeInTheDocument();
    expect(card.getByText('Unknown Department')).toBeInTheDocument();
    expect(card.getAllByText('N/A')).toHaveLength(2);
  });

  it("shows 'N/A' for the budget utilized of a record whose unit's money the student may not see", async () => {
    stubApi({
      session,
      '/api/me/positions': page([
        holder({
          verification: 'self_declared',
          metrics: { eventsOrganized: 1, budgetUtilized: null, feedback: 'Ran the open mic' },
        }),
      ]),
    });
    renderApp('/manage-position');
    const card = within(await cardOf('Cultural Secretary'));
    expect(card.getByText('Budget utilized', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      /^N\/A$/,
    );
    expect(card.queryByText(/₹/)).not.toBeInTheDocument();
  });

  it("says 'You haven't been assigned any positions yet.' when the student has none", async () => {
    stubApi({ session, '/api/me/positions': page([]) });
    renderApp('/manage-position');
    expect(
      await screen.findByText("You haven't been assigned any positions yet.", {}, firstRender),
    ).toBeInTheDocument();
    expect(screen.queryByText('No positions match your current filters.')).not.toBeInTheDocument();
    expect(screen.getByText('Showing 0 of 0 positions')).toBeInTheDocument();
  });

  it("says 'No positions match your current filters.' when the filters leave nothing", async () => {
    stubApi({ session, '/api/me/positions': page([], { overall: 3 }) });
    renderApp('/manage-position?status=terminated');
    expect(
      await screen.findByText('No positions match your current filters.', {}, firstRender),
    ).toBeInTheDocument();
    expect(screen.queryByText("You haven't been assigned any positions yet.")).not.toBeInTheDocument();
    expect(screen.getByText('Showing 0 of 3 positions')).toBeInTheDocument();
  });

  it("shows 'Failed to fetch positions' in a red box when the list cannot load", async () => {
    stubApi({
      session,
      '/api/me/positions': {
        status: 500,
        body: { error: { code: 'INTERNAL', message: 'Something went wrong.' } },
      },
    });
    renderApp('/manage-position');
    expect(await screen.findByRole('alert', {}, firstRender)).toHaveTextContent(
      'Failed to fetch positions',
    );
  });

  it('shows a spinner while the list loads', async () => {
    stubApi({ session, '/api/me/positions': 'pending' });
    renderApp('/manage-position');
    expect(
      (await screen.findByText('Loading positions', {}, firstRender)).closest('[role="status"]'),
    ).toBeInTheDocument();
  });

  it('sends the filters in the address to the server', async () => {
    const fetchMock = stubApi({ session, '/api/me/positions': page([holder()]) });
    renderApp('/manage-position?q=fest&status=completed&tenureYear=2023-2024&page=2');
    await cardOf('Cultural Secretary');
    expect(lastQuery(fetchMock)).toEqual({
      q: 'fest',
      status: 'completed',
      tenureYear: '2023-2024',
      page: '2',
      pageSize: '20',
    });
    expect(screen.getByLabelText('Search positions')).toHaveValue('fest');
    expect(screen.getByLabelText('Status')).toHaveValue('completed');
    expect(screen.getByLabelText('Tenure year')).toHaveValue('2023-2024');
  });

  it('sends the search once typing rests, and the status and tenure year as chosen, going back to page 1', async () => {
    const fetchMock = stubApi({ session, '/api/me/positions': page([holder()]) });
    renderApp('/manage-position?page=2');
    await cardOf('Cultural Secretary');
    expect(lastQuery(fetchMock)).toEqual({ page: '2', pageSize: '20' });

    const status = screen.getByLabelText('Status');
    expect(
      within(status)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All', 'Active', 'Completed', 'Terminated']);
    const tenure = screen.getByLabelText('Tenure year');
    expect(
      within(tenure)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All', '2024-2025', '2023-2024']);

    await userEvent.type(screen.getByLabelText('Search positions'), 'secretary');
    await waitFor(() =>
      expect(lastQuery(fetchMock)).toEqual({ q: 'secretary', page: '1', pageSize: '20' }),
    );
    // Debounced: the half-typed words were never sent.
    expect(
      listQueries(fetchMock)
        .filter((query) => query.has('q'))
        .map((query) => query.get('q')),
    ).toEqual(['secretary']);

    await userEvent.selectOptions(status, 'Completed');
    await waitFor(() =>
      expect(lastQuery(fetchMock)).toEqual({
        q: 'secretary',
        status: 'completed',
        page: '1',
        pageSize: '20',
      }),
    );
    await userEvent.selectOptions(tenure, '2023-2024');
    await waitFor(() =>
      expect(lastQuery(fetchMock)).toEqual({
        q: 'secretary',
        status: 'completed',
        tenureYear: '2023-2024',
        page: '1',
        pageSize: '20',
      }),
    );
    await userEvent.selectOptions(status, 'All');
    await waitFor(() =>
      expect(lastQuery(fetchMock)).toEqual({
        q: 'secretary',
        tenureYear: '2023-2024',
        page: '1',
        pageSize: '20',
      }),
    );
  });

  it('pages through more than a page of positions', async () => {
    const fetchMock = stubApi({
      session,
      '/api/me/positions': page([holder()], { total: 45, overall: 45 }),
    });
    renderApp('/manage-position');
    await cardOf('Cultural Secretary');
    const pager = screen.getByRole('navigation', { name: 'Positions pages' });
    expect(within(pager).getByText('Page 1 of 3')).toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastQuery(fetchMock)).toEqual({ page: '2', pageSize: '20' }));
    expect(await within(pager).findByText('Page 2 of 3')).toBeInTheDocument();
  });

  it('shows no pager when everything fits on one page', async () => {
    stubApi({ session, '/api/me/positions': page([holder()], { total: 20, overall: 20 }) });
    renderApp('/manage-position');
    await cardOf('Cultural Secretary');
    expect(screen.queryByRole('navigation', { name: 'Positions pages' })).not.toBeInTheDocument();
  });
});
