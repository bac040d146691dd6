import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPages } from '../../../test/load-pages';
import { renderApp, stubApi } from '../../../test/render-app';
import {
  firstRender,
  session,
  achievement,
  hackathon,
  debate,
  chess,
  page,
  lastRequest,
  card,
} from '../../../test/achievement-fixtures';

beforeAll(loadPages, 30_000);

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
});
