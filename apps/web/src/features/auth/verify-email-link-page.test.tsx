import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { currentPath, makeUser, renderApp, sentBodies, stubApi } from '../../../test/render-app';

const TOKEN = 'q0Zr7dXh3bWm9vYp2Lk5Jt8Nc1Fs6Ga4Ue0Io3Pw7Rx';
const PAGE = `/verify-email/${TOKEN}`;
const API = '/api/auth/verify-email';
const PASSWORD = 'pass-1745000000123';

const DONE = 'Your e-mail address is verified.';
const INVALID = 'This verification link is invalid. Sign in and ask for a new one.';
const EXPIRED = 'This verification link has expired. Sign in and ask for a new one.';
const USED = 'This verification link has already been used.';
const PASSWORD_NEEDED = 'Enter the password of this account to finish verifying its e-mail address.';
const WRONG_PASSWORD =
  'This is not the password of this account. Try again, or choose a new one with Forgot Password.';
const TOO_MANY = 'Too many attempts. Please wait 5 minutes and try again.';

const unverified = makeUser({
  onboardingComplete: false,
  emailVerified: false,
  branch: null,
  batchYear: null,
  program: null,
});
const verified = { ...unverified, emailVerified: true };

type Reply = { status?: number; body?: unknown } | 'pending' | 'network-error';

/** The server's answers to successive calls, the last one repeated. */
function inTurn(...replies: Reply[]): () => Reply {
  let next = 0;
  return () => replies[Math.min(next++, replies.length - 1)] as Reply;
}

const refusal = (message: string) => ({
  status: 400,
  body: { error: { code: 'BAD_REQUEST', message } },
});
const fieldRefusal = (message: string) => ({
  status: 400,
  body: { error: { code: 'VALIDATION_FAILED', message, fields: { password: message } } },
});
const passwordNeeded = fieldRefusal(PASSWORD_NEEDED);
const wrongPassword = fieldRefusal(WRONG_PASSWORD);
const done = { body: { message: DONE, user: verified } };

const main = async () => within(await screen.findByRole('main'));

async function submitPassword(page: Awaited<ReturnType<typeof main>>, password: string) {
  const field = page.getByLabelText(/^Password/);
  await userEvent.clear(field);
  await userEvent.type(field, password);
  await userEvent.click(page.getByRole('button', { name: 'Verify e-mail' }));
}

