import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@cosa/contracts';
import { renderApp, sentBodies, stubApi } from '../../../test/render-app';

async function request(email = 'asha@iitbhilai.ac.in') {
  await userEvent.type(await screen.findByLabelText(/^Email/), email);
  await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
}

const main = async () => within(await screen.findByRole('main'));

describe('/forgot-password', () => {
  it('shows the email field, the button and a way back to Login', async () => {
    stubApi({});
    renderApp('/forgot-password');
    const page = await main();
    expect(await page.findByLabelText(/^Email/)).toHaveAttribute('type', 'email');
    expect(page.getByRole('button', { name: 'Send Reset Link' })).toBeInTheDocument();
    expect(page.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
  });

  it('requires an email address of the right form before sending', async () => {
    const fetchMock = stubApi({});
    renderApp('/forgot-password');
    await screen.findByLabelText(/^Email/);
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText(AUTH_MESSAGES.emailRequired)).toBeInTheDocument();
    await request('not-an-address');
    expect(await screen.findByText(AUTH_MESSAGES.emailInvalid)).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/auth/forgot-password')).toEqual([]);
  });

  it("reads 'Sending...' while busy", async () => {
    stubApi({ '/api/auth/forgot-password': 'pending' });
    renderApp('/forgot-password');
    await request();
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
  });

  it('says the link was sent', async () => {
    const fetchMock = stubApi({
      '/api/auth/forgot-password': { body: { message: AUTH_MESSAGES.resetSent } },
    });
    renderApp('/forgot-password');
    await request();
    expect(await (await main()).findByText(AUTH_MESSAGES.resetSent)).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/auth/forgot-password')).toEqual([
      { email: 'asha@iitbhilai.ac.in' },
    ]);
  });

  it('tells a Google account holder to sign in with Google, in a toast too', async () => {
    stubApi({
      '/api/auth/forgot-password': {
        status: 400,
        body: { error: { code: 'BAD_REQUEST', message: AUTH_MESSAGES.googleAccount } },
      },
    });
    renderApp('/forgot-password');
    await request();
    expect(await (await main()).findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.googleAccount);
    await waitFor(() => expect(screen.getAllByText(AUTH_MESSAGES.googleAccount)).toHaveLength(2));
  });

  it("says 'Something went wrong.' when the server fails", async () => {
    stubApi({
      '/api/auth/forgot-password': {
        status: 500,
        body: { error: { code: 'INTERNAL_ERROR', message: 'Internal error' } },
      },
    });
    renderApp('/forgot-password');
    await request();
    expect(await (await main()).findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.resetFailed);
  });
});
