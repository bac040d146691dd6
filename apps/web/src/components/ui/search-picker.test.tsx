import type { LookupItem } from '@cosa/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SearchPicker, type SearchPickerProps } from './search-picker';

const ANNA: LookupItem = { id: 'u1', label: 'Anna Rao', detail: 'anna@iitk.ac.in' };
const ANIL: LookupItem = { id: 'u2', label: 'Anil Kumar', detail: null };

type Search = SearchPickerProps['search'];

/** A form that holds the picker's value the way a page does, and reports every change. */
function Harness({
  onChange,
  initial = null,
  ...props
}: Partial<SearchPickerProps> & { initial?: LookupItem | null }) {
  const [value, setValue] = useState<LookupItem | null>(initial);
  return (
    <SearchPicker
      label="Student"
      queryKey={['lookup', 'users']}
      search={async () => [ANNA, ANIL]}
      {...props}
      value={value}
      onChange={(item) => {
        setValue(item);
        onChange?.(item);
      }}
    />
  );
}

function renderPicker(props: Partial<SearchPickerProps> & { initial?: LookupItem | null } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <Harness {...props} />
    </QueryClientProvider>,
  );
}

describe('SearchPicker', () => {
  it('searches for the typed text and lists each option with its detail', async () => {
    const user = userEvent.setup();
    // Only the typed text finds Anna alone, so seeing her alone proves the text reached the search.
    const search = vi.fn<Search>(async (q) => (q === 'ann' ? [ANNA] : [ANNA, ANIL]));
    renderPicker({ search });
    await user.type(screen.getByRole('combobox', { name: 'Student' }), 'ann');
    const listbox = await screen.findByRole('listbox', { name: 'Student' });
    await waitFor(() => expect(within(listbox).getAllByRole('option')).toHaveLength(1));
    expect(within(listbox).getByRole('option', { name: /Anna Rao/ })).toHaveTextContent(
      'anna@iitk.ac.in',
    );
    expect(search).toHaveBeenLastCalledWith('ann', expect.any(AbortSignal));
    expect(screen.getByRole('combobox')).toHaveAttribute('aria-expanded', 'true');
  });

  it('keeps the browser from spell-checking names and ids typed into it', () => {
    renderPicker();
    expect(screen.getByRole('combobox', { name: 'Student' })).toHaveAttribute('spellcheck', 'false');
  });

  it('chooses the highlighted option with ArrowDown and Enter', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderPicker({ onChange });
    const input = screen.getByRole('combobox', { name: 'Student' });
    await user.type(input, 'an');
    await screen.findByRole('option', { name: /Anil Kumar/ });
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(input).toHaveAttribute(
      'aria-activedescendant',
      screen.getByRole('option', { name: /Anil Kumar/ }).id,
    );
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith({ id: 'u2', label: 'Anil Kumar', detail: null });
    expect(input).toHaveValue('Anil Kumar');
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('chooses an option on click', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderPicker({ onChange });
    await user.click(screen.getByRole('combobox', { name: 'Student' }));
    await user.click(await screen.findByRole('option', { name: /Anna Rao/ }));
    expect(onChange).toHaveBeenLastCalledWith({
      id: 'u1',
      label: 'Anna Rao',
      detail: 'anna@iitk.ac.in',
    });
    expect(screen.getByRole('combobox')).toHaveValue('Anna Rao');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('clears the choice with the clear button, and typing clears it too', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderPicker({ onChange, initial: ANNA });
    const input = screen.getByRole('combobox', { name: 'Student' });
    expect(input).toHaveValue('Anna Rao');
    await user.click(screen.getByRole('button', { name: 'Clear Student' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(input).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Clear Student' })).not.toBeInTheDocument();

    await user.click(input);
    await user.click(await screen.findByRole('option', { name: /Anil Kumar/ }));
    expect(onChange).toHaveBeenLastCalledWith(ANIL);
    await user.type(input, 'x');
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('describes the field with its error', () => {
    renderPicker({ error: 'Choose a student', required: true });
    const input = screen.getByRole('combobox', { name: /Student/ });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Choose a student');
    expect(input).toHaveAttribute('aria-required', 'true');
  });

  it('lists the extra options first', async () => {
    const user = userEvent.setup();
    renderPicker({ extraOptions: [{ id: '__new__', label: '+ Add new skill', detail: null }] });
    await user.click(screen.getByRole('combobox', { name: 'Student' }));
    await screen.findByRole('option', { name: /Anna Rao/ });
    const names = screen.getAllByRole('option').map((option) => option.textContent);
    expect(names).toEqual(['+ Add new skill', 'Anna Raoanna@iitk.ac.in', 'Anil Kumar']);
  });

  it('says so when the search fails', async () => {
    const user = userEvent.setup();
    renderPicker({ search: async () => Promise.reject(new Error('offline')) });
    await user.click(screen.getByRole('combobox', { name: 'Student' }));
    expect(await screen.findByText('Could not load options. Try again.')).toBeInTheDocument();
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it('shows the loading line while the search runs, and the empty text when nothing matches', async () => {
    const user = userEvent.setup();
    let finish: (items: LookupItem[]) => void = () => undefined;
    const search = vi.fn<Search>(() => new Promise((resolve) => (finish = resolve)));
    renderPicker({ search, emptyText: 'No students found' });
    await user.click(screen.getByRole('combobox', { name: 'Student' }));
    expect(await screen.findByText('Searching...')).toBeInTheDocument();
    finish([]);
    expect(await screen.findByText('No students found')).toBeInTheDocument();
    expect(screen.queryByText('Searching...')).not.toBeInTheDocument();
  });
});
