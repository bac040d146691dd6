import { beforeEach, describe, expect, it, vi } from 'vitest';

const sonner = vi.hoisted(() => Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn(), info: vi.fn(), loading: vi.fn(), dismiss: vi.fn() }));
vi.mock('sonner', () => ({ toast: sonner }));

const { toast, TOAST_SETTINGS } = await import('./toast');

describe('toast', () => {
  beforeEach(() => vi.clearAllMocks());

  it('keeps success toasts 2 s and errors 4 s', () => {
    toast.success('Profile updated successfully!');
    toast.error('Failed to update profile');
    toast.message('Saved');
    expect(sonner.success).toHaveBeenCalledWith('Profile updated successfully!', expect.objectContaining({ duration: 2000 }));
    expect(sonner.error).toHaveBeenCalledWith('Failed to update profile', expect.objectContaining({ duration: 4000 }));
    expect(sonner).toHaveBeenCalledWith('Saved', expect.objectContaining({ duration: 4000 }));
  });

  it('keeps a loading toast until it is dismissed', () => {
    toast.loading('Uploading...');
    expect(sonner.loading).toHaveBeenCalledWith('Uploading...', expect.objectContaining({ duration: Number.POSITIVE_INFINITY }));
  });

  it('shows at most 20 at the top right', () => {
    expect(TOAST_SETTINGS).toMatchObject({ position: 'top-right', visibleToasts: 20 });
  });
});
