import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PickerHarness, renderWithQueries } from '../../../test/search-picker';
import { Button } from './button';
import { Dialog } from './dialog';

/** A dialog opened from its button, holding a picker, as the Add Skill and merge dialogs do. */
async function openDialogWithPicker() {
  const user = userEvent.setup();
  renderWithQueries(
    <Dialog trigger={<Button>Add Skill</Button>} title="Add Skill">
      <PickerHarness />
    </Dialog>,
  );
  await user.click(screen.getByRole('button', { name: 'Add Skill' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Skill' });
  const input = within(dialog).getByRole('combobox', { name: 'Student' });
  return { user, dialog, input };
}

describe('SearchPicker in a dialog', () => {
  it('closes the open list with Escape and keeps the dialog; the next Escape closes the dialog', async () => {
    const { user, dialog, input } = await openDialogWithPicker();
    await user.click(input);
    await within(dialog).findByRole('option', { name: /Anna Rao/ });

    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(within(dialog).queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add Skill' })).toBeInTheDocument();
    expect(input).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Skill' })).toHaveFocus();
  });

  it('keeps the focus in the field when an option is chosen with the mouse or the keyboard', async () => {
    const { user, dialog, input } = await openDialogWithPicker();
    await user.click(input);
    await user.click(await within(dialog).findByRole('option', { name: /Anil Kumar/ }));
    expect(input).toHaveValue('Anil Kumar');
    expect(input).toHaveFocus();

    await user.clear(input);
    await within(dialog).findByRole('option', { name: /Anna Rao/ });
    await user.keyboard('{ArrowDown}{Enter}');
    expect(input).toHaveValue('Anna Rao');
    expect(input).toHaveFocus();
    expect(screen.getByRole('dialog', { name: 'Add Skill' })).toBeInTheDocument();
  });

  it('moves the focus on with Tab, within the dialog', async () => {
    const { user, dialog, input } = await openDialogWithPicker();
    await user.click(input);
    await within(dialog).findByRole('option', { name: /Anna Rao/ });
    await user.tab();
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
  });
});