describe('/verify-email/:token', () => {
  it("shows 'Verifying your e-mail...' while the link is checked, and sends the token once, even in StrictMode", async () => {
    const fetchMock = stubApi({ [`POST ${API}`]: 'pending' });
    renderApp(PAGE, { strict: true });
    expect(await (await main()).findByText('Verifying your e-mail...')).toBeInTheDocument();
    await waitFor(() => expect(sentBodies(fetchMock, 'POST', API)).toEqual([{ token: TOKEN }]));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sentBodies(fetchMock, 'POST', API)).toHaveLength(1);
  });

  it('verifies at once when this browser is signed in to the account, keeps the refreshed user and continues to onboarding', async () => {
    const fetchMock = stubApi({ session: { body: { user: unverified } }, [`POST ${API}`]: done });
    const { session } = renderApp(PAGE);
    const page = await main();
    expect(await page.findByText(DONE)).toHaveAttribute('role', 'status');
    expect(sentBodies(fetchMock, 'POST', API)).toEqual([{ token: TOKEN }]);
    expect(page.queryByLabelText(/^Password/)).not.toBeInTheDocument();
    expect(session.get().data).toEqual(verified);
    await userEvent.click(page.getByRole('link', { name: 'Continue' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Student Registration' }),
    ).toBeInTheDocument();
    expect(currentPath()).toBe('/onboarding');
  });

  it('asks a signed-out visitor for the password, refuses a wrong one under the field, and signs in with the right one', async () => {
    const fetchMock = stubApi({ [`POST ${API}`]: inTurn(passwordNeeded, wrongPassword, done) });
    const { session } = renderApp(PAGE);
    const page = await main();

    const form = await page.findByRole('form', { name: 'Verify e-mail' });
    expect(within(form).getByRole('status')).toHaveTextContent(PASSWORD_NEEDED);
    const field = within(form).getByLabelText(/^Password/);
    expect(field).toHaveAttribute('type', 'password');
    expect(field).toHaveAttribute('autocomplete', 'current-password');
    expect(within(form).getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(session.get().data).toBeNull();

    await submitPassword(page, 'not-my-password');
    expect(await within(form).findByText(WRONG_PASSWORD)).toBeInTheDocument();
    expect(field).toHaveAccessibleDescription(WRONG_PASSWORD);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(session.get().data).toBeNull();

    await submitPassword(page, PASSWORD);
    expect(await page.findByText(DONE)).toHaveAttribute('role', 'status');
    expect(page.queryByRole('form', { name: 'Verify e-mail' })).not.toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', API)).toEqual([
      { token: TOKEN },
      { token: TOKEN, password: 'not-my-password' },
      { token: TOKEN, password: PASSWORD },
    ]);
    expect(session.get().data).toEqual(verified);

    await userEvent.click(page.getByRole('link', { name: 'Continue' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Student Registration' }),
    ).toBeInTheDocument();
    expect(currentPath()).toBe('/onboarding');
  });

  it("asks for the password before sending one, and shows 'Verifying...' while it is checked", async () => {
    const fetchMock = stubApi({ [`POST ${API}`]: inTurn(passwordNeeded, 'pending') });
    renderApp(PAGE);
    const page = await main();
    await page.findByRole('form', { name: 'Verify e-mail' });

    await userEvent.click(page.getByRole('button', { name: 'Verify e-mail' }));
    expect(await page.findByText('Password is required.')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', API)).toHaveLength(1);

    await submitPassword(page, PASSWORD);
    expect(await page.findByRole('button', { name: 'Verifying...' })).toBeDisabled();
  });

  it('signs in to the verified account when this browser was signed in to another one, and forgets what was loaded for that one', async () => {
    const other = makeUser({
      id: '00000000-0000-4000-8000-000000000002',
      email: 'rohan@iitbhilai.ac.in',
      role: 'PRESIDENT',
    });
    stubApi({ session: { body: { user: other } }, [`POST ${API}`]: inTurn(passwordNeeded, done) });
    const { session, client } = renderApp(PAGE);
    client.setQueryData(['president', 'approvals'], ['an approval of the other account']);
    const page = await main();

    await page.findByRole('form', { name: 'Verify e-mail' });
    expect(session.get().data).toEqual(other);
    await submitPassword(page, PASSWORD);
    expect(await page.findByText(DONE)).toBeInTheDocument();
    expect(session.get().data).toEqual(verified);
    expect(client.getQueryData(['president', 'approvals'])).toBeUndefined();
  });

  it('shows the rate-limit message above the password form and keeps the form', async () => {
    stubApi({
      [`POST ${API}`]: inTurn(passwordNeeded, {
        status: 429,
        body: { error: { code: 'TOO_MANY_REQUESTS', message: TOO_MANY } },
      }),
    });
    renderApp(PAGE);
    const page = await main();
    const form = await page.findByRole('form', { name: 'Verify e-mail' });
    await submitPassword(page, PASSWORD);
    expect(await within(form).findByRole('alert')).toHaveTextContent(TOO_MANY);
    expect(within(form).getByLabelText(/^Password/)).not.toHaveAttribute('aria-invalid');
    expect(within(form).getByRole('button', { name: 'Verify e-mail' })).toBeEnabled();
  });

  it('shows why when the link is refused after the password was given, with the way to Login', async () => {
    stubApi({ [`POST ${API}`]: inTurn(passwordNeeded, refusal(EXPIRED)) });
    renderApp(PAGE);
    const page = await main();
    await page.findByRole('form', { name: 'Verify e-mail' });
    await submitPassword(page, PASSWORD);
    expect(await page.findByRole('alert')).toHaveTextContent(EXPIRED);
    expect(page.queryByRole('form', { name: 'Verify e-mail' })).not.toBeInTheDocument();
    expect(page.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });

  it.each([INVALID, EXPIRED, USED])(
    "shows the server's reason for a refused link and, signed out, the way to Login: %s",
    async (message) => {
      stubApi({ [`POST ${API}`]: refusal(message) });
      renderApp(PAGE);
      const page = await main();
      expect(await page.findByRole('alert')).toHaveTextContent(message);
      expect(page.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
      expect(page.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
      expect(page.queryByLabelText(/^Password/)).not.toBeInTheDocument();
    },
  );

  it('sends a signed-in user whose link was refused back to the verification page to ask for a new one', async () => {
    stubApi({ session: { body: { user: unverified } }, [`POST ${API}`]: refusal(EXPIRED) });
    renderApp(PAGE);
    const page = await main();
    expect(await page.findByRole('alert')).toHaveTextContent(EXPIRED);
    await userEvent.click(page.getByRole('link', { name: 'Ask for a new link' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Verify your e-mail' }),
    ).toBeInTheDocument();
    expect(currentPath()).toBe('/verify-email');
  });

  it('calls a link whose token the server refuses as a field (one too long to be a link) invalid, not a form to fix', async () => {
    const tooLong = {
      status: 400,
      body: {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Some fields need attention.',
          fields: { token: 'Too big' },
        },
      },
    };
    stubApi({ session: { body: null }, [`POST ${API}`]: tooLong });
    renderApp(PAGE);
    const page = await main();
    expect(await page.findByRole('alert')).toHaveTextContent(
      'This verification link is invalid. Sign in and ask for a new one.',
    );
    expect(page.queryByText('Some fields need attention.')).not.toBeInTheDocument();
  });

  it('lets a signed-in user whose address is already verified carry on after a used link', async () => {
    stubApi({ session: { body: { user: makeUser() } }, [`POST ${API}`]: refusal(USED) });
    renderApp(PAGE);
    const page = await main();
    expect(await page.findByRole('alert')).toHaveTextContent(USED);
    expect(page.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/');
    expect(page.queryByRole('link', { name: 'Ask for a new link' })).not.toBeInTheDocument();
  });

  it('shows the rate-limit message when the link is opened too often', async () => {
    stubApi({
      [`POST ${API}`]: {
        status: 429,
        body: { error: { code: 'TOO_MANY_REQUESTS', message: TOO_MANY } },
      },
    });
    renderApp(PAGE);
    expect(await (await main()).findByRole('alert')).toHaveTextContent(TOO_MANY);
  });

  it('offers to try again when the server cannot be reached, and sends the token again on request', async () => {
    const fetchMock = stubApi({ [`POST ${API}`]: 'network-error' });
    renderApp(PAGE);
    const page = await main();
    expect(await page.findByRole('alert')).toHaveTextContent(
      'We could not verify your e-mail address. Check your connection and try again.',
    );
    expect(sentBodies(fetchMock, 'POST', API)).toEqual([{ token: TOKEN }]);
    const retried = stubApi({ [`POST ${API}`]: passwordNeeded });
    await userEvent.click(page.getByRole('button', { name: 'Try again' }));
    expect(await page.findByRole('form', { name: 'Verify e-mail' })).toBeInTheDocument();
    expect(sentBodies(retried, 'POST', API)).toEqual([{ token: TOKEN }]);
  });
});
