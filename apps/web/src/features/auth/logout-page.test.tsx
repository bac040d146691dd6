import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TEXTS } from '@cosa/contracts';
import { currentPath, makeUser, renderApp, sentBodies, stubApi } from '../../../test/render-app';

describe('/logout', () => {
  it("shows 'Logging out...', ends the session and goes to /login", async () => {
    const fetchMock = stubApi({
      session: { body: { user: makeUser() } },
      '/api/auth/logout': 'pending',
    });
    renderApp('/logout');
    expect(await screen.findByText(TEXTS.loggingOut)).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/auth/logout')).toHaveLength(1);
    expect(currentPath()).toBe('/logout');
  });

  it('forgets the user and lands on the login page', async () => {
    stubApi({ session: { body: { user: makeUser() } }, '/api/auth/logout': { status: 204 } });
    const { session } = renderApp('/logout');
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(currentPath()).toBe('/login');
    expect(session.get().data).toBeNull();
  });

  it('still signs out on this device when the call fails', async () => {
    stubApi({
      session: { body: { user: makeUser() } },
      '/api/auth/logout': { status: 500, body: { error: { code: 'INTERNAL_ERROR', message: 'x' } } },
    });
    const { session } = renderApp('/logout');
    await waitFor(() => expect(currentPath()).toBe('/login'));
    expect(session.get().data).toBeNull();
  });
});
