import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPages } from '../../../test/load-pages';
import { renderApp, stubApi } from '../../../test/render-app';
import {
  complaint,
  feedbackPage,
  listRequests,
  officialSession,
  query,
  studentSession,
} from './view-feedback-fixtures';

beforeAll(loadPages, 30_000);

// The first render of a lazy page in a file is cold; the query that waits for it waits longer.
const firstRender = { timeout: 10_000 };
const lastRequest = (fetchMock: ReturnType<typeof stubApi>) => listRequests(fetchMock).at(-1);

describe('/viewfeedback', { timeout: 20_000 }, () => {
  it('shows the totals, the status filter with its counts and the type filter, and asks for all feedback', async () => {
    const fetchMock = stubApi({
      session: studentSession,
      '/api/feedback': feedbackPage([complaint, query], {
        total: 12,
        counts: { all: 12, resolved: 5, unresolved: 7 },
      }),
    });
    renderApp('/viewfeedback');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Feedback' }, firstRender),
    ).toBeInTheDocument();
    const totals = within(await screen.findByRole('region', { name: 'Totals' }));
    expect(totals.getAllByRole('term').map((term) => term.textContent)).toEqual([
      'Total',
      'Resolved',
      'Not Resolved',
    ]);
    expect(totals.getAllByRole('definition').map((value) => value.textContent)).toEqual([
      '12',
      '5',
      '7',
    ]);

    const status = within(screen.getByRole('group', { name: 'Status' }));
    expect(status.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'All (12)',
      'Resolved (5)',
      'Not Resolved (7)',
    ]);
    expect(status.getByRole('button', { name: 'All (12)' })).toHaveAttribute('aria-pressed', 'true');
    const type = screen.getByLabelText('Feedback type');
    expect(
      within(type)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'All',
      'Suggestion',
      'Complaint',
      'General Feedback',
      'Query',
      'Appreciation',
      'Report',
      'Other',
    ]);
    expect(listRequests(fetchMock)).toEqual([{ status: 'all', page: '1', pageSize: '20' }]);
  });

  it('sends the chosen status and type to the server, back on page 1, and keeps them in the address', async () => {
    const fetchMock = stubApi({
      session: studentSession,
      '/api/feedback': feedbackPage([complaint], { total: 45, page: 2 }),
    });
    renderApp('/viewfeedback?page=2');
    await screen.findByText('Page 2 of 3', {}, firstRender);
    expect(lastRequest(fetchMock)).toEqual({ status: 'all', page: '2', pageSize: '20' });

    await userEvent.click(screen.getByRole('button', { name: /^Not Resolved/ }));
    await waitFor(() =>
      expect(lastRequest(fetchMock)).toEqual({ status: 'unresolved', page: '1', pageSize: '20' }),
    );
    expect(screen.getByRole('button', { name: /^Not Resolved/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await userEvent.selectOptions(screen.getByLabelText('Feedback type'), 'General Feedback');
    await waitFor(() =>
      expect(lastRequest(fetchMock)).toEqual({
        status: 'unresolved',
        type: 'General Feedback',
        page: '1',
        pageSize: '20',
      }),
    );

    await userEvent.click(screen.getByRole('button', { name: /^All/ }));
    await waitFor(() =>
      expect(lastRequest(fetchMock)).toEqual({
        status: 'all',
        type: 'General Feedback',
        page: '1',
        pageSize: '20',
      }),
    );
    await userEvent.selectOptions(screen.getByLabelText('Feedback type'), 'All');
    await waitFor(() =>
      expect(lastRequest(fetchMock)).toEqual({ status: 'all', page: '1', pageSize: '20' }),
    );
  });

  it('reads the filters from the address, so a reload keeps them', async () => {
    const fetchMock = stubApi({ session: studentSession, '/api/feedback': feedbackPage([query]) });
    renderApp('/viewfeedback?status=resolved&type=Query');
    await screen.findByRole('heading', { name: /^Query/ }, firstRender);
    expect(listRequests(fetchMock)).toEqual([
      { status: 'resolved', type: 'Query', page: '1', pageSize: '20' },
    ]);
    expect(screen.getByRole('button', { name: /^Resolved/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('Feedback type')).toHaveValue('Query');
  });

  it('opens one feedback from a search result, and shows the whole list again on request', async () => {
    const id = '7d3f5a2e-4c1b-4e8a-9f6d-2b1c0a9e8d7f';
    const fetchMock = stubApi({ session: officialSession, '/api/feedback': feedbackPage([complaint]) });
    renderApp(`/viewfeedback?status=unresolved&id=${id}`);
    await screen.findByText('Showing one feedback, opened from the search.', {}, firstRender);
    expect(listRequests(fetchMock)).toEqual([{ status: 'unresolved', id, page: '1', pageSize: '20' }]);
    await userEvent.click(screen.getByRole('button', { name: 'Show all feedback' }));
    await waitFor(() =>
      expect(lastRequest(fetchMock)).toEqual({ status: 'unresolved', page: '1', pageSize: '20' }),
    );
    expect(screen.queryByText('Showing one feedback, opened from the search.')).not.toBeInTheDocument();
  });

  it('says so when the feedback a link names is not there to see', async () => {
    stubApi({ session: studentSession, '/api/feedback': feedbackPage([]) });
    renderApp('/viewfeedback?id=7d3f5a2e-4c1b-4e8a-9f6d-2b1c0a9e8d7f');
    expect(
      await screen.findByText('This feedback does not exist or is not yours to see.', {}, firstRender),
    ).toBeInTheDocument();
  });

  it("offers the list's CSV as a download carrying the filters in force, never the page", async () => {
    stubApi({
      session: officialSession,
      '/api/feedback': feedbackPage([complaint], { total: 45, page: 2 }),
    });
    renderApp('/viewfeedback?status=resolved&page=2');
    const link = await screen.findByRole('link', { name: 'Export CSV' }, firstRender);
    expect(link).toHaveAttribute('href', '/api/feedback/export?status=resolved');
    expect(link).toHaveAttribute('download');
    await userEvent.selectOptions(screen.getByLabelText('Feedback type'), 'General Feedback');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
        'href',
        '/api/feedback/export?status=resolved&type=General+Feedback',
      ),
    );
  });

  it('pages through a long list on the server', async () => {
    const fetchMock = stubApi({
      session: studentSession,
      '/api/feedback': feedbackPage([complaint], { total: 45 }),
    });
    renderApp('/viewfeedback');
    expect(await screen.findByText('Page 1 of 3', {}, firstRender)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(lastRequest(fetchMock)).toEqual({ status: 'all', page: '2', pageSize: '20' }),
    );
  });
});
