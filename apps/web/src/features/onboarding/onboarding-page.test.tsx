import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPages } from '../../../test/load-pages';
import { currentPath, makeUser, renderApp, sentBodies, stubApi } from '../../../test/render-app';

const newcomer = makeUser({
  onboardingComplete: false,
  studentId: '12340001',
  branch: null,
  batchYear: null,
  program: null,
});

/** The institute holds nothing yet: every field is asked. */
const nothingHeld = {
  body: { officialName: null, studentId: null, program: null, discipline: null, admissionYear: null },
};

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
    stubApi({ session: { body: { user: newcomer } }, 'GET /api/onboarding': nothingHeld });
    renderApp('/onboarding');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Student Registration' }, firstRender),
    ).toBeInTheDocument();
    expect(await screen.findByLabelText('Name', {}, firstRender)).toHaveValue(newcomer.name);
    expect(screen.getByLabelText('Name')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Email')).toHaveValue(newcomer.email);
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(screen.getByLabelText(/^Student ID number/)).toHaveValue('12340001');
    const program = within(screen.getByLabelText(/^Program/));
    // The spec's lists (section 3, the student profile).
    for (const name of ['B.Tech', 'M.Tech', 'MSc', 'PhD', 'Other'])
      expect(program.getByRole('option', { name })).toBeInTheDocument();
    const discipline = within(screen.getByLabelText(/^Discipline/));
    for (const name of [
      'Computer Science & Engineering',
      'Electrical Engineering',
      'Mechanical Engineering',
      'Civil Engineering',
      'Electronics & Communication',
      'Chemical Engineering',
      'Mathematics',
      'Physics',
      'Chemistry',
    ])
      expect(discipline.getByRole('option', { name })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Complete Registration' })).toBeInTheDocument();
  });

  it('shows the facts the institute holds read-only, asks only for the others and sends the held ones back', async () => {
    const fetchMock = stubApi({
      session: { body: { user: newcomer } },
      'GET /api/onboarding': {
        body: {
          officialName: 'Asha Rani Verma',
          studentId: '24120001',
          program: 'M.Tech',
          discipline: null,
          admissionYear: 2027,
        },
      },
      'POST /api/onboarding': {
        body: { user: { ...newcomer, onboardingComplete: true }, redirectTo: '/' },
      },
    });
    renderApp('/onboarding');
    const kept = await screen.findByRole('group', { name: 'Kept by the institute' }, firstRender);
    expect(kept).toHaveAccessibleDescription(
      'The institute’s student roll already gives these. They appear on your transcript and credentials. If one is wrong, complete your registration, then ask for a correction on your profile.',
    );
    const shown = within(kept);
    expect(shown.getByLabelText('Official name')).toHaveValue('Asha Rani Verma');
    for (const [label, value] of [
      ['Student ID number', '24120001'],
      ['Program', 'M.Tech'],
      ['Admission year', '2027'],
    ]) {
      expect(shown.getByLabelText(label!)).toHaveValue(value);
      expect(shown.getByLabelText(label!)).toHaveAttribute('readonly');
    }
    // Asked: only what the institute does not hold.
    expect(screen.getAllByLabelText(/^Student ID number/)).toHaveLength(1);
    expect(screen.getAllByLabelText(/^Program/)).toHaveLength(1);
    expect(shown.queryByLabelText(/^Discipline/)).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Mobile number/), '9876543210');
    await userEvent.selectOptions(screen.getByLabelText(/^Discipline/), 'Physics');
    await submit();
    expect(
      await screen.findByRole('heading', { name: `Welcome, ${newcomer.name}` }),
    ).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/onboarding')).toEqual([
      {
        idNumber: '24120001',
        mobile: '9876543210',
        admissionYear: 2027,
        program: 'M.Tech',
        discipline: 'Physics',
        privacy: { showProfile: false, listed: false, showPhone: false },
      },
    ]);
  });

  it('says so when the facts the institute holds cannot be loaded, and tries again', async () => {
    let failing = true;
    stubApi({
      session: { body: { user: newcomer } },
      'GET /api/onboarding': () =>
        failing
          ? {
              status: 500,
              body: { error: { code: 'INTERNAL_ERROR', message: 'Something went wrong.' } },
            }
          : nothingHeld,
    });
    renderApp('/onboarding');
    expect(await screen.findByRole('alert', {}, firstRender)).toHaveTextContent(
      'Your registration could not be loaded. Please try again.',
    );
    expect(screen.queryByRole('button', { name: 'Complete Registration' })).not.toBeInTheDocument();
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByLabelText(/^Mobile number/)).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Kept by the institute' })).not.toBeInTheDocument();
  });

  it("shows the spec's messages and sends nothing when a rule fails", async () => {
    const fetchMock = stubApi({
      session: { body: { user: newcomer } },
      'GET /api/onboarding': nothingHeld,
    });
    renderApp('/onboarding');
    await userEvent.clear(await screen.findByLabelText(/^Student ID number/, {}, firstRender));
    await submit();
    expect(await screen.findByText('ID Number is required')).toBeInTheDocument();
    expect(screen.getByText('Mobile number must be 10 digits')).toBeInTheDocument();
    expect(screen.getByText('Invalid admission year')).toBeInTheDocument();
    expect(screen.getByText('Program is required')).toBeInTheDocument();
    expect(screen.getByText('Discipline is required')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Mobile number/)).toHaveAccessibleDescription(
      expect.stringContaining('Mobile number must be 10 digits'),
    );
    expect(sentBodies(fetchMock, 'POST', '/api/onboarding')).toEqual([]);
  });

  it('wants 10 digits for the mobile number and an admission year from 2016', async () => {
    const fetchMock = stubApi({
      session: { body: { user: newcomer } },
      'GET /api/onboarding': nothingHeld,
    });
    renderApp('/onboarding');
    await fill({ mobile: '98765', year: '2015' });
    await submit();
    expect(await screen.findByText('Mobile number must be 10 digits')).toBeInTheDocument();
    expect(screen.getByText('Invalid admission year')).toBeInTheDocument();
    expect(screen.queryByText('Program is required')).not.toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/onboarding')).toEqual([]);
  });

  it('keeps only digits in the ID and mobile numbers', async () => {
    stubApi({ session: { body: { user: newcomer } }, 'GET /api/onboarding': nothingHeld });
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
      'GET /api/onboarding': nothingHeld,
      'POST /api/onboarding': { body: { user: done, redirectTo: '/' } },
    });
    const { session } = renderApp('/onboarding');
    await fill();
    // The optional choices wait unticked for the student's own tick.
    const choices = screen.getByRole('group', { name: 'Your privacy' });
    const find = within(choices).getByRole('checkbox', {
      name: 'Let other students find me in people search and in club member lists',
    });
    const show = within(choices).getByRole('checkbox', {
      name: 'Show my photo and my GitHub and LinkedIn links to other students',
    });
    expect([find, show].map((box) => (box as HTMLInputElement).checked)).toEqual([false, false]);
    expect(within(choices).getByRole('link', { name: 'privacy notice' })).toHaveAttribute(
      'href',
      '/privacy',
    );
    await userEvent.click(find);
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
        privacy: { showProfile: false, listed: true, showPhone: false },
      },
    ]);
  });

  it("puts the server's field error under its field", async () => {
    stubApi({
      session: { body: { user: newcomer } },
      'GET /api/onboarding': nothingHeld,
      'POST /api/onboarding': {
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
      'GET /api/onboarding': nothingHeld,
      'POST /api/onboarding': {
        status: 409,
        body: { error: { code: 'CONFLICT', message: 'Registration is already complete.' } },
      },
    });
    renderApp('/onboarding');
    await fill();
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Registration is already complete.');
    expect(currentPath()).toBe('/onboarding');
  });

  it('asks to try again when the server cannot be reached', async () => {
    stubApi({
      session: { body: { user: newcomer } },
      'GET /api/onboarding': nothingHeld,
      'POST /api/onboarding': 'network-error',
    });
    renderApp('/onboarding');
    await fill();
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Registration could not be completed. Please try again.',
    );
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
