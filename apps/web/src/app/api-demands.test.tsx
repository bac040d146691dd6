import { screen } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { makeUser, renderApp, stubApi } from '../../test/render-app';
import { api } from '../lib/api-client';
import { pageRoutes, type PageRoute } from './routes';
import { inSignedInArea } from './signed-in-area';

/** A page whose data the server refuses, standing in for any page calling the API. */
function ThingsPage() {
  const things = useQuery({
    queryKey: ['things'],
    queryFn: ({ signal }) => api.get('/api/things', { signal }),
  });
  return <h1>{things.isError ? 'Things failed' : 'Things'}</h1>;
}

const routes: readonly PageRoute[] = [
  ...pageRoutes.filter(({ path }) => path !== '/home'),
  { path: '/home', Component: inSignedInArea(ThingsPage) },
];

/** The server's answer to /api/things once it finds the account is not allowed; the session it reports changes with it. */
function serverThatRefuses(code: string, message: string, afterwards: ReturnType<typeof makeUser>) {
  let user = makeUser();
  stubApi({
    session: () => ({ body: { user } }),
    '/api/things': () => {
      user = afterwards;
      return { status: 403, body: { error: { code, message } } };
    },
  });
}

describe("the app's reaction to an API demand", () => {
  it('sends the user to /verify-email when a call answers EMAIL_VERIFICATION_REQUIRED', async () => {
    serverThatRefuses(
      'EMAIL_VERIFICATION_REQUIRED',
      'Please verify your e-mail address first: open the link we sent you.',
      makeUser({ emailVerified: false }),
    );
    renderApp('/home', { routes });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Verify your e-mail' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/verify-email');
  });

  it('sends the user to /onboarding when a call answers ONBOARDING_REQUIRED', async () => {
    serverThatRefuses(
      'ONBOARDING_REQUIRED',
      'Please complete your registration first.',
      makeUser({ onboardingComplete: false }),
    );
    renderApp('/home', { routes });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Student Registration' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/onboarding');
  });

  it('stays on the page for any other refusal', async () => {
    serverThatRefuses(
      'FORBIDDEN',
      'You do not have permission to do this.',
      makeUser({ emailVerified: false }),
    );
    renderApp('/home', { routes });
    expect(await screen.findByRole('heading', { level: 1, name: 'Things failed' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/home');
  });
});
