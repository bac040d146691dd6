import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPages } from '../../../test/load-pages';
import { renderApp, stubApi } from '../../../test/render-app';
import {
  firstRender,
  session,
  hackathon,
  debate,
  chess,
  page,
  listRequests,
  lastRequest,
} from '../../../test/achievement-fixtures';

beforeAll(loadPages, 30_000);

describe('/view-achievements: search, filters and pages', { timeout: 20_000 }, () => {
  it('sends the search, once typing pauses, and the filters to the server', async () => {
    const fetchMock = stubApi({ session, '/api/me/achievements': page([hackathon, debate, chess]) });
    renderApp('/view-achievements');
    await screen.findByText('Showing 3 of 3 achievements', {}, firstRender);
    expect(lastRequest(fetchMock)).toEqual({ page: '1', pageSize: '20' });

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search achievements' }), 'hack');
    await waitFor(() =>
      expect(lastRequest(fetchMock)).toEqual({ q: 'hack', page: '1', pageSize: '20' }),
    );
    // One request for the whole word, none for each letter typed.
    expect(
      listRequests(fetchMock)
        .filter((params) => params.has('q'))
        .map((params) => params.get('q')),
    ).toEqual(['hack']);

    const category = screen.getByLabelText('Category');
    expect(
      within(category)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All categories', 'Debate', 'Hackathon', 'Olympiad']);
    await userEvent.selectOptions(category, 'Hackathon');
    await waitFor(() =>
      expect(lastRequest(fetchMock)).toEqual({
        q: 'hack',
        category: 'Hackathon',
        page: '1',
        pageSize: '20',
      }),
    );

    await userEvent.selectOptions(screen.getByLabelText('Level'), 'national');
    const status = screen.getByLabelText('Status');
    expect(
      within(status)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All', 'Verified', 'Pending', 'Declined']);
    await userEvent.selectOptions(status, 'Verified');
    await waitFor(() =>
      expect(lastRequest(fetchMock)).toEqual({
        q: 'hack',
        category: 'Hackathon',
        level: 'national',
        status: 'verified',
        page: '1',
        pageSize: '20',
      }),
    );
  });

  it('reads the search and filters from the address, so a reload keeps them', async () => {
    const fetchMock = stubApi({ session, '/api/me/achievements': page([chess]) });
    renderApp('/view-achievements?q=chess&category=Olympiad&level=international&status=pending');
    await screen.findByText('Showing 1 of 1 achievements', {}, firstRender);
    expect(listRequests(fetchMock).map((params) => Object.fromEntries(params))).toEqual([
      {
        q: 'chess',
        category: 'Olympiad',
        level: 'international',
        status: 'pending',
        page: '1',
        pageSize: '20',
      },
    ]);
    expect(screen.getByRole('searchbox', { name: 'Search achievements' })).toHaveValue('chess');
    expect(screen.getByLabelText('Category')).toHaveValue('Olympiad');
    expect(screen.getByLabelText('Level')).toHaveValue('international');
    expect(screen.getByLabelText('Status')).toHaveValue('pending');
  });

  it('pages through a long list on the server', async () => {
    const fetchMock = stubApi({
      session,
      '/api/me/achievements': page([hackathon], { total: 45, overall: 50 }),
    });
    renderApp('/view-achievements');
    expect(
      await screen.findByText('Showing 45 of 50 achievements', {}, firstRender),
    ).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastRequest(fetchMock)).toEqual({ page: '2', pageSize: '20' }));
  });
});
