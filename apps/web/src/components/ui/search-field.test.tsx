import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SearchField } from './search-field';

/**
 * A list page's search box over an address that changes a moment after it is asked to (as the
 * router's navigations do): "Clear" empties the search, the box sends what is typed.
 */
function ListPage({
  onSearch,
  addressDelayMs,
}: {
  onSearch: (q: string) => void;
  addressDelayMs: number;
}) {
  const [q, setQ] = useState('robotics');
  const toAddress = (next: string) => setTimeout(() => setQ(next), addressDelayMs);
  return (
    <>
      <SearchField
        label="Search"
        value={q}
        onSearch={(next) => {
          onSearch(next);
          toAddress(next);
        }}
      />
      <button type="button" onClick={() => toAddress('')}>
        Clear
      </button>
      <p>In the address: {q || 'nothing'}</p>
    </>
  );
}

describe('SearchField', () => {
  it('shows a search cleared from outside the box', async () => {
    const user = userEvent.setup();
    render(<ListPage onSearch={() => undefined} addressDelayMs={10} />);
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('robotics');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await screen.findByText('In the address: nothing');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
  });

  it('keeps what is typed while a change asked for before it reaches the address', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    render(<ListPage onSearch={onSearch} addressDelayMs={150} />);
    const box = screen.getByRole('searchbox', { name: 'Search' });
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await user.clear(box);
    await user.type(box, 'kiln');
    await screen.findByText('In the address: nothing');
    expect(box).toHaveValue('kiln');
    await waitFor(() => expect(onSearch).toHaveBeenLastCalledWith('kiln'));
    await screen.findByText('In the address: kiln');
    expect(box).toHaveValue('kiln');
  });

  it('keeps letters typed while the search before them reaches the address', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    render(<ListPage onSearch={onSearch} addressDelayMs={400} />);
    const box = screen.getByRole('searchbox', { name: 'Search' });
    await user.clear(box);
    await user.type(box, 'kil');
    await waitFor(() => expect(onSearch).toHaveBeenLastCalledWith('kil'));
    await user.type(box, 'n');
    await screen.findByText('In the address: kil');
    expect(box).toHaveValue('kiln');
    await screen.findByText('In the address: kiln', {}, { timeout: 2000 });
    expect(box).toHaveValue('kiln');
  });

  it('still shows a clear after letters typed and taken back', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    render(<ListPage onSearch={onSearch} addressDelayMs={10} />);
    const box = screen.getByRole('searchbox', { name: 'Search' });
    await user.type(box, 'x{Backspace}');
    expect(box).toHaveValue('robotics');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await screen.findByText('In the address: nothing');
    expect(box).toHaveValue('');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(onSearch).not.toHaveBeenCalled();
    expect(screen.getByText('In the address: nothing')).toBeInTheDocument();
  });
});
