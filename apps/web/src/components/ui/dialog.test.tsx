import { render, screen } from '../../../test/testing-library';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog } from './dialog';

/** A dialog the page opens from its own state, as confirmations are: no trigger element. */
function Confirmation() {
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
      />
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
});
