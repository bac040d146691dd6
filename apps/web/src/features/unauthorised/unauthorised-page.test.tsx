import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser, renderApp, stubApi } from '../../../test/render-app';

describe('/unauthorised', () => {
  it('shows the access-denied texts and a way home, signed out too', async () => {
    stubApi({ session: { body: { user: null } } });
    renderApp('/unauthorised');
    // The page is a chunk of its own: it shows once loaded.
    expect(
      await screen.findByRole('heading', { level: 1, name: '403 - Unauthorised Access' }),
    ).toBeInTheDocument();
    expect(screen.getByText('You do not have permission to view this page.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to home' })).toHaveAttribute('href', '/');
  });

  it('shows the page to a signed-in user without waiting for anything else', async () => {
    stubApi({ session: { body: { user: makeUser() } } });
    renderApp('/unauthorised');
    expect(
      await screen.findByRole('heading', { name: '403 - Unauthorised Access' }),
    ).toBeInTheDocument();
  });
});
