import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  currentPath,
  makeUser,
  renderApp,
  sentBodies,
  stubApi,
  testConfig,
} from '../../../test/render-app';

async function fillAndSubmit(email = 'asha@iitbhilai.ac.in', password = 'correct horse') {
  await userEvent.type(await screen.findByLabelText(/^Email/), email);
  await userEvent.type(screen.getByLabelText(/^Password/), password);
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
}

describe('/login', { timeout: 20_000 }, () => {
  it('shows the logo, the fields and the links, and no Google button while Google sign-in is not set up', async () => {
    stubApi({});
    renderApp('/login');
    const main = within(await screen.findByRole('main'));
    expect(await main.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(
      await main.findByRole('img', { name: `${testConfig.instituteName} logo` }),
    ).toBeInTheDocument();
    expect(main.getByLabelText(/^Email/)).toHaveAttribute('type', 'email');
    expect(main.getByLabelText(/^Password/)).toHaveAttribute('type', 'password');
    expect(main.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(main.getByRole('button', { name: 'Login' })).toHaveAttribute('type', 'submit');
    expect(main.queryByText('OR')).not.toBeInTheDocument();
    expect(main.queryByRole('link', { name: /Google/ })).not.toBeInTheDocument();
    expect(main.getByText(/Don't have an Account\?/)).toBeInTheDocument();
    expect(main.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
  });

  it('offers Sign in with Google when the server has Google sign-in set up', async () => {
    stubApi({ config: { body: { ...testConfig, googleEnabled: true } } });
    renderApp('/login');
    const main = within(await screen.findByRole('main'));
    expect(await main.findByRole('link', { name: 'Sign in with Google' })).toHaveAttribute(
      'href',
      '/api/auth/google',
    );
    expect(main.getByText('OR')).toBeInTheDocument();
  });

  it('shows the failure message when the server refuses the credentials', async () => {
    stubApi({
      '/api/auth/login': {
        status: 401,
        body: { error: { code: 'UNAUTHENTICATED', message: 'Invalid email or password.' } },
      },
    });
    renderApp('/login');
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password.');
    expect(currentPath()).toBe('/login');
  });

  it("shows the server's message when there were too many attempts", async () => {
    const message = 'Too many sign-in attempts. Please wait 15 minutes and try again.';
    stubApi({
      '/api/auth/login': { status: 429, body: { error: { code: 'TOO_MANY_REQUESTS', message } } },
    });
    renderApp('/login');
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('puts a field error of the server under its field', async () => {
    stubApi({
      '/api/auth/login': {
        status: 400,
        body: {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Invalid input',
            fields: { email: 'Please enter a valid email address.' },
          },
        },
      },
    });
    renderApp('/login');
    await fillAndSubmit();
    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription(
      'Please enter a valid email address.',
    );
  });

  it('signs in, remembers the user and opens the page the server names', async () => {
    const user = makeUser({ role: 'PRESIDENT', name: 'Rohan Mehta' });
    const fetchMock = stubApi({
      '/api/auth/login': { body: { user, redirectTo: '/president-dashboard' } },
    });
    const { session } = renderApp('/login');
    await fillAndSubmit('rohan@iitbhilai.ac.in', 'secret pass');
    expect(await screen.findByRole('heading', { name: 'President Dashboard' })).toBeInTheDocument();
    expect(currentPath()).toBe('/president-dashboard');
    expect(session.get().data).toEqual(user);
    expect(sentBodies(fetchMock, 'POST', '/api/auth/login')).toEqual([
      { email: 'rohan@iitbhilai.ac.in', password: 'secret pass' },
    ]);
  });

  it('sends a user whose e-mail is not verified to the verification page', async () => {
    const user = makeUser({ onboardingComplete: false, emailVerified: false });
    let signedIn: typeof user | null = null;
    stubApi({
      session: () => ({ body: { user: signedIn } }),
      '/api/auth/login': () => {
        signedIn = user;
        return { body: { user, redirectTo: '/verify-email' } };
      },
    });
    const { session } = renderApp('/login');
    await fillAndSubmit();
    expect(await screen.findByRole('heading', { name: 'Verify your e-mail' })).toBeInTheDocument();
    expect(currentPath()).toBe('/verify-email');
    expect(session.get().data).toEqual(user);
  });

  it.each([
    ['google_unverified', 'Your Google e-mail address is not verified.'],
    ['google_domain', 'Please sign in with your institute Google account.'],
    ['google_failed', 'Google sign-in did not complete. Please try again.'],
  ])('explains a refused Google sign-in (%s)', async (code, message) => {
    stubApi({});
    renderApp(`/login?error=${code}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('says the account is deactivated, after a password sign-in and after a Google one', async () => {
    const deactivated = 'This account has been deactivated. Contact the student affairs office.';
    stubApi({
      '/api/auth/login': {
        status: 403,
        body: { error: { code: 'ACCOUNT_DEACTIVATED', message: deactivated } },
      },
    });
    const { unmount } = renderApp('/login');
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent(deactivated);
    unmount();
    stubApi({});
    renderApp('/login?error=account_deactivated');
    expect(await screen.findByRole('alert')).toHaveTextContent(deactivated);
  });
});
