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

const DOMAIN_MESSAGE = 'Please use an @iitbhilai.ac.in email address.';

async function fill({
  name = 'Asha Verma',
  studentId = '12340001',
  email = 'asha@iitbhilai.ac.in',
  password = 'a long password',
} = {}) {
  await userEvent.type(await screen.findByLabelText(/^Name/), name);
  await userEvent.type(screen.getByLabelText(/^Student ID/), studentId);
  await userEvent.type(screen.getByLabelText(/^Email/), email);
  await userEvent.type(screen.getByLabelText(/^Create Password/), password);
}

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Register' }));

describe('/register', { timeout: 20_000 }, () => {
  it('shows the logo, the fields and the links, and no Google button while Google sign-in is not set up', async () => {
    stubApi({});
    renderApp('/register');
    const main = within(await screen.findByRole('main'));
    expect(await main.findByRole('heading', { level: 1, name: 'Register' })).toBeInTheDocument();
    expect(
      await main.findByRole('img', { name: `${testConfig.instituteName} logo` }),
    ).toBeInTheDocument();
    expect(await main.findByLabelText(/^Name/)).toHaveAttribute('type', 'text');
    expect(main.getByLabelText(/^Student ID/)).toHaveAttribute('inputmode', 'numeric');
    expect(main.getByLabelText(/^Email/)).toHaveAttribute('type', 'email');
    expect(main.getByLabelText(/^Create Password/)).toHaveAttribute('type', 'password');
    expect(main.getByRole('button', { name: 'Register' })).toBeInTheDocument();
    expect(main.queryByText('OR')).not.toBeInTheDocument();
    expect(main.queryByRole('link', { name: /Google/ })).not.toBeInTheDocument();
    expect(main.getByText(/Already have an Account\?/)).toBeInTheDocument();
    expect(main.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });

  it('offers Sign up with Google when the server has Google sign-in set up', async () => {
    stubApi({ config: { body: { ...testConfig, googleEnabled: true } } });
    renderApp('/register');
    const main = within(await screen.findByRole('main'));
    expect(await main.findByRole('link', { name: 'Sign up with Google' })).toHaveAttribute(
      'href',
      '/api/auth/google',
    );
    expect(main.getByText('OR')).toBeInTheDocument();
  });

  it('keeps only digits in the Student ID', async () => {
    stubApi({});
    renderApp('/register');
    const field = await screen.findByLabelText(/^Student ID/);
    await userEvent.type(field, '12ab3-4');
    expect(field).toHaveValue('1234');
  });

  it('refuses an address outside the institute domain, and clears the message on the next attempt', async () => {
    const fetchMock = stubApi({ '/api/auth/register': 'pending' });
    renderApp('/register');
    await fill({ email: 'asha@gmail.com' });
    await submit();
    expect(await screen.findByText(DOMAIN_MESSAGE)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription(
      expect.stringContaining(DOMAIN_MESSAGE),
    );
    expect(sentBodies(fetchMock, 'POST', '/api/auth/register')).toEqual([]);

    const email = screen.getByLabelText(/^Email/);
    await userEvent.clear(email);
    await userEvent.type(email, 'asha@IITBhilai.ac.in');
    expect(screen.getByText(DOMAIN_MESSAGE)).toBeInTheDocument();
    await submit();
    expect(screen.queryByText(DOMAIN_MESSAGE)).not.toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/auth/register')).toEqual([
      {
        name: 'Asha Verma',
        studentId: '12340001',
        email: 'asha@IITBhilai.ac.in',
        password: 'a long password',
      },
    ]);
  });

  it('names the domain of this installation', async () => {
    stubApi({ config: { body: { ...testConfig, emailDomain: 'example.edu' } } });
    renderApp('/register');
    await fill({ email: 'asha@iitbhilai.ac.in' });
    await submit();
    expect(await screen.findByText('Please use an @example.edu email address.')).toBeInTheDocument();
  });

  it('checks the other fields before sending', async () => {
    const fetchMock = stubApi({});
    renderApp('/register');
    await screen.findByLabelText(/^Name/);
    await submit();
    expect(await screen.findByText('Name is required.')).toBeInTheDocument();
    expect(screen.getByText('Student ID is required.')).toBeInTheDocument();
    expect(screen.getByText('Email is required.')).toBeInTheDocument();
    expect(screen.getByText('Password is required.')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/auth/register')).toEqual([]);
  });

  it('puts the server field errors under their fields', async () => {
    stubApi({
      '/api/auth/register': {
        status: 409,
        body: {
          error: {
            code: 'CONFLICT',
            message: 'An account with this Student ID already exists.',
            fields: {
              studentId: 'An account with this Student ID already exists.',
              email: 'An account with this email already exists.',
            },
          },
        },
      },
    });
    renderApp('/register');
    await fill();
    await submit();
    expect(await screen.findByText('An account with this email already exists.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription(
      expect.stringContaining('An account with this email already exists.'),
    );
    expect(screen.getByLabelText(/^Student ID/)).toHaveAccessibleDescription(
      'An account with this Student ID already exists.',
    );
  });

  it("shows the server's message for a refusal without a field", async () => {
    const message = 'Too many registrations from this network. Please try again later.';
    stubApi({
      '/api/auth/register': { status: 429, body: { error: { code: 'TOO_MANY_REQUESTS', message } } },
    });
    renderApp('/register');
    await fill();
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('signs the new student in and opens the page the server names: the e-mail verification', async () => {
    const user = makeUser({
      onboardingComplete: false,
      emailVerified: false,
      branch: null,
      batchYear: null,
      program: null,
    });
    let signedIn: typeof user | null = null;
    stubApi({
      session: () => ({ body: { user: signedIn } }),
      '/api/auth/register': () => {
        signedIn = user;
        return { status: 201, body: { user, redirectTo: '/verify-email' } };
      },
    });
    const { session } = renderApp('/register');
    await fill();
    await submit();
    expect(await screen.findByRole('heading', { name: 'Verify your e-mail' })).toBeInTheDocument();
    expect(screen.getByText('asha@iitbhilai.ac.in')).toBeInTheDocument();
    expect(currentPath()).toBe('/verify-email');
    expect(session.get().data).toEqual(user);
  });
});
