import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Role } from '@cosa/contracts';
import { makeUser, renderApp, stubApi, testShell } from '../../../test/render-app';
import { AppProviders } from '../../app/providers';
import { GensecDashboardPage } from './gensec-dashboard-page';
import { academicLine } from './student-home-page';

/** The portal's header holds the bell and the user's initials, opening a menu with Logout. */
async function expectHeaderControls(initials: string, name: string) {
  // The page's own title card is a header too: the portal's header holds the account menu.
  const header = within(
    (await screen.findByRole('button', { name: `Account menu, ${name}` })).closest('header')!,
  );
  expect(header.getByRole('button', { name: /^Notifications/ })).toBeInTheDocument();
  const account = header.getByRole('button', { name: `Account menu, ${name}` });
  expect(account).toHaveTextContent(initials);
  await userEvent.click(account);
  expect(await screen.findByRole('link', { name: 'Logout' })).toHaveAttribute('href', '/logout');
}

describe('landing pages', () => {
  it('welcomes the student with their branch, batch year and program', async () => {
    stubApi({ session: { body: { user: makeUser() } } });
    renderApp('/home');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome, Asha Verma' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Computer Science & Engineering · Batch 2024 · B.Tech')).toBeInTheDocument();
    await expectHeaderControls('AV', 'Asha Verma');
  });

  it('leaves out what the student has not recorded', () => {
    expect(academicLine({ branch: null, batchYear: 2023, program: 'M.Tech' })).toBe(
      'Batch 2023 · M.Tech',
    );
    expect(academicLine({ branch: null, batchYear: null, program: null })).toBe('');
  });

  it.each([
    ['GENSEC_CULTURAL', '/gensec-cult', 'Cultural Affairs Portal', 'gensec-cultural'],
    ['GENSEC_SPORTS', '/gensec-sport', 'Sports Portal', 'gensec-sports'],
    ['GENSEC_ACADEMIC', '/gensec-acad', 'Academic Affairs Portal', 'gensec-academic'],
    ['GENSEC_SCITECH', '/gensec-tech', 'Science & Technology Portal', 'gensec-scitech'],
  ] as const)('gives %s their portal header in their theme', async (role: Role, path, title, theme) => {
    stubApi({ session: { body: { user: makeUser({ role, name: 'Ishita Reddy' }) } } });
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    await expectHeaderControls('IR', 'Ishita Reddy');
    expect(screen.getByRole('heading', { level: 1 }).closest('[data-theme]')).toHaveAttribute(
      'data-theme',
      theme,
    );
    // Dialogs and toasts open at the end of <body>: the document itself carries the theme.
    expect(document.documentElement).toHaveAttribute('data-theme', theme);
  });

  it('shows the president their dashboard with the Presidential Access badge', async () => {
    stubApi({ session: { body: { user: makeUser({ role: 'PRESIDENT', name: 'Rohan Mehta' }) } } });
    renderApp('/president-dashboard');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'President Dashboard' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Presidential Access')).toBeInTheDocument();
    await expectHeaderControls('RM', 'Rohan Mehta');
  });

  it('shows the club coordinator the club dashboard', async () => {
    stubApi({
      session: { body: { user: makeUser({ role: 'CLUB_COORDINATOR', name: 'Sneha Kulkarni' }) } },
    });
    renderApp('/club-dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Club Dashboard' })).toBeInTheDocument();
    await expectHeaderControls('SK', 'Sneha Kulkarni');
  });

  it("says 'Invalid GenSec role.' when the user holds no general secretary's role", () => {
    const { shell, client } = testShell();
    shell.session.set(makeUser({ role: 'STUDENT' }));
    render(
      <AppProviders shell={shell}>
        <QueryClientProvider client={client}>
          <MemoryRouter>
            <GensecDashboardPage />
          </MemoryRouter>
        </QueryClientProvider>
      </AppProviders>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid GenSec role.');
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });

  it('sends the wrong role to /unauthorised', async () => {
    stubApi({ session: { body: { user: makeUser({ role: 'GENSEC_SPORTS' }) } } });
    renderApp('/gensec-cult');
    expect(
      await screen.findByRole('heading', { name: '403 - Unauthorised Access' }),
    ).toBeInTheDocument();
  });
});
