import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/render-app';
import { GlobalSearch } from './global-search';

const TANVI = {
  q: 'tanvi',
  groups: [
    {
      kind: 'people',
      total: 7,
      items: [
        { id: 'p1', label: 'Tanvi Oberoi', detail: 'B.Tech · Batch 2023', url: '/people/p1' },
        { id: 'p2', label: 'Tanvi Rao', detail: 'M.Tech · Batch 2024', url: '/people/p2' },
      ],
    },
    {
      kind: 'events',
      total: 1,
      items: [
        { id: 'e1', label: 'Tanvi’s Recital', detail: 'Music Club · 14 Mar 2031', url: '/events/e1' },
      ],
    },
    {
      kind: 'positions',
      total: 300,
      items: [{ id: 's1', label: 'Tanvi Chair', detail: 'Music Club · Lead', url: '/council' }],
    },
  ],
};

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

function renderSearch(path = '/home', boxes = 1) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <label>
          Notes
          <input />
        </label>
        {Array.from({ length: boxes }, (_, index) => (
          <GlobalSearch key={index} />
        ))}
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The search requests sent, as their ?q= values. */
const searched = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/search')
    .map((url) => url.searchParams.get('q'));

const palette = () => screen.findByRole('dialog', { name: 'Search the portal' });
const field = () => screen.findByRole('combobox', { name: /Search people, clubs, events/ });

describe('GlobalSearch', { timeout: 20_000 }, () => {
  it('opens from its button, from Ctrl+K, Cmd+K and "/", but not while typing in a field', async () => {
    const user = userEvent.setup();
    stubApi({ '/api/search': { body: TANVI } });
    renderSearch();
    const button = screen.getByRole('button', { name: 'Search' });
    expect(button).toHaveAttribute('aria-keyshortcuts', 'Control+K Meta+K /');

    await user.click(button);
    expect(await palette()).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(button).toHaveFocus());

    await user.keyboard('{Control>}k{/Control}');
    expect(await field()).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.keyboard('{Meta>}k{/Meta}');
    expect(await palette()).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const notes = screen.getByRole('textbox', { name: 'Notes' });
    await user.type(notes, 'a/b');
    expect(notes).toHaveValue('a/b');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(document.body);
    await user.keyboard('/');
    expect(await field()).toHaveValue('');
  });

  it("opens on arrival at an address with '?search' (the installed app's Search shortcut), once, and the address loses it", async () => {
    stubApi({ '/api/search': { body: TANVI } });
    // A dashboard shows a second box: one palette opens, not two.
    renderSearch('/home?search&tab=past', 2);
    expect(await palette()).toBeInTheDocument();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/home\?tab=past$/);
  });

  it('lists the results grouped under their headings, each a link, with the counts beyond those shown', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({ '/api/search': { body: TANVI } });
    renderSearch();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.type(await field(), 'tanvi');

    const people = await screen.findByRole('group', { name: 'People' });
    const events = screen.getByRole('group', { name: 'Events' });
    expect(
      within(people)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Tanvi OberoiB.Tech · Batch 2023', 'Tanvi RaoM.Tech · Batch 2024']);
    expect(within(people).getByRole('option', { name: /Tanvi Oberoi/ })).toHaveAttribute(
      'href',
      '/people/p1',
    );
    expect(within(events).getByRole('option', { name: /Recital/ })).toHaveAttribute(
      'href',
      '/events/e1',
    );
    expect(screen.getByText('2 of 7')).toBeInTheDocument();
    // The server counts no further than 300.
    expect(within(screen.getByRole('group', { name: 'Positions' })).getAllByRole('option')).toHaveLength(
      1,
    );
    expect(screen.getByText('1 of 300+')).toBeInTheDocument();
    // Typing pauses before the search is sent: one request for the whole word.
    expect(searched(fetchMock)).toEqual(['tanvi']);
  });

  it('moves through the results with the arrow keys and opens the highlighted one with Enter', async () => {
    const user = userEvent.setup();
    stubApi({ '/api/search': { body: TANVI } });
    renderSearch();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const input = await field();
    await user.type(input, 'tanvi');
    const first = await screen.findByRole('option', { name: /Tanvi Oberoi/ });
    expect(first).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const recital = screen.getByRole('option', { name: /Recital/ });
    expect(recital).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', recital.id);
    expect(input).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('option', { name: /Tanvi Rao/ })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/people/p2'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('opens a result that is clicked and closes', async () => {
    const user = userEvent.setup();
    stubApi({ '/api/search': { body: TANVI } });
    renderSearch();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.type(await field(), 'tanvi');
    await user.click(await screen.findByRole('option', { name: /Recital/ }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/events/e1'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('asks for two characters before searching, and says when nothing matches', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({ '/api/search': { body: { q: 'zq', groups: [] } } });
    renderSearch();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.type(await field(), 'z');
    expect(screen.getByText(/Type at least 2 characters/)).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(searched(fetchMock)).toEqual([]);
    await user.type(await field(), 'q');
    expect(await screen.findByText('No results for “zq”.')).toBeInTheDocument();
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it('says so when the search fails, and searches again on Retry', async () => {
    const user = userEvent.setup();
    let fail = true;
    stubApi({
      '/api/search': () =>
        fail
          ? { status: 500, body: { error: { code: 'INTERNAL', message: 'Something went wrong.' } } }
          : { body: TANVI },
    });
    renderSearch();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.type(await field(), 'tanvi');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The search could not be run. Check your connection and try again.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('option', { name: /Tanvi Oberoi/ })).toBeInTheDocument();
  });
});
