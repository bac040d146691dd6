import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TEXTS } from '@cosa/contracts';
import { makeUser, renderApp, stubApi } from '../../test/render-app';

const location = () => screen.getByTestId('location').textContent;

describe('route guards', () => {
  it('shows Loading... while the session check runs', async () => {
    stubApi({ session: 'pending' });
    renderApp('/home');
    expect(await screen.findByText(TEXTS.loading)).toBeInTheDocument();
    expect(screen.queryByText('Welcome, Asha Verma')).not.toBeInTheDocument();
  });

  it('sends a signed-out visitor of a student page to /login', async () => {
    stubApi({ session: { body: { user: null } } });
    renderApp('/home');
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(location()).toBe('/login');
  });

  it('sends a student who has not finished onboarding to /onboarding', async () => {
    stubApi({ session: { body: { user: makeUser({ onboardingComplete: false }) } } });
    renderApp('/home');
    expect(await screen.findByRole('heading', { name: 'Student Registration' })).toBeInTheDocument();
    expect(location()).toBe('/onboarding');
  });

  it.each(['/home', '/onboarding', '/president-dashboard'])(
    'sends a signed-in user whose e-mail is not verified from %s to /verify-email',
    async (path) => {
      stubApi({
        session: { body: { user: makeUser({ onboardingComplete: false, emailVerified: false }) } },
      });
      renderApp(path);
      expect(await screen.findByRole('heading', { name: 'Verify your e-mail' })).toBeInTheDocument();
      expect(location()).toBe('/verify-email');
    },
  );

  it('lets a user whose e-mail is not verified sign out', async () => {
    stubApi({
      session: { body: { user: makeUser({ emailVerified: false }) } },
      '/api/auth/logout': 'pending',
    });
    renderApp('/logout');
    expect(await screen.findByText(TEXTS.loggingOut)).toBeInTheDocument();
    expect(location()).toBe('/logout');
  });

  it('sends a user with the wrong role to /unauthorised', async () => {
    stubApi({ session: { body: { user: makeUser({ role: 'STUDENT' }) } } });
    renderApp('/president-dashboard');
    expect(await screen.findByRole('heading', { name: TEXTS.unauthorisedHeading })).toBeInTheDocument();
    expect(screen.getByText(TEXTS.unauthorisedText)).toBeInTheDocument();
    expect(location()).toBe('/unauthorised');
  });

  it('lets the matching role in', async () => {
    stubApi({ session: { body: { user: makeUser({ role: 'PRESIDENT' }) } } });
    renderApp('/president-dashboard');
    expect(await screen.findByRole('heading', { name: 'President Dashboard' })).toBeInTheDocument();
  });

  it('treats an official as onboarded', async () => {
    stubApi({ session: { body: { user: makeUser({ role: 'PRESIDENT', onboardingComplete: false }) } } });
    renderApp('/home');
    expect(await screen.findByRole('heading', { name: 'Welcome, Asha Verma' })).toBeInTheDocument();
  });

  it('sends a signed-in user away from a guest page to their landing page', async () => {
    stubApi({ session: { body: { user: makeUser() } } });
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Welcome, Asha Verma' })).toBeInTheDocument();
    expect(location()).toBe('/home');
  });

  it('shows a retry when the session check fails', async () => {
    stubApi({
      session: {
        status: 500,
        body: { error: { code: 'INTERNAL_ERROR', message: 'Something went wrong.' } },
      },
    });
    renderApp('/home');
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(location()).toBe('/home');
  });
});

describe('/ and unknown paths', () => {
  it('sends a signed-out visitor of / to /login', async () => {
    stubApi({ session: { body: { user: null } } });
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
  });

  it('sends a signed-in user of / to the landing page of their role', async () => {
    stubApi({ session: { body: { user: makeUser({ role: 'PRESIDENT' }) } } });
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'President Dashboard' })).toBeInTheDocument();
    expect(location()).toBe('/president-dashboard');
  });

  it('sends a student who has not finished onboarding from / to /onboarding', async () => {
    stubApi({ session: { body: { user: makeUser({ onboardingComplete: false }) } } });
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Student Registration' })).toBeInTheDocument();
  });

  it('sends a signed-in user whose e-mail is not verified from / to /verify-email', async () => {
    stubApi({ session: { body: { user: makeUser({ role: 'PRESIDENT', emailVerified: false }) } } });
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Verify your e-mail' })).toBeInTheDocument();
    expect(location()).toBe('/verify-email');
  });

  it('sends a signed-out visitor of an unknown path to /login', async () => {
    stubApi({ session: { body: { user: null } } });
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(location()).toBe('/login');
  });

  it('sends a signed-in user of an unknown path to / and on to their landing page', async () => {
    stubApi({ session: { body: { user: makeUser() } } });
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Welcome, Asha Verma' })).toBeInTheDocument();
    expect(location()).toBe('/home');
  });
});

describe('session check failure', () => {
  it('checks again on Retry', async () => {
    stubApi({
      session: { status: 503, body: { error: { code: 'SERVICE_UNAVAILABLE', message: 'Try later.' } } },
    });
    renderApp('/home');
    const retry = await screen.findByRole('button', { name: 'Retry' });
    const fetchMock = stubApi({ session: { body: { user: makeUser() } } });
    await userEvent.click(retry);
    expect(await screen.findByRole('heading', { name: 'Welcome, Asha Verma' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/session', expect.anything());
  });
});
