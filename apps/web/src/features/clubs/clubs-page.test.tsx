import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPages } from '../../../test/load-pages';
import { makeUser, renderApp, stubApi } from '../../../test/render-app';
import {
  codingCard,
  CULTURAL_ID,
  directory,
  HACK_NIGHT_ID,
  musicCard,
  SCITECH_ID,
} from './club-fixtures';

beforeAll(loadPages, 30_000);

// The first render of a lazy page in a file is cold; the query that waits for it waits longer.
const firstRender = { timeout: 10_000 };
const student = { body: { user: makeUser() } };

/** The query strings of the directory requests sent so far, oldest first. */
function directoryRequests(fetchMock: ReturnType<typeof stubApi>): Record<string, string>[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/clubs')
    .map((url) => Object.fromEntries(url.searchParams));
}
const lastRequest = (fetchMock: ReturnType<typeof stubApi>) => directoryRequests(fetchMock).at(-1);
const card = (name: string) => within(screen.getByRole('link', { name }).closest('article')!);

describe('/clubs', { timeout: 20_000 }, () => {
  it('shows each club with its council, category, tags, summary, members and next events, recruiting first as the server orders them', async () => {
    stubApi({ session: student, '/api/clubs': directory([codingCard(), musicCard()]) });
    renderApp('/clubs');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Clubs' }, firstRender),
    ).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Clubs' });
    expect(
      within(list)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['Coding Club', 'Music Club']);
    expect(screen.getByText('2 clubs')).toBeInTheDocument();

    const coding = card('Coding Club');
    expect(screen.getByRole('link', { name: 'Coding Club' })).toHaveAttribute(
      'href',
      '/clubs/coding-club',
    );
    expect(coding.getByText('Science and Technology Council · Technical')).toBeInTheDocument();
    expect(coding.getByText('Recruiting now')).toBeInTheDocument();
    expect(coding.getByText('Competitive programming and the annual hackathon.')).toBeInTheDocument();
    expect(
      within(coding.getByRole('list', { name: 'Tags' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Algorithms', 'Web development']);
    expect(coding.getByText('42 members')).toBeInTheDocument();
    expect(coding.getByText('CC')).toBeInTheDocument();
    expect(coding.getByRole('link', { name: 'Hack Night' })).toHaveAttribute(
      'href',
      `/events/${HACK_NIGHT_ID}`,
    );
    expect(coding.getByText('· 1 Dec 2026, 18:30')).toBeInTheDocument();
    expect(coding.getByText('· Date to be announced')).toBeInTheDocument();
    expect(coding.getByText('+1 more')).toBeInTheDocument();
    expect(coding.queryByText('Member')).not.toBeInTheDocument();
    expect(coding.queryByText('Following')).not.toBeInTheDocument();

    const music = card('Music Club');
    expect(music.getByText('Cultural Council · Cultural')).toBeInTheDocument();
    expect(music.queryByText('Recruiting now')).not.toBeInTheDocument();
    expect(music.getByText('1 member')).toBeInTheDocument();
    expect(music.getByText('No upcoming events.')).toBeInTheDocument();
    expect(music.getByText('Member')).toBeInTheDocument();
    expect(music.getByText('Following')).toBeInTheDocument();
    expect(music.queryByText('MC')).not.toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Music Club' }).closest('article')!.querySelector('img'),
    ).toHaveAttribute('src', '/api/club-images/00000000-0000-4000-8000-0000000000f1');
  });

  it('says it is loading', async () => {
    stubApi({ session: student, '/api/clubs': 'pending' });
    renderApp('/clubs');
    expect(await screen.findByText('Loading clubs...', {}, firstRender)).toBeInTheDocument();
  });

  it('offers to try again after a failure, and shows the clubs once it works', async () => {
    let reply: { status?: number; body?: unknown } = {
      status: 500,
      body: { error: { code: 'INTERNAL', message: 'Boom' } },
    };
    stubApi({ session: student, '/api/clubs': () => reply });
    renderApp('/clubs');
    expect(
      await screen.findByText(
        'The clubs could not be loaded. Check your connection and try again.',
        {},
        firstRender,
      ),
    ).toBeInTheDocument();
    reply = directory([codingCard()]);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Coding Club' })).toBeInTheDocument();
  });

  it('sends the search to the server once typing pauses', async () => {
    const fetchMock = stubApi({ session: student, '/api/clubs': directory([codingCard()]) });
    renderApp('/clubs');
    const box = await screen.findByRole('searchbox', { name: 'Search clubs' }, firstRender);
    await userEvent.type(box, 'algoritms');
    await waitFor(() => expect(lastRequest(fetchMock)).toEqual({ q: 'algoritms' }));
    expect(directoryRequests(fetchMock)[0]).toEqual({});
  });

  it('reads the search and filters from the address', async () => {
    const fetchMock = stubApi({ session: student, '/api/clubs': directory([codingCard()]) });
    renderApp(`/clubs?q=robtics&council=${SCITECH_ID}&category=technical`);
    await screen.findByRole('link', { name: 'Coding Club' }, firstRender);
    expect(directoryRequests(fetchMock)).toEqual([
      { q: 'robtics', council: SCITECH_ID, category: 'technical' },
    ]);
    expect(screen.getByRole('searchbox', { name: 'Search clubs' })).toHaveValue('robtics');
    expect(screen.getByRole('combobox', { name: 'Council' })).toHaveValue(SCITECH_ID);
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('technical');
  });

  it('pages a long directory: how many in all, and the next page asked of the server', async () => {
    const fetchMock = stubApi({
      session: student,
      '/api/clubs': directory([codingCard()], { total: 30, page: 1, pageSize: 24 }),
    });
    renderApp('/clubs?q=club');
    await screen.findByRole('link', { name: 'Coding Club' }, firstRender);
    expect(screen.getByText('30 clubs')).toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: 'Club pages' });
    await userEvent.click(within(pager).getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(lastRequest(fetchMock)).toEqual({ q: 'club', page: '2' }));
  });

  it('turns a page past the last to the last page', async () => {
    const fetchMock = stubApi({
      session: student,
      '/api/clubs': () => {
        const asked = new URL(String(fetchMock.mock.calls.at(-1)?.[0]), 'http://localhost');
        const page = Number(asked.searchParams.get('page') ?? 1);
        return page > 2
          ? directory([], { total: 30, page, pageSize: 24 })
          : directory([codingCard()], { total: 30, page, pageSize: 24 });
      },
    });
    renderApp('/clubs?page=9');
    await screen.findByRole('link', { name: 'Coding Club' }, firstRender);
    expect(directoryRequests(fetchMock).map((query) => query.page)).toEqual(['9', '2']);
  });

  it('ignores a council in the address that is no id', async () => {
    const fetchMock = stubApi({ session: student, '/api/clubs': directory([codingCard()]) });
    renderApp('/clubs?council=scitech');
    await screen.findByRole('link', { name: 'Coding Club' }, firstRender);
    expect(directoryRequests(fetchMock)).toEqual([{}]);
  });

  it('narrows the list by council and category, and clears both', async () => {
    const fetchMock = stubApi({ session: student, '/api/clubs': directory([codingCard()]) });
    renderApp('/clubs');
    await screen.findByRole('link', { name: 'Coding Club' }, firstRender);
    const council = screen.getByRole('combobox', { name: 'Council' });
    expect(
      within(council)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All councils', 'Cultural Council', 'Science and Technology Council']);
    const category = screen.getByRole('combobox', { name: 'Category' });
    expect(
      within(category)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All categories', 'Cultural', 'Technical']);
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
    await userEvent.selectOptions(council, 'Cultural Council');
    await waitFor(() => expect(lastRequest(fetchMock)).toEqual({ council: CULTURAL_ID }));
    await userEvent.selectOptions(category, 'Cultural');
    await waitFor(() =>
      expect(lastRequest(fetchMock)).toEqual({ council: CULTURAL_ID, category: 'cultural' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(lastRequest(fetchMock)).toEqual({}));
    expect(screen.getByRole('combobox', { name: 'Council' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('');
  });

  it('says nothing matched a search and offers to clear it', async () => {
    const fetchMock = stubApi({
      session: student,
      '/api/clubs': () => {
        const last = lastRequest(fetchMock);
        return directory(last && Object.keys(last).length > 0 ? [] : [codingCard()]);
      },
    });
    renderApp(`/clubs?q=zzzz&category=cultural`);
    expect(
      await screen.findByText('No clubs match your search and filters.', {}, firstRender),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    expect(await screen.findByRole('link', { name: 'Coding Club' })).toBeInTheDocument();
    expect(lastRequest(fetchMock)).toEqual({});
    expect(screen.getByRole('searchbox', { name: 'Search clubs' })).toHaveValue('');
  });

  it('says when there are no clubs at all', async () => {
    stubApi({ session: student, '/api/clubs': directory([]) });
    renderApp('/clubs');
    expect(await screen.findByText('There are no clubs yet.', {}, firstRender)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear search and filters' })).not.toBeInTheDocument();
  });
});
