import type { LookupItem } from '@cosa/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ANIL, ANNA, renderPicker, type Search } from '../../../test/search-picker';

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

  it('takes no more than the 100 characters a search may have, pasted or typed', async () => {
    const user = userEvent.setup();
    const search = vi.fn<Search>(async () => [ANNA]);
    renderPicker({ search });
    const input = screen.getByRole('combobox', { name: 'Student' });
    await user.click(input);
    await user.paste('a'.repeat(150));
    expect(input).toHaveValue('a'.repeat(100));
    await waitFor(() =>
      expect(search).toHaveBeenLastCalledWith('a'.repeat(100), expect.any(AbortSignal)),
    );
  });

  it('searches for the first 100 characters when a chosen label longer than that is edited', async () => {
    const user = userEvent.setup();
    const title = `Inter-IIT Cultural Meet ${'x'.repeat(150)}`;
    const search = vi.fn<Search>(async () => [ANNA]);
    renderPicker({ search, initial: { id: 'e1', label: title, detail: null } });
    const input = screen.getByRole('combobox', { name: 'Student' });
    expect(input).toHaveValue(title);
    await user.click(input);
    await user.keyboard('{End}{Backspace}');
    await waitFor(() =>
      expect(search).toHaveBeenLastCalledWith(title.slice(0, 100), expect.any(AbortSignal)),
    );
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

  it('keeps the list open when the field is clicked again, to place the caret', async () => {
    const user = userEvent.setup();
    renderPicker();
    const input = screen.getByRole('combobox', { name: 'Student' });
    await user.click(input);
    await screen.findByRole('option', { name: /Anna Rao/ });
    await user.click(input);
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('option', { name: /Anna Rao/ })).toBeVisible();
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
