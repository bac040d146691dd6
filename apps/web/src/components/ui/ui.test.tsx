import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Button } from './button';
import { Dialog } from './dialog';
import { SelectField } from './select';
import { Spinner } from './spinner';
import { Tabs } from './tabs';
import { TextField } from './text-field';

describe('design system', () => {
  it('disables a loading button and shows its busy text', () => {
    render(
      <Button loading loadingText="Sending...">
        Send Reset Link
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Sending...' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
  });

  it('labels a text field and ties its error line to it', () => {
    render(<TextField label="Mobile number" error="Mobile number must be 10 digits" />);
    const input = screen.getByLabelText('Mobile number');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Mobile number must be 10 digits');
  });

  it('labels a select and offers its placeholder', () => {
    render(
      <SelectField
        label="Program"
        placeholder="Select a program"
        options={[{ value: 'B.Tech', label: 'B.Tech' }]}
      />,
    );
    expect(screen.getByLabelText('Program')).toHaveDisplayValue('Select a program');
  });

  it('gives a spinner an accessible name', () => {
    render(<Spinner label="Loading booking requests..." />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading booking requests...');
  });

  it('opens a dialog with its title and closes it with the close button', async () => {
    const user = userEvent.setup();
    render(
      <Dialog
        trigger={<Button>Open</Button>}
        title="Resolve feedback"
        description="Describe the actions taken."
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('dialog', { name: 'Resolve feedback' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('switches tabs', async () => {
    const user = userEvent.setup();
    render(
      <Tabs
        label="Endorsements"
        items={[
          { value: 'user-skills', label: 'User Skills', content: <p>First panel</p> },
          { value: 'skills', label: 'Skills', content: <p>Second panel</p> },
        ]}
      />,
    );
    expect(screen.getByText('First panel')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Skills' }));
    expect(screen.getByText('Second panel')).toBeInTheDocument();
  });
});
