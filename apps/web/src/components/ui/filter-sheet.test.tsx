import { useState } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FilterSheet } from './filter-sheet';
import { SelectField } from './select';

/** A window `width` pixels wide, as far as CSS media queries go. */
function windowOf(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: /max-width: 639/.test(query) ? width < 640 : false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

function Harness() {
  const [state, setState] = useState('');
  const [unit, setUnit] = useState('coding');
  return (
    <>
      <FilterSheet
        label="Search positions"
        active={[state, unit].filter(Boolean).length}
        className="grid gap-3"
      >
        <SelectField
          label="State"
          value={state}
          onChange={(event) => setState(event.target.value)}
          options={[
            { value: '', label: 'All' },
            { value: 'retired', label: 'Retired' },
          ]}
        />
        <SelectField
          label="Department"
          value={unit}
          onChange={(event) => setUnit(event.target.value)}
          options={[
            { value: '', label: 'All departments' },
            { value: 'coding', label: 'Coding Club' },
          ]}
        />
      </FilterSheet>
      <p>Showing {state || 'every'} position</p>
    </>
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('FilterSheet', () => {
  it('keeps the filters in the row on a desktop', () => {
    windowOf(1280);
    render(<Harness />);
    const row = within(screen.getByRole('search', { name: 'Search positions' }));
    expect(row.getByLabelText('State')).toBeVisible();
    expect(row.getByLabelText('Department')).toBeVisible();
    expect(screen.queryByRole('button', { name: /Filters/ })).not.toBeInTheDocument();
  });

  it('folds them behind "Filters (n)" at 375 px, into a bottom sheet that filters at once', async () => {
    windowOf(375);
    render(<Harness />);
    const row = within(screen.getByRole('search', { name: 'Search positions' }));
    expect(row.queryByLabelText('State')).not.toBeInTheDocument();
    const button = row.getByRole('button', { name: 'Filters (1)' });
    await userEvent.click(button);
    const sheet = within(await screen.findByRole('dialog', { name: 'Filters' }));
    await userEvent.selectOptions(sheet.getByLabelText('State'), 'Retired');
    expect(screen.getByText('Showing retired position')).toBeInTheDocument();
    await userEvent.click(sheet.getByRole('button', { name: 'Show results' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const counted = screen.getByRole('button', { name: 'Filters (2)' });
    expect(counted).toHaveFocus();
    // Escape closes the sheet too, keeping what was chosen.
    await userEvent.click(counted);
    await screen.findByRole('dialog', { name: 'Filters' });
    expect(screen.getByLabelText('State')).toHaveValue('retired');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
