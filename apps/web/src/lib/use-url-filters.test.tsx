import { useCallback } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  UNSAFE_createMemoryHistory,
  unstable_HistoryRouter as HistoryRouter,
  useLocation,
} from 'react-router';
import { describe, expect, it } from 'vitest';
import { SearchField } from '../components/ui/search-field';
import { pageFrom, searchFrom, useUrlFilters } from './use-url-filters';

type Filters = { q: string; level: string; page: number };

/** A list page: its search box and "Clear search and filters", kept in the address. */
function ListPage() {
  const read = useCallback(
    (params: URLSearchParams): Filters => ({
      q: searchFrom(params.get('q')),
      level: params.get('level') ?? '',
      page: 1,
    }),
    [],
  );
  const { filters, update } = useUrlFilters(read);
  const location = useLocation();
  return (
    <>
      <SearchField label="Search" value={filters.q} onSearch={(q) => update({ q })} />
      <button type="button" onClick={() => update({ level: 'national' })}>
        National only
      </button>
      <button type="button" onClick={() => update({ q: '', level: '' })}>
        Clear search and filters
      </button>
      <p>In the address: {location.search || 'nothing'}</p>
    </>
  );
}

/**
 * The page over a history whose changes reach the page `lateMs` after they are made, as the
 * browser router's do (it changes the page's location in a transition, after what is typed).
 */
function renderLate(entries: string[], lateMs: number) {
  const history = UNSAFE_createMemoryHistory({
    initialEntries: entries,
    initialIndex: entries.length - 1,
    v5Compat: true,
  });
  const late = Object.create(history) as typeof history;
  late.listen = (listener) => history.listen((update) => setTimeout(() => listener(update), lateMs));
  render(
    <HistoryRouter history={late}>
      <ListPage />
    </HistoryRouter>,
  );
  return history;
}

const box = () => screen.getByRole('searchbox', { name: 'Search' });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Waits for the page's address to read `search` ('nothing' for none). */
const addressReads = (search: string) =>
  screen.findByText(`In the address: ${search}`, {}, { timeout: 2000 });
const clearAll = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: 'Clear search and filters' }));

describe('a list search kept in the address', () => {
  it('empties the box at "Clear search and filters", so what is typed next is searched alone', async () => {
    const user = userEvent.setup();
    renderLate(['/list?q=robotics'], 150);
    expect(box()).toHaveValue('robotics');
    await clearAll(user);
    await user.type(box(), 'kiln');
    await addressReads('?q=kiln');
    expect(box()).toHaveValue('kiln');
  });

  it('keeps letters typed while the search before them reaches the address', async () => {
    const user = userEvent.setup();
    renderLate(['/list'], 400);
    await user.type(box(), 'kil');
    await pause(350);
    await user.type(box(), 'n');
    await addressReads('?q=kil');
    expect(box()).toHaveValue('kiln');
    await addressReads('?q=kiln');
    expect(box()).toHaveValue('kiln');
  });

  it('clears a search typed but not yet sent when "Clear search and filters" comes at once', async () => {
    const user = userEvent.setup();
    renderLate(['/list?q=Google'], 150);
    await user.type(box(), 'x');
    await clearAll(user);
    expect(box()).toHaveValue('');
    await addressReads('nothing');
    await pause(500);
    expect(box()).toHaveValue('');
    expect(screen.getByText('In the address: nothing')).toBeInTheDocument();
  });

  it('shows the earlier search after the back button, over letters typed just before it', async () => {
    const user = userEvent.setup();
    const history = renderLate(['/list?q=robotics', '/list?q=a'], 150);
    await user.type(box(), 'zz');
    act(() => history.go(-1));
    await addressReads('?q=robotics');
    await waitFor(() => expect(box()).toHaveValue('robotics'));
    await pause(500);
    expect(box()).toHaveValue('robotics');
    expect(history.location.search).toBe('?q=robotics');
    expect(history.index).toBe(0);
  });

  it('keeps a search on its way when a filter is chosen at once', async () => {
    const user = userEvent.setup();
    renderLate(['/list'], 400);
    await user.type(box(), 'kiln');
    await pause(350);
    await user.click(screen.getByRole('button', { name: 'National only' }));
    await addressReads('?q=kiln&level=national');
    await pause(500);
    expect(screen.getByText('In the address: ?q=kiln&level=national')).toBeInTheDocument();
    expect(box()).toHaveValue('kiln');
  });
});

describe('the page in the address', () => {
  it('reads a page past the furthest a list is asked for as that page, and nonsense as the first', () => {
    expect(pageFrom(new URLSearchParams('page=100001'))).toBe(100000);
    expect(pageFrom(new URLSearchParams('page=7'))).toBe(7);
    expect(pageFrom(new URLSearchParams('page=-2'))).toBe(1);
    expect(pageFrom(new URLSearchParams('page=1.5'))).toBe(1);
  });
});
