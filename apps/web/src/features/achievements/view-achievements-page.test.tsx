import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Achievement, AchievementList } from '@cosa/contracts';
import { loadPages } from '../../../test/load-pages';
import { makeUser, renderApp, stubApi } from '../../../test/render-app';

beforeAll(loadPages, 30_000);

// The first render of a lazy page in a file is cold; the query that waits for it waits longer.
const firstRender = { timeout: 10_000 };
const session = { body: { user: makeUser() } };

function achievement(overrides: Partial<Achievement>): Achievement {
  return {
    id: '00000000-0000-4000-8000-0000000000a0',
    achievementCode: 'ACH-0000',
    title: 'Untitled',
    description: null,
    category: null,
    type: 'other',
    level: null,
    event: null,
    dateAchieved: '2025-01-01',
    position: null,
    certificateUrl: null,
    verified: false,
    verifiedBy: null,
    verifiedAt: null,
    declineReason: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const hackathon = achievement({
  id: '00000000-0000-4000-8000-0000000000a1',
  achievementCode: 'ACH-0001',
  title: 'Smart India Hackathon',
  description: 'Built a campus navigation app.',
  category: 'Hackathon',
  type: 'technical',
  level: 'national',
  event: {
    id: '00000000-0000-4000-8000-0000000000f1',
    title: 'Smart India Hackathon 2025',
    description: null,
  },
  dateAchieved: '2025-03-05',
  position: 'Winner',
  certificateUrl: 'https://certificates.example.org/sih-2025.pdf',
  verified: true,
  verifiedBy: { name: 'Ishita Reddy' },
  verifiedAt: '2025-03-10T05:00:00.000Z',
  // 10:00 on 6 March in Asia/Kolkata
  createdAt: '2025-03-06T04:30:00.000Z',
});
const debate = achievement({
  id: '00000000-0000-4000-8000-0000000000a2',
  achievementCode: 'ACH-0002',
  title: 'Inter-college debate',
  category: 'Debate',
  type: 'cultural',
  level: 'college',
  dateAchieved: '2024-11-20',
  certificateUrl: 'javascript:alert(1)',
  // 00:15 on 22 November in Asia/Kolkata, still the 21st in UTC
  createdAt: '2024-11-21T18:45:00.000Z',
});
const chess = achievement({
  id: '00000000-0000-4000-8000-0000000000a3',
  achievementCode: 'ACH-0003',
  title: 'Chess Olympiad',
  category: 'Olympiad',
  type: 'sports',
  level: 'international',
  certificateUrl: 'ftp://files.example.org/chess.pdf',
});

function page(items: Achievement[], totals: Partial<AchievementList> = {}): { body: AchievementList } {
  return {
    body: {
      items,
      total: items.length,
      overall: items.length,
      page: 1,
      pageSize: 20,
      facets: {
        categories: ['Debate', 'Hackathon', 'Olympiad'],
        levels: ['college', 'international', 'national'],
      },
      ...totals,
    },
  };
}

/** The query strings of the list requests sent so far, oldest first. */
function listRequests(fetchMock: ReturnType<typeof stubApi>): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/me/achievements')
    .map((url) => url.searchParams);
}

const lastRequest = (fetchMock: ReturnType<typeof stubApi>) =>
  Object.fromEntries(listRequests(fetchMock).at(-1) ?? []);
const card = (title: string) => within(screen.getByRole('heading', { name: title }).closest('article')!);

describe('/view-achievements', { timeout: 20_000 }, () => {
  it("shows 'Showing X of Y achievements' and each card's details", async () => {
    stubApi({
      session,
      '/api/me/achievements': page([hackathon, debate, chess], { total: 3, overall: 5 }),
    });
    renderApp('/view-achievements');
    expect(await screen.findByText('Showing 3 of 5 achievements', {}, firstRender)).toBeInTheDocument();

    const first = card('Smart India Hackathon');
    for (const text of [
      'Built a campus navigation app.',
      'Hackathon',
      'National',
      'Verified',
      '05 Mar 2025',
      'Technical',
      'Winner',
      'Smart India Hackathon 2025',
      'Ishita Reddy',
    ]) {
      expect(first.getByText(text)).toBeInTheDocument();
    }
    expect(first.getByText('Added 06 Mar 2025 · ACH-0001')).toBeInTheDocument();
    const link = first.getByRole('link', { name: /^View Certificate/ });
    expect(link).toHaveAttribute('href', 'https://certificates.example.org/sih-2025.pdf');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');

    const second = card('Inter-college debate');
    expect(second.getByText('Pending')).toBeInTheDocument();
    expect(second.getByText('20 Nov 2024')).toBeInTheDocument();
    expect(second.getByText('Added 22 Nov 2024 · ACH-0002')).toBeInTheDocument();
  });

  it("marks a declined achievement 'Declined' with the official's reason, and filters by it", async () => {
    const declined = { ...debate, declineReason: 'The certificate does not show your name.' };
    const fetchMock = stubApi({ session, '/api/me/achievements': page([hackathon, declined]) });
    renderApp('/view-achievements');
    await screen.findByText('Showing 2 of 2 achievements', {}, firstRender);
    const second = card('Inter-college debate');
    expect(second.getByText('Declined')).toBeInTheDocument();
    expect(second.queryByText('Pending')).not.toBeInTheDocument();
    expect(second.getByText('The certificate does not show your name.')).toHaveTextContent(
      'Reason given by the official: The certificate does not show your name.',
    );
    expect(card('Smart India Hackathon').queryByText(/Reason given/)).not.toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Declined');
    await waitFor(() =>
      expect(lastRequest(fetchMock)).toEqual({ status: 'declined', page: '1', pageSize: '20' }),
    );
  });

  it('offers View Certificate only for an http or https address', async () => {
    stubApi({ session, '/api/me/achievements': page([hackathon, debate, chess]) });
    renderApp('/view-achievements');
    await screen.findByText('Showing 3 of 3 achievements', {}, firstRender);
    expect(screen.getAllByRole('link', { name: /^View Certificate/ })).toHaveLength(1);
    expect(
      card('Inter-college debate').queryByRole('link', { name: /^View Certificate/ }),
    ).not.toBeInTheDocument();
    expect(
      card('Chess Olympiad').queryByRole('link', { name: /^View Certificate/ }),
    ).not.toBeInTheDocument();
  });

  it('colours the five levels of the spec, each its own way, and other levels plain', async () => {
    const levels = [
      'international',
      'national',
      'state',
      'district',
      'college',
      'zonal',
      'inter-hostel',
    ];
    const items = levels.map((level, index) =>
      achievement({ id: `00000000-0000-4000-8000-00000000010${index}`, title: `Title ${level}`, level }),
    );
    stubApi({ session, '/api/me/achievements': page(items) });
    renderApp('/view-achievements');
    await screen.findByText('Showing 7 of 7 achievements', {}, firstRender);
    const badgeClass = (level: string) =>
      card(`Title ${level}`).getByText(level.charAt(0).toUpperCase() + level.slice(1)).className;
    const coloured = levels.slice(0, 5).map(badgeClass);
    expect(new Set(coloured).size).toBe(5);
    expect(badgeClass('zonal')).toBe(badgeClass('inter-hostel'));
    expect(coloured).not.toContain(badgeClass('zonal'));
  });

  it('says "You haven\'t added any achievements yet." when the student has none', async () => {
    stubApi({ session, '/api/me/achievements': page([], { total: 0, overall: 0 }) });
    renderApp('/view-achievements');
    expect(
      await screen.findByText("You haven't added any achievements yet.", {}, firstRender),
    ).toBeInTheDocument();
    expect(screen.queryByText('No achievements match your current filters.')).not.toBeInTheDocument();
  });

  it("says 'No achievements match your current filters.' when the filters leave none", async () => {
    stubApi({ session, '/api/me/achievements': page([], { total: 0, overall: 4 }) });
    renderApp('/view-achievements?status=pending');
    expect(
      await screen.findByText('No achievements match your current filters.', {}, firstRender),
    ).toBeInTheDocument();
    expect(screen.getByText('Showing 0 of 4 achievements')).toBeInTheDocument();
  });

  it("shows 'Failed to fetch achievements' in a red box, with Retry", async () => {
    let calls = 0;
    stubApi({
      session,
      '/api/me/achievements': () =>
        ++calls === 1
          ? { status: 500, body: { error: { code: 'INTERNAL_ERROR', message: 'Internal error' } } }
          : page([hackathon]),
    });
    renderApp('/view-achievements');
    expect(await screen.findByRole('alert', {}, firstRender)).toHaveTextContent(
      'Failed to fetch achievements',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Showing 1 of 1 achievements')).toBeInTheDocument();
  });

  it('shows a spinner while the list loads', async () => {
    stubApi({ session, '/api/me/achievements': 'pending' });
    renderApp('/view-achievements');
    expect(await screen.findByText('Loading achievements...', {}, firstRender)).toBeInTheDocument();
  });

  it('leads to /add-achievement', async () => {
    stubApi({ session, '/api/me/achievements': page([hackathon]) });
    renderApp('/view-achievements');
    // The page's own link, not the side menu's entry of the same name.
    const main = await screen.findByRole('heading', { level: 1 }, firstRender);
    const header = main.closest('header')!;
    expect(within(header).getByRole('link', { name: 'Add Achievement' })).toHaveAttribute(
      'href',
      '/add-achievement',
    );
  });

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
