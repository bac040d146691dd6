import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, RESET_REDIRECT_MS } from '@cosa/contracts';
import { currentPath, renderApp, sentBodies, stubApi } from '../../../test/render-app';

const PAGE = '/reset-password/u1/t0ken';
const API = '/api/auth/reset-password/u1/t0ken';

describe('/reset-password/:id/:token', () => {
  it("checks the link ('Verifying token...'), takes the new password and goes to /login 2 s later", async () => {
    const fetchMock = stubApi({
      [`GET ${API}`]: { body: { message: AUTH_MESSAGES.tokenValid } },
      [`POST ${API}`]: { body: { message: AUTH_MESSAGES.resetDone } },
    });
    renderApp(PAGE);
    expect(await screen.findByText('Verifying token...')).toBeInTheDocument();
    expect(await screen.findByText(AUTH_MESSAGES.tokenValid)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^New Password/), 'brand new secret');
    const started = Date.now();
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText(AUTH_MESSAGES.resetDone)).toBeInTheDocument();
    expect(currentPath()).toBe(PAGE);
    expect(sentBodies(fetchMock, 'POST', API)).toEqual([{ password: 'brand new secret' }]);
    await waitFor(() => expect(currentPath()).toBe('/login'), { timeout: RESET_REDIRECT_MS + 1500 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(RESET_REDIRECT_MS - 50);
  });

  it("reads 'Resetting...' while busy", async () => {
    stubApi({
      [`GET ${API}`]: { body: { message: AUTH_MESSAGES.tokenValid } },
      [`POST ${API}`]: 'pending',
    });
    renderApp(PAGE);
    await userEvent.type(await screen.findByLabelText(/^New Password/), 'brand new secret');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('button', { name: 'Resetting...' })).toBeDisabled();
  });

  it('requires a password', async () => {
    const fetchMock = stubApi({ [`GET ${API}`]: { body: { message: AUTH_MESSAGES.tokenValid } } });
    renderApp(PAGE);
    await screen.findByLabelText(/^New Password/);
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText(AUTH_MESSAGES.passwordRequired)).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', API)).toEqual([]);
  });

  it("shows the server's field error under the password", async () => {
    stubApi({
      [`GET ${API}`]: { body: { message: AUTH_MESSAGES.tokenValid } },
      [`POST ${API}`]: {
        status: 400,
        body: {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Invalid input',
            fields: { password: 'Password is too common.' },
          },
        },
      },
    });
    renderApp(PAGE);
    await userEvent.type(await screen.findByLabelText(/^New Password/), 'password123');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Password is too common.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^New Password/)).toHaveAccessibleDescription(
      'Password is too common.',
    );
  });

  it('shows why a link that expired while the form was open is refused', async () => {
    stubApi({
      [`GET ${API}`]: { body: { message: AUTH_MESSAGES.tokenValid } },
      [`POST ${API}`]: {
        status: 400,
        body: { error: { code: 'BAD_REQUEST', message: AUTH_MESSAGES.tokenExpired } },
      },
    });
    renderApp(PAGE);
    await userEvent.type(await screen.findByLabelText(/^New Password/), 'brand new secret');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.tokenExpired);
  });

  it.each([AUTH_MESSAGES.tokenInvalid, AUTH_MESSAGES.tokenExpired, AUTH_MESSAGES.tokenUsed])(
    "shows the server's reason for a refused link and offers a new one: %s",
    async (message) => {
      stubApi({ [`GET ${API}`]: { status: 400, body: { error: { code: 'BAD_REQUEST', message } } } });
      renderApp(PAGE);
      const main = within(await screen.findByRole('main'));
      expect(await main.findByRole('alert')).toHaveTextContent(message);
      expect(main.queryByLabelText(/^New Password/)).not.toBeInTheDocument();
      expect(main.getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute(
        'href',
        '/forgot-password',
      );
    },
  );

  it("says 'Error verifying token.' when the check cannot reach the server", async () => {
    stubApi({ [`GET ${API}`]: 'network-error' });
    renderApp(PAGE);
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.tokenCheckFailed);
  });
});
