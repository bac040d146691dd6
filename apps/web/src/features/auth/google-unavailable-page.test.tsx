import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@cosa/contracts';
import { makeUser, renderApp, stubApi } from '../../../test/render-app';

describe('/google-unavailable', () => {
  it('says Google sign-in is not configured and links back to Login', async () => {
    stubApi({});
    renderApp('/google-unavailable');
    expect(await screen.findByText(AUTH_MESSAGES.googleNotConfigured)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
  });

  it('is public, so a signed-in visitor sees it too', async () => {
    stubApi({ session: { body: { user: makeUser() } } });
    renderApp('/google-unavailable');
    expect(await screen.findByText(AUTH_MESSAGES.googleNotConfigured)).toBeInTheDocument();
  });
});
