import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPages } from '../../../test/load-pages';
import { renderApp, stubApi } from '../../../test/render-app';
import {
  beatboxSkill,
  debateWin,
  failure,
  firstRender,
  gensecSession,
  guitarClaim,
  kathakClaim,
  listRequests,
  pendingList,
  presidentSession,
} from './test-fixtures';

beforeAll(loadPages, 30_000);

const article = (name: string) => within(screen.getByRole('article', { name }));

describe('/gensec-endorse', { timeout: 20_000 }, () => {
  it('opens on User Skills and shows who submitted each one, when, and its fields', async () => {
    const fetchMock = stubApi({
      session: gensecSession,
      '/api/endorsements/user-skills': pendingList([guitarClaim, kathakClaim]),
    });
    renderApp('/gensec-endorse');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Endorsement Panel' }, firstRender),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Main menu' })).getByRole('link', {
        name: 'Dashboard',
      }),
    ).toHaveAttribute('href', '/gensec-cult');
    expect(
      within(screen.getByRole('navigation', { name: 'Main menu' })).getByRole('link', {
        name: 'Endorsement panel',
      }),
    ).toHaveAttribute('aria-current', 'page');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'User Skills',
      'Skills',
      'Achievements',
      'Positions',
    ]);
    expect(screen.getByRole('tab', { name: 'User Skills' })).toHaveAttribute('aria-selected', 'true');

    const guitar = await screen.findByRole('article', { name: 'Guitar' });
    expect(guitar).toHaveTextContent(
      'Submitted by Asha Verma (@asha, ID 12340001) on 10 Mar 2025, 14:30',
    );
    for (const text of ['Music', 'Cultural', 'Advanced', 'Music Club Coordinator'])
      expect(within(guitar).getByText(text)).toBeInTheDocument();
    expect(article('Kathak').getByText('None')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Kathak' })).toHaveTextContent(
      'Submitted by Kabir Singh (@kabir) on 11 Mar 2025, 10:00',
    );
    expect(listRequests(fetchMock, 'user-skills')).toEqual([{ page: '1', pageSize: '20' }]);
    expect(screen.queryByLabelText('Type')).not.toBeInTheDocument();
  });

  it('switches to Skills and Achievements, each with its own fields', async () => {
    const fetchMock = stubApi({
      session: gensecSession,
      '/api/endorsements/user-skills': pendingList([guitarClaim]),
      '/api/endorsements/skills': pendingList([beatboxSkill]),
      '/api/endorsements/achievements': pendingList([debateWin]),
    });
    renderApp('/gensec-endorse');
    await screen.findByRole('article', { name: 'Guitar' }, firstRender);

    await userEvent.click(screen.getByRole('tab', { name: 'Skills' }));
    const skill = await screen.findByRole('article', { name: 'Beatboxing' });
    expect(skill).toHaveTextContent(
      'Submitted by Asha Verma (@asha, ID 12340001) on 22 Nov 2024, 00:15',
    );
    for (const text of ['Music', 'Cultural', 'SKL-0042', 'Vocal percussion.'])
      expect(within(skill).getByText(text)).toBeInTheDocument();
    expect(listRequests(fetchMock, 'skills')).toEqual([{ page: '1', pageSize: '20' }]);

    await userEvent.click(screen.getByRole('tab', { name: 'Achievements' }));
    const achievement = await screen.findByRole('article', { name: 'Inter-college debate' });
    for (const text of [
      'Cultural',
      'Debate',
      'National',
      '14 Feb 2025',
      'Winner',
      'Spandan 2025',
      'Won the final on climate policy.',
    ]) {
      expect(within(achievement).getByText(text)).toBeInTheDocument();
    }
    const certificate = within(achievement).getByRole('link', { name: /^View Certificate/ });
    expect(certificate).toHaveAttribute('href', 'https://certificates.example.org/debate.pdf');
    expect(certificate).toHaveAttribute('target', '_blank');
    expect(certificate).toHaveAttribute('rel', 'noopener noreferrer');
    expect(
      within(achievement).getByRole('button', { name: 'Verify Inter-college debate by Asha Verma' }),
    ).toBeInTheDocument();
  });

  it('opens on the tab the address names', async () => {
    stubApi({ session: gensecSession, '/api/endorsements/achievements': pendingList([debateWin]) });
    renderApp('/gensec-endorse?tab=achievements');
    expect(
      await screen.findByRole('article', { name: 'Inter-college debate' }, firstRender),
    ).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Achievements' })).toHaveAttribute('aria-selected', 'true');
  });

  it.each([
    ['user-skills', 'All user skills endorsed!'],
    ['skills', 'All skills endorsed!'],
    ['achievements', 'No achievements pending endorsement.'],
  ])('says so when no %s are pending', async (kind, text) => {
    stubApi({ session: gensecSession, [`/api/endorsements/${kind}`]: pendingList([]) });
    renderApp(`/gensec-endorse?tab=${kind}`);
    expect(await screen.findByText(text, {}, firstRender)).toBeInTheDocument();
  });

  it.each([
    ['user-skills', 'Failed to load user skills. Please try again.'],
    ['skills', 'Failed to load skills. Please try again.'],
    ['achievements', 'Failed to load achievements'],
  ])('says so when the %s fail to load, and loads again on Retry', async (kind, text) => {
    let calls = 0;
    stubApi({
      session: gensecSession,
      [`/api/endorsements/${kind}`]: () =>
        ++calls === 1 ? failure(500, 'INTERNAL_ERROR', 'Internal error') : pendingList([]),
    });
    renderApp(`/gensec-endorse?tab=${kind}`);
    const alert = await screen.findByRole('alert', {}, firstRender);
    expect(alert).toHaveTextContent(text);
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('pages through a long list on the server', async () => {
    const fetchMock = stubApi({
      session: gensecSession,
      '/api/endorsements/user-skills': pendingList([guitarClaim], ['cultural'], { total: 45 }),
    });
    renderApp('/gensec-endorse');
    expect(await screen.findByText('Page 1 of 3', {}, firstRender)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(listRequests(fetchMock, 'user-skills').at(-1)).toEqual({ page: '2', pageSize: '20' }),
    );
  });

  it('gives the president a type filter, kept in the address and sent to the server', async () => {
    const every = ['academic', 'cultural', 'sports', 'technical', 'other'] as const;
    const fetchMock = stubApi({
      session: presidentSession,
      '/api/endorsements/user-skills': pendingList([guitarClaim], [...every]),
    });
    renderApp('/gensec-endorse?type=cultural');
    await screen.findByRole('article', { name: 'Guitar' }, firstRender);
    expect(
      within(screen.getByRole('navigation', { name: 'Main menu' })).getByRole('link', {
        name: 'Dashboard',
      }),
    ).toHaveAttribute('href', '/president-dashboard');
    const type = screen.getByLabelText('Type');
    expect(
      within(type)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All types', 'Academic', 'Cultural', 'Sports', 'Technical', 'Other']);
    expect(type).toHaveValue('cultural');
    expect(listRequests(fetchMock, 'user-skills')).toEqual([
      { page: '1', pageSize: '20', type: 'cultural' },
    ]);

    await userEvent.selectOptions(type, 'Sports');
    await waitFor(() =>
      expect(listRequests(fetchMock, 'user-skills').at(-1)).toEqual({
        page: '1',
        pageSize: '20',
        type: 'sports',
      }),
    );
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'All types');
    await waitFor(() =>
      expect(listRequests(fetchMock, 'user-skills').at(-1)).toEqual({ page: '1', pageSize: '20' }),
    );

    // The filter follows to the next tab.
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'Other');
    await userEvent.click(screen.getByRole('tab', { name: 'Achievements' }));
    await waitFor(() =>
      expect(listRequests(fetchMock, 'achievements')).toEqual([
        { page: '1', pageSize: '20', type: 'other' },
      ]),
    );
  });

  it("offers each exportable tab's CSV as a download carrying its type filter, never the page", async () => {
    const every = ['academic', 'cultural', 'sports', 'technical', 'other'] as const;
    stubApi({
      session: presidentSession,
      '/api/endorsements/user-skills': pendingList([guitarClaim], [...every], { total: 45, page: 2 }),
      '/api/endorsements/achievements': pendingList([debateWin], [...every]),
      '/api/endorsements/skills': pendingList([beatboxSkill], [...every]),
    });
    renderApp('/gensec-endorse?type=cultural&page=2');
    await screen.findByRole('article', { name: 'Guitar' }, firstRender);
    const link = screen.getByRole('link', { name: 'Export CSV' });
    expect(link).toHaveAttribute('href', '/api/endorsements/user-skills/export?type=cultural');
    expect(link).toHaveAttribute('download');
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'Sports');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
        'href',
        '/api/endorsements/user-skills/export?type=sports',
      ),
    );

    await userEvent.click(screen.getByRole('tab', { name: 'Achievements' }));
    await screen.findByRole('article', { name: debateWin.title });
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/endorsements/achievements/export?type=sports',
    );
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'All types');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
        'href',
        '/api/endorsements/achievements/export',
      ),
    );
    // The catalogue's skills have no export.
    await userEvent.click(screen.getByRole('tab', { name: 'Skills' }));
    await screen.findByRole('article', { name: beatboxSkill.name });
    expect(screen.queryByRole('link', { name: 'Export CSV' })).not.toBeInTheDocument();
  });
});
