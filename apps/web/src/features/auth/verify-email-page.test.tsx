import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { currentPath, makeUser, renderApp, sentBodies, stubApi } from '../../../test/render-app';

const RESEND = '/api/auth/verify-email/resend';
const unverified = makeUser({
  email: 'asha.verma@iitbhilai.ac.in',
  onboardingComplete: false,
  emailVerified: false,
  branch: null,
  batchYear: null,
  program: null,
});

const main = async () => within(await screen.findByRole('main'));
const resend = () => userEvent.click(screen.getByRole('button', { name: 'Resend link' }));

describe('/verify-email', () => {
  it('names the address the link went to, its 24 hours, the spam folder, and offers a new link and sign-out', async () => {
    stubApi({ session: { body: { user: unverified } } });
    renderApp('/verify-email');
    const page = await main();
    expect(
      await page.findByRole('heading', { level: 1, name: 'Verify your e-mail' }),
    ).toBeInTheDocument();
    expect(page.getByText('asha.verma@iitbhilai.ac.in')).toBeInTheDocument();
    expect(page.getByText(/We sent a verification link to/)).toHaveTextContent(
      'We sent a verification link to asha.verma@iitbhilai.ac.in.',
    );
    expect(page.getByText(/valid for 24 hours/)).toHaveTextContent(/spam folder/);
    expect(
      page.getByRole('img', { name: 'Indian Institute of Technology Bhilai logo' }),
    ).toBeInTheDocument();
    expect(page.getByRole('button', { name: 'Resend link' })).toBeEnabled();
    expect(page.getByRole('link', { name: 'Sign out' })).toHaveAttribute('href', '/logout');
  });

  it("reads 'Sending...' while a new link is on its way", async () => {
    const fetchMock = stubApi({ session: { body: { user: unverified } }, [RESEND]: 'pending' });
    renderApp('/verify-email');
    await screen.findByRole('button', { name: 'Resend link' });
    await resend();
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    expect(sentBodies(fetchMock, 'POST', RESEND)).toHaveLength(1);
  });

  it('says a new link was sent, in a status message', async () => {
    stubApi({
      session: { body: { user: unverified } },
      [RESEND]: { body: { message: 'We sent a new verification link. Check your inbox.' } },
    });
    renderApp('/verify-email');
    await screen.findByRole('button', { name: 'Resend link' });
    await resend();
    expect(
      await (await main()).findByText('We sent a new verification link. Check your inbox.'),
    ).toHaveAttribute('role', 'status');
    expect(screen.getByRole('button', { name: 'Resend link' })).toBeEnabled();
  });

  it("shows the server's reason when it refuses, e.g. too many attempts", async () => {
    const message = 'Too many attempts. Please wait 12 minutes and try again.';
    stubApi({
      session: { body: { user: unverified } },
      [RESEND]: { status: 429, body: { error: { code: 'TOO_MANY_REQUESTS', message } } },
    });
    renderApp('/verify-email');
    await screen.findByRole('button', { name: 'Resend link' });
    await resend();
    expect(await (await main()).findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: 'Resend link' })).toBeEnabled();
  });

  it('asks to try again when the server cannot be reached', async () => {
    stubApi({ session: { body: { user: unverified } }, [RESEND]: 'network-error' });
    renderApp('/verify-email');
    await screen.findByRole('button', { name: 'Resend link' });
    await resend();
    expect(await (await main()).findByRole('alert')).toHaveTextContent(
      'We could not send a new link. Please try again.',
    );
  });

  it('moves on when the address turned out to be verified meanwhile', async () => {
    stubApi({
      session: { body: { user: unverified } },
      [RESEND]: {
        status: 409,
        body: { error: { code: 'CONFLICT', message: 'Your e-mail address is already verified.' } },
      },
    });
    renderApp('/verify-email');
    await screen.findByRole('button', { name: 'Resend link' });
    stubApi({
      session: { body: { user: { ...unverified, emailVerified: true } } },
      [RESEND]: {
        status: 409,
        body: { error: { code: 'CONFLICT', message: 'Your e-mail address is already verified.' } },
      },
    });
    await resend();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Student Registration' }),
    ).toBeInTheDocument();
    expect(currentPath()).toBe('/onboarding');
  });

  it('sends a verified user on to their landing page', async () => {
    stubApi({ session: { body: { user: makeUser() } } });
    renderApp('/verify-email');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome, Asha Verma' }),
    ).toBeInTheDocument();
    expect(currentPath()).toBe('/home');
  });

  it('sends a signed-out visitor to /login', async () => {
    stubApi({});
    renderApp('/verify-email');
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(currentPath()).toBe('/login');
  });

  it('checks the session again on opening, so a link used on another device counts', async () => {
    const fetchMock = stubApi({ session: { body: { user: unverified } } });
    renderApp('/verify-email');
    await screen.findByRole('button', { name: 'Resend link' });
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.filter(([input]) => String(input) === '/api/auth/session').length,
      ).toBeGreaterThanOrEqual(2),
    );
  });
});
