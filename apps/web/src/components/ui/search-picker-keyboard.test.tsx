import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FormEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  ANIL,
  ANNA,
  ARUN,
  PickerHarness,
  renderPicker,
  renderWithQueries,
} from '../../../test/search-picker';

const threePeople = async () => [ANNA, ANIL, ARUN];

/** The option the combobox points at as the active one, by its visible name. */
function activeOptionName(): string | null {
  const id = screen.getByRole('combobox').getAttribute('aria-activedescendant');
  return id ? (document.getElementById(id)?.firstChild?.textContent ?? null) : null;
}

describe('SearchPicker from the keyboard', () => {
  it('moves through the options with the arrows, Home and End, wrapping at either end', async () => {
    const user = userEvent.setup();
    renderPicker({ search: threePeople });
    const input = screen.getByRole('combobox', { name: 'Student' });
    await user.click(input);
    await screen.findByRole('option', { name: /Arun Das/ });
    expect(input).not.toHaveAttribute('aria-activedescendant');

    await user.keyboard('{ArrowDown}');
    expect(activeOptionName()).toBe('Anna Rao');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(activeOptionName()).toBe('Arun Das');
    await user.keyboard('{ArrowDown}');
    expect(activeOptionName()).toBe('Anna Rao');
    await user.keyboard('{ArrowUp}');
    expect(activeOptionName()).toBe('Arun Das');
    await user.keyboard('{Home}');
    expect(activeOptionName()).toBe('Anna Rao');
    await user.keyboard('{End}');
    expect(activeOptionName()).toBe('Arun Das');
    expect(screen.getByRole('option', { name: /Arun Das/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('option', { name: /Anna Rao/ })).toHaveAttribute('aria-selected', 'false');
  });

  it('opens the list with ArrowDown on the first option, and with ArrowUp on the last', async () => {
    const user = userEvent.setup();
    renderPicker({ search: threePeople });
    const input = screen.getByRole('combobox', { name: 'Student' });
    // A first opening loads the options, and a second finds them loaded.
    await user.click(input);
    await screen.findByRole('option', { name: /Arun Das/ });
    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');

    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(activeOptionName()).toBe('Anna Rao');
    await user.keyboard('{Escape}{ArrowUp}');
    expect(activeOptionName()).toBe('Arun Das');
  });

  it('chooses with Enter without submitting the form around it', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const submit = vi.fn((event: FormEvent) => event.preventDefault());
    renderWithQueries(
      <form onSubmit={submit}>
        <PickerHarness search={threePeople} onChange={onChange} />
      </form>,
    );
    const input = screen.getByRole('combobox', { name: 'Student' });
    await user.type(input, 'a');
    await screen.findByRole('option', { name: /Arun Das/ });
    await user.keyboard('{End}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith({ id: 'u3', label: 'Arun Das', detail: null });
    expect(input).toHaveValue('Arun Das');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(submit).not.toHaveBeenCalled();
    // With the list closed, Enter is the form's again.
    await user.keyboard('{Enter}');
    expect(submit).toHaveBeenCalledTimes(1);
  });

  it('leaves with Tab choosing nothing, and shows the choice that was made before', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderPicker({ search: threePeople, onChange, initial: ANIL });
    const input = screen.getByRole('combobox', { name: 'Student' });
    await user.clear(input);
    await user.type(input, 'ar');
    await screen.findByRole('option', { name: /Arun Das/ });
    await user.keyboard('{ArrowDown}');
    await user.tab();
    expect(input).not.toHaveFocus();
    expect(input).toHaveAttribute('aria-expanded', 'false');
    // Typing cleared the choice; leaving chose nothing, so the field is empty again.
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(input).toHaveValue('');
  });

  it('keeps the choice when Escape is pressed with the list closed', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderPicker({ onChange, initial: ANNA });
    const input = screen.getByRole('combobox', { name: 'Student' });
    input.focus();
    await user.keyboard('{Escape}');
    expect(input).toHaveValue('Anna Rao');
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe('SearchPicker for a screen reader', () => {
  it('ties the combobox to its listbox and says how many options there are', async () => {
    const user = userEvent.setup();
    renderPicker({ search: threePeople });
    const input = screen.getByRole('combobox', { name: 'Student' });
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveAttribute('aria-autocomplete', 'list');
    await user.click(input);
    const listbox = await screen.findByRole('listbox', { name: 'Student' });
    expect(input).toHaveAttribute('aria-controls', listbox.id);
    expect(input).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(/^3 options$/));
  });

  it("says '1 option' for one, and the empty text when nothing matches", async () => {
    const user = userEvent.setup();
    renderPicker({
      search: async (q) => (q === 'anna' ? [ANNA] : q === 'zed' ? [] : [ANNA, ANIL]),
      emptyText: 'No students found',
    });
    const input = screen.getByRole('combobox', { name: 'Student' });
    await user.type(input, 'anna');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(/^1 option$/));
    await user.clear(input);
    await user.type(input, 'zed');
    expect(await screen.findByText('No students found')).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });
});
