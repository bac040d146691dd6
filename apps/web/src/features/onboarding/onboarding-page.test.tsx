import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, DISCIPLINES, PROGRAMS } from '@cosa/contracts';
import { loadPages } from '../../../test/load-pages';
import { currentPath, makeUser, renderApp, sentBodies, stubApi } from '../../../test/render-app';

const newcomer = makeUser({
  onboardingComplete: false,
  studentId: '12340001',
  branch: null,
  batchYear: null,
  program: null,
});

// A page's first render in a file is cold (each page is a lazy chunk, and little is compiled yet):
// on a busy machine it outlasts findBy's one second, so the query that waits for a page waits longer.
const firstRender = { timeout: 10_000 };

async function fill({
  mobile = '9876543210',
  year = '2024',
  program = 'B.Tech',
  discipline = 'Computer Science & Engineering',
} = {}) {
  await userEvent.type(await screen.findByLabelText(/^Mobile number/, {}, firstRender), mobile);
  await userEvent.type(screen.getByLabelText(/^Admission year/), year);
  await userEvent.selectOptions(screen.getByLabelText(/^Program/), program);
  await userEvent.selectOptions(screen.getByLabelText(/^Discipline/), discipline);
}

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Complete Registration' }));

// Loading the page modules (this one and those it leads to) here keeps their compilation out of the tests' time.
beforeAll(loadPages, 30_000);

describe('/onboarding', { timeout: 20_000 }, () => {
  it("shows 'Student Registration' with the user's name and email read-only and the student ID filled in", async () => {
    stubApi({ session: { body: { user: newcomer } } });
    renderApp('/onboarding');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Student Registration' }, firstRender),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue(newcomer.name);
    expect(screen.getByLabelText('Name')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Email')).toHaveValue(newcomer.email);
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(screen.getByLabelText(/^Student ID number/)).toHaveValue('12340001');
    const program = within(screen.getByLabelText(/^Program/));
    for (const name of PROGRAMS) expect(program.getByRole('option', { name })).toBeInTheDocument();
    const discipline = within(screen.getByLabelText(/^Discipline/));
    for (const name of DISCIPLINES) expect(discipline.getByRole('option', { name })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Complete Registration' })).toBeInTheDocument();
  });

  it("shows the spec's messages and sends nothing when a rule fails", async () => {
    const fetchMock = stubApi({ session: { body: { user: newcomer } } });
    renderApp('/onboarding');
    await userEvent.clear(await screen.findByLabelText(/^Student ID number/, {}, firstRender));
    await submit();
    expect(await screen.findByText(AUTH_MESSAGES.idNumberRequired)).toBeInTheDocument();
    expect(screen.getByText(AUTH_MESSAGES.mobileInvalid)).toBeInTheDocument();
    expect(screen.getByText(AUTH_MESSAGES.admissionYearInvalid)).toBeInTheDocument();
    expect(screen.getByText(AUTH_MESSAGES.programRequired)).toBeInTheDocument();
    expect(screen.getByText(AUTH_MESSAGES.disciplineRequired)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Mobile number/)).toHaveAccessibleDescription(
      expect.stringContaining(AUTH_MESSAGES.mobileInvalid),
    );
    expect(sentBodies(fetchMock, 'POST', '/api/onboarding')).toEqual([]);
  });

  it('wants 10 digits for the mobile number and an admission year from 2016', async () => {
    const fetchMock = stubApi({ session: { body: { user: newcomer } } });
    renderApp('/onboarding');
    await fill({ mobile: '98765', year: '2015' });
    await submit();
    expect(await screen.findByText(AUTH_MESSAGES.mobileInvalid)).toBeInTheDocument();
    expect(screen.getByText(AUTH_MESSAGES.admissionYearInvalid)).toBeInTheDocument();
    expect(screen.queryByText(AUTH_MESSAGES.programRequired)).not.toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/onboarding')).toEqual([]);
  });

  it('keeps only digits in the ID and mobile numbers', async () => {
    stubApi({ session: { body: { user: newcomer } } });
    renderApp('/onboarding');
    const mobile = await screen.findByLabelText(/^Mobile number/, {}, firstRender);
    await userEvent.type(mobile, '+91 98-76');
    expect(mobile).toHaveValue('919876');
  });

  it('completes the registration, updates the session and lands on the home page', async () => {
    const done = {
      ...newcomer,
      onboardingComplete: true,
      branch: 'Computer Science & Engineering',
      batchYear: 2024,
      program: 'B.Tech',
    };
    const fetchMock = stubApi({
      session: { body: { user: newcomer } },
      '/api/onboarding': { body: { user: done, redirectTo: '/' } },
    });
    const { session } = renderApp('/onboarding');
    await fill();
    await submit();
    expect(
      await screen.findByRole('heading', { name: `Welcome, ${newcomer.name}` }, firstRender),
    ).toBeInTheDocument();
    expect(currentPath()).toBe('/home');
    expect(session.get().data).toEqual(done);
    expect(sentBodies(fetchMock, 'POST', '/api/onboarding')).toEqual([
      {
        idNumber: '12340001',
        mobile: '9876543210',
        admissionYear: 2024,
        program: 'B.Tech',
        discipline: 'Computer Science & Engineering',
      },
    ]);
  });

  it("puts the server's field error under its field", async () => {
    stubApi({
      session: { body: { user: newcomer } },
      '/api/onboarding': {
        status: 409,
        body: {
          error: {
            code: 'CONFLICT',
            message: 'This ID Number is already registered.',
            fields: { idNumber: 'This ID Number is already registered.' },
          },
        },
      },
    });
    renderApp('/onboarding');
    await fill();
    await submit();
    expect(await screen.findByText('This ID Number is already registered.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Student ID number/)).toHaveAccessibleDescription(
      'This ID Number is already registered.',
    );
  });

  it('shows a failure the server reports without a field', async () => {
    stubApi({
      session: { body: { user: newcomer } },
      '/api/onboarding': {
        status: 409,
        body: { error: { code: 'CONFLICT', message: AUTH_MESSAGES.onboardingDone } },
      },
    });
    renderApp('/onboarding');
    await fill();
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.onboardingDone);
    expect(currentPath()).toBe('/onboarding');
  });

  it('asks to try again when the server cannot be reached', async () => {
    stubApi({ session: { body: { user: newcomer } }, '/api/onboarding': 'network-error' });
    renderApp('/onboarding');
    await fill();
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.onboardingFailed);
  });

  it.each([
    ['STUDENT', '/home'],
    ['PRESIDENT', '/president-dashboard'],
    ['GENSEC_SPORTS', '/gensec-sport'],
  ] as const)('shows an onboarded %s their landing page', async (role, landing) => {
    stubApi({ session: { body: { user: makeUser({ role }) } } });
    renderApp('/onboarding');
    await screen.findByRole('heading', { level: 1, name: /Welcome|Dashboard|Portal/ }, firstRender);
    expect(currentPath()).toBe(landing);
  });

  it('sends a signed-out visitor to /login', async () => {
    stubApi({});
    renderApp('/onboarding');
    expect(await screen.findByRole('heading', { name: 'Login' }, firstRender)).toBeInTheDocument();
  });
});
