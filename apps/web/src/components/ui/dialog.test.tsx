import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog } from './dialog';

/** A dialog the page opens from its own state, as confirmations are: no trigger element. */
function Confirmation({ withField = false }: { withField?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button">Before</button>
      <button type="button" onClick={() => setOpen(true)}>
        Revoke
      </button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Revoke this transcript?"
        footer={
          <button type="button" onClick={() => setOpen(false)}>
            Cancel
          </button>
        }
      >
        {withField && (
          <label>
            Reason
            <input autoFocus />
          </label>
        )}
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('returns focus to the button that opened it when dismissed with Escape or Cancel', async () => {
    const user = userEvent.setup();
    render(<Confirmation />);
    const opener = screen.getByRole('button', { name: 'Revoke' });

    await user.click(opener);
    expect(await screen.findByRole('dialog', { name: 'Revoke this transcript?' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();

    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('puts focus in the field marked autoFocus as it opens, and back on the opener when dismissed', async () => {
    const user = userEvent.setup();
    render(<Confirmation withField />);
    const opener = screen.getByRole('button', { name: 'Revoke' });

    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this transcript?' });
    expect(within(dialog).getByRole('textbox', { name: 'Reason' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });
});
