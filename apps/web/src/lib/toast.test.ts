import { render } from '@testing-library/react';
import { createElement } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const sonner = vi.hoisted(() =>
  Object.assign(vi.fn(), {
    success: vi.fn(),
    error: vi.fn(),
    info: vi.fn(),
    loading: vi.fn(),
    dismiss: vi.fn(),
  }),
);
vi.mock('sonner', () => ({ toast: sonner, Toaster: () => null }));

const { toast, TOAST_SETTINGS } = await import('./toast');
const { Toaster } = await import('../components/ui/toaster');

describe('toast', () => {
  beforeEach(() => vi.clearAllMocks());

  it('waits for the toast region, then shows the toasts asked for meanwhile, in order', async () => {
    const first = toast.success('Profile updated successfully!');
    toast.dismiss(first);
    expect(sonner.success).not.toHaveBeenCalled();
    render(createElement(Toaster));
    await vi.waitFor(() => expect(sonner.dismiss).toHaveBeenCalledWith(first));
    expect(sonner.success).toHaveBeenCalledWith(
      'Profile updated successfully!',
      expect.objectContaining({ id: first }),
    );
    expect(sonner.success.mock.invocationCallOrder[0]).toBeLessThan(
      sonner.dismiss.mock.invocationCallOrder[0]!,
    );
  });

  it('keeps success toasts 2 s and errors 4 s', async () => {
    toast.success('Profile updated successfully!');
    toast.error('Failed to update profile');
    toast.message('Saved');
    await vi.waitFor(() =>
      expect(sonner).toHaveBeenCalledWith('Saved', expect.objectContaining({ duration: 4000 })),
    );
    expect(sonner.success).toHaveBeenCalledWith(
      'Profile updated successfully!',
      expect.objectContaining({ duration: 2000 }),
    );
    expect(sonner.error).toHaveBeenCalledWith(
      'Failed to update profile',
      expect.objectContaining({ duration: 4000 }),
    );
  });

  it('keeps a loading toast until it is dismissed', async () => {
    const id = toast.loading('Uploading...');
    await vi.waitFor(() =>
      expect(sonner.loading).toHaveBeenCalledWith(
        'Uploading...',
        expect.objectContaining({ id, duration: Number.POSITIVE_INFINITY }),
      ),
    );
  });

  it('shows at most 20 at the top right', () => {
    expect(TOAST_SETTINGS).toMatchObject({ position: 'top-right', visibleToasts: 20 });
  });
});
