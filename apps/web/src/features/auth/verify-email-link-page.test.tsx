import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { currentPath, makeUser, renderApp, sentBodies, stubApi } from '../../../test/render-app';
import { sessionQueryKey } from '../../lib/session';

const TOKEN = 'q0Zr7dXh3bWm9vYp2Lk5Jt8Nc1Fs6Ga4Ue0Io3Pw7Rx';
const PAGE = `/verify-email/${TOKEN}`;
const API = '/api/auth/verify-email';

const DONE = 'Your e-mail address is verified.';
const INVALID = 'This verification link is invalid. Sign in and ask for a new one.';
const EXPIRED = 'This verification link has expired. Sign in and ask for a new one.';
const USED = 'This verification link has already been used.';

const unverified = makeUser({ onboardingComplete: false, emailVerified: false, branch: null, batchYear: null, program: null });
const verified = { ...unverified, emailVerified: true };

const main = async () => within(await screen.findByRole('main'));

describe('/verify-email/:token', () => {
  it("shows 'Verifying your e-mail...' while the link is checked, and sends the token once, even in StrictMode", async () => {
    const fetchMock = stubApi({ [`POST ${API}`]: 'pending' });
    renderApp(PAGE, { strict: true });
    expect(await (await main()).findByText('Verifying your e-mail...')).toBeInTheDocument();
    await waitFor(() => expect(sentBodies(fetchMock, 'POST', API)).toEqual([{ token: TOKEN }]));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sentBodies(fetchMock, 'POST', API)).toHaveLength(1);
  });

  it('signs the verified user on when this browser is signed in to the account, and continues to onboarding', async () => {
    stubApi({ session: { body: { user: unverified } }, [`POST ${API}`]: { body: { message: DONE, user: verified } } });
    const { client } = renderApp(PAGE);
    const page = await main();
    expect(await page.findByText(DONE)).toHaveAttribute('role', 'status');
    expect(client.getQueryData(sessionQueryKey)).toEqual(verified);
    await userEvent.click(page.getByRole('link', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Student Registration' })).toBeInTheDocument();
    expect(currentPath()).toBe('/onboarding');
  });

  it('offers Login when the link was opened signed out', async () => {
    stubApi({ [`POST ${API}`]: { body: { message: DONE, user: null } } });
    const { client } = renderApp(PAGE);
    const page = await main();
    expect(await page.findByText(DONE)).toBeInTheDocument();
    expect(page.getByText('You can now sign in with your e-mail address and password.')).toBeInTheDocument();
    expect(page.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(page.queryByRole('link', { name: 'Continue' })).not.toBeInTheDocument();
    expect(client.getQueryData(sessionQueryKey)).toBeNull();
  });

  it('offers to sign out when this browser is signed in to another account', async () => {
    const other = makeUser({ email: 'rohan@iitbhilai.ac.in', role: 'PRESIDENT' });
    stubApi({ session: { body: { user: other } }, [`POST ${API}`]: { body: { message: DONE, user: null } } });
    const { client } = renderApp(PAGE);
    const page = await main();
    expect(await page.findByText(DONE)).toBeInTheDocument();
    expect(page.getByText(/This browser is signed in as/)).toHaveTextContent('rohan@iitbhilai.ac.in');
    expect(page.getByRole('link', { name: 'Sign out' })).toHaveAttribute('href', '/logout');
    expect(client.getQueryData(sessionQueryKey)).toEqual(other);
  });

  it.each([INVALID, EXPIRED, USED])("shows the server's reason for a refused link and, signed out, the way to Login: %s", async (message) => {
    stubApi({ [`POST ${API}`]: { status: 400, body: { error: { code: 'BAD_REQUEST', message } } } });
    renderApp(PAGE);
    const page = await main();
    expect(await page.findByRole('alert')).toHaveTextContent(message);
    expect(page.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(page.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('sends a signed-in user whose link was refused back to the verification page to ask for a new one', async () => {
    stubApi({ session: { body: { user: unverified } }, [`POST ${API}`]: { status: 400, body: { error: { code: 'BAD_REQUEST', message: EXPIRED } } } });
    renderApp(PAGE);
    const page = await main();
    expect(await page.findByRole('alert')).toHaveTextContent(EXPIRED);
    await userEvent.click(page.getByRole('link', { name: 'Ask for a new link' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Verify your e-mail' })).toBeInTheDocument();
    expect(currentPath()).toBe('/verify-email');
  });

  it('lets a signed-in user whose address is already verified carry on after a used link', async () => {
    stubApi({ session: { body: { user: makeUser() } }, [`POST ${API}`]: { status: 400, body: { error: { code: 'BAD_REQUEST', message: USED } } } });
    renderApp(PAGE);
    const page = await main();
    expect(await page.findByRole('alert')).toHaveTextContent(USED);
    expect(page.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/');
    expect(page.queryByRole('link', { name: 'Ask for a new link' })).not.toBeInTheDocument();
  });

  it('shows the rate-limit message', async () => {
    const message = 'Too many attempts. Please wait 5 minutes and try again.';
    stubApi({ [`POST ${API}`]: { status: 429, body: { error: { code: 'TOO_MANY_REQUESTS', message } } } });
    renderApp(PAGE);
    expect(await (await main()).findByRole('alert')).toHaveTextContent(message);
  });

  it('offers to try again when the server cannot be reached, and sends the token again on request', async () => {
    const fetchMock = stubApi({ [`POST ${API}`]: 'network-error' });
    renderApp(PAGE);
    const page = await main();
    expect(await page.findByRole('alert')).toHaveTextContent('We could not verify your e-mail address. Check your connection and try again.');
    expect(sentBodies(fetchMock, 'POST', API)).toEqual([{ token: TOKEN }]);
    const retried = stubApi({ [`POST ${API}`]: { body: { message: DONE, user: null } } });
    await userEvent.click(page.getByRole('button', { name: 'Try again' }));
    expect(await page.findByText(DONE)).toBeInTheDocument();
    expect(sentBodies(retried, 'POST', API)).toEqual([{ token: TOKEN }]);
  });
});
