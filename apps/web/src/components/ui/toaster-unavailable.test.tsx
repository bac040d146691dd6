import { render, screen } from '@testing-library/react';
import { createElement, Fragment } from 'react';
import { describe, expect, it, vi } from 'vitest';

// The toast library's chunk cannot be fetched (offline, or a new release replaced it).
vi.mock('sonner', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

const { toast } = await import('../../lib/toast');
const { Toaster } = await import('./toaster');

describe('the toast region without its library', () => {
  it('keeps the page on screen and drops the toast', async () => {
    render(
      createElement(
        Fragment,
        null,
        createElement('main', null, 'Reset link sent.'),
        createElement(Toaster),
      ),
    );
    expect(() => toast.success('Profile updated successfully!')).not.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(screen.getByText('Reset link sent.')).toBeInTheDocument();
    expect(screen.queryByText('Profile updated successfully!')).toBeNull();
  });
});
