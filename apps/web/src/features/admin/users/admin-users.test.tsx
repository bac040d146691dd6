import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSummary, AdminUser, AdminUserDetail } from '@cosa/contracts';
import { toast } from '../../../lib/toast';
import { loadPages } from '../../../../test/load-pages';
import { makeUser, renderApp, sentBodies, stubApi } from '../../../../test/render-app';

beforeAll(loadPages, 30_000);
afterEach(() => toast.dismiss());

const firstRender = { timeout: 10_000 };
const ME = '00000000-0000-4000-8000-00000000ad01';
const USER_ID = '00000000-0000-4000-8000-0000000000b1';
const CLUB = { id: '00000000-0000-4000-8000-0000000000c1', name: 'Robotics Club' };
const session = {
  body: {
    user: makeUser({
      id: ME,
      role: 'ADMIN',
      name: 'Priya Venkatesh',
      studentId: null,
      onboardingComplete: false,
    }),
  },
};

const user = (overrides: Partial<AdminUser> = {}): AdminUser => ({
  id: USER_ID,
  name: 'Asha Verma',
  email: 'asha@iitbhilai.ac.in',
  username: 'asha',
  studentId: '22000001',
  role: 'STUDENT',
  club: null,
  state: 'active',
  emailVerifiedAt: '2026-01-05T04:30:00.000Z',
  deactivatedAt: null,
  createdAt: '2026-01-01T10:00:00.000Z',
  ...overrides,
});

const detail = (overrides: Partial<AdminUserDetail> = {}): AdminUserDetail => ({
  ...user(),
  onboardingComplete: true,
  importedAt: null,
  signIn: { password: true, google: false },
  profile: { program: 'B.Tech', branch: 'Physics', batchYear: 2024, currentYear: '2nd' },
  activeSessions: 2,
  lastSignInAt: '2026-03-02T10:00:00.000Z',
  ...overrides,
});

const summary: AdminSummary = {
  users: {
    byRole: {
      STUDENT: 1200,
      GENSEC_SCITECH: 1,
      GENSEC_ACADEMIC: 1,
      GENSEC_CULTURAL: 0,
      GENSEC_SPORTS: 1,
      PRESIDENT: 1,
      CLUB_COORDINATOR: 7,
      ADMIN: 2,
    },
    total: 1220,
    deactivated: 3,
    unverified: 4,
    unclaimed: 5,
  },
  units: { total: 12, clubs: 9 },
  rooms: 0,
  skills: { total: 40, awaitingReview: 6 },
  auditLastWeek: 17,
};

const list = (items: AdminUser[], total = items.length, overall = 1220) => ({
  body: { items, total, overall, page: 1, pageSize: 20 },
});
const userQueries = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/admin/users')
    .map((url) => Object.fromEntries(url.searchParams));

describe('/admin overview', { timeout: 30_000 }, () => {
  it('shows the heading, the counts with links to each page, and the set-up checklist', async () => {
    stubApi({ session, '/api/admin/summary': { body: summary } });
    renderApp('/admin');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Administration' }, firstRender),
    ).toBeInTheDocument();
    const users = within((await screen.findByRole('heading', { name: 'Users' })).closest('section')!);
    expect(users.getByRole('link', { name: 'Deactivated' })).toHaveAttribute(
      'href',
      '/admin/users?state=deactivated',
    );
    expect(users.getByText('1,220')).toBeInTheDocument();
    const roles = within(screen.getByRole('heading', { name: 'Roles' }).closest('section')!);
    expect(roles.getByRole('link', { name: 'Club Coordinator' })).toHaveAttribute(
      'href',
      '/admin/users?role=CLUB_COORDINATOR',
    );
    const setup = within(
      screen.getByRole('heading', { name: 'Set up your campus' }).closest('section')!,
    );
    const steps = setup
      .getAllByRole('listitem')
      .map((item) => [
        within(item).getByRole('link').getAttribute('href'),
        within(item).getByText(/^(Done|To do)$/).textContent,
      ]);
    expect(steps).toEqual([
      ['/admin/units', 'Done'],
      ['/admin/rooms', 'To do'],
      ['/admin/skills', 'Done'],
      ['/admin/import', 'Done'],
      ['/admin/users', 'Done'],
    ]);
  });

  it('says when the counts could not be loaded, with a retry', async () => {
    stubApi({
      session,
      '/api/admin/summary': { status: 500, body: { error: { code: 'INTERNAL_ERROR', message: 'x' } } },
    });
    renderApp('/admin');
    expect(
      await screen.findByText('The overview could not be loaded. Please try again.', {}, firstRender),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('/admin/users', { timeout: 30_000 }, () => {
  it('lists users as cards linking to each, with the count line, and filters on the server', async () => {
    const fetchMock = stubApi({
      session,
      '/api/admin/users': list(
        [
          user(),
          user({ id: 'u2', name: 'Rohan Mehta', role: 'CLUB_COORDINATOR', club: CLUB, studentId: null }),
        ],
        2,
      ),
    });
    renderApp('/admin/users');
    const link = await screen.findByRole('link', { name: 'Asha Verma' }, firstRender);
    expect(link).toHaveAttribute('href', `/admin/users/${USER_ID}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Users and roles' })).toBeInTheDocument();
    expect(screen.getByText('Showing 2 of 1220 users')).toBeInTheDocument();
    expect(screen.getByText('Club: Robotics Club')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Role'), 'Club Coordinator');
    await userEvent.selectOptions(screen.getByLabelText('State'), 'Deactivated');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search users' }), 'asha');
    await waitFor(() =>
      expect(userQueries(fetchMock).at(-1)).toEqual({
        q: 'asha',
        role: 'CLUB_COORDINATOR',
        state: 'deactivated',
      }),
    );
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/admin/users/export?q=asha&role=CLUB_COORDINATOR&state=deactivated',
    );
  });

  it('turns a page beyond the last (an old or typed address) to the last page instead of saying nothing matches', async () => {
    // 50 users in pages of 20: the last is page 3; page 99999 has none.
    const fetchMock = stubApi({
      session,
      '/api/admin/users': () => {
        const asked = userQueries(fetchMock).at(-1)?.page;
        return asked === '3'
          ? { body: { items: [user()], total: 50, overall: 50, page: 3, pageSize: 20 } }
          : { body: { items: [], total: 50, overall: 50, page: Number(asked ?? 1), pageSize: 20 } };
      },
    });
    renderApp('/admin/users?page=99999');
    expect(await screen.findByRole('link', { name: 'Asha Verma' }, firstRender)).toBeInTheDocument();
    expect(userQueries(fetchMock).map((query) => query.page)).toEqual(['99999', '3']);
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
    expect(screen.queryByText('No users match your search and filters.')).toBeNull();
  });

  it('shows the empty and the failed states', async () => {
    stubApi({ session, '/api/admin/users': list([], 0) });
    const { unmount } = renderApp('/admin/users?q=nobody');
    expect(
      await screen.findByText('No users match your search and filters.', {}, firstRender),
    ).toBeInTheDocument();
    unmount();
    stubApi({
      session,
      '/api/admin/users': { status: 500, body: { error: { code: 'INTERNAL_ERROR', message: 'x' } } },
    });
    renderApp('/admin/users');
    expect(
      await screen.findByText('The users could not be loaded. Please try again.', {}, firstRender),
    ).toBeInTheDocument();
  });
});

describe('/admin/users/:id', { timeout: 30_000 }, () => {
  const path = `/admin/users/${USER_ID}`;
  const api = `/api/admin/users/${USER_ID}`;

  it('shows the account and its profile', async () => {
    stubApi({ session, [api]: { body: { user: detail() } } });
    renderApp(path);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Asha Verma' }, firstRender),
    ).toBeInTheDocument();
    const account = within(screen.getByRole('heading', { name: 'Account' }).closest('section')!);
    expect(account.getByText('Active sessions').nextSibling).toHaveTextContent('2');
    expect(account.getByText('Signs in with').nextSibling).toHaveTextContent('Password');
    expect(account.getByText('Last sign-in').nextSibling).toHaveTextContent('Mar 2, 2026, 3:30 PM');
    expect(account.getByText('Discipline').nextSibling).toHaveTextContent('Physics');
  });

  it('makes a student a club coordinator after confirming, with the club chosen', async () => {
    const fetchMock = stubApi({
      session,
      [api]: { body: { user: detail() } },
      '/api/admin/units': {
        body: {
          units: [
            { ...CLUB, type: 'club', retiredAt: null },
            { id: 'x', name: 'Old Club', type: 'club', retiredAt: '2026-01-01T00:00:00.000Z' },
            { id: 'y', name: 'Council', type: 'council', retiredAt: null },
          ],
        },
      },
      [`PUT ${api}/role`]: { body: { user: detail({ role: 'CLUB_COORDINATOR', club: CLUB }) } },
    });
    renderApp(path);
    const role = await screen.findByLabelText('Role', {}, firstRender);
    const change = screen.getByRole('button', { name: 'Change role' });
    expect(change).toBeDisabled();
    await userEvent.selectOptions(role, 'Club Coordinator');
    const club = await screen.findByLabelText(/^Club/);
    await waitFor(() =>
      expect(
        within(club)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Choose a club', 'Robotics Club']),
    );
    expect(change).toBeDisabled();
    await userEvent.selectOptions(club, 'Robotics Club');
    await userEvent.click(change);
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Make Asha Verma the coordinator of Robotics Club?' }),
    );
    expect(dialog.getByText(/will coordinate Robotics Club/)).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Change role' }));
    expect(await screen.findByText('Role changed.')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'PUT', `${api}/role`)).toEqual([
      { role: 'CLUB_COORDINATOR', clubId: CLUB.id },
    ]);
  });

  it("shows the server's refusal in the dialog and keeps it open", async () => {
    stubApi({
      session,
      [api]: { body: { user: detail({ role: 'ADMIN', name: 'Priya Venkatesh' }) } },
      [`PUT ${api}/role`]: {
        status: 409,
        body: {
          error: {
            code: 'CONFLICT',
            message:
              'You cannot take away your own administrator role while you are the only active administrator.',
          },
        },
      },
    });
    renderApp(path);
    await userEvent.selectOptions(await screen.findByLabelText('Role', {}, firstRender), 'Student');
    await userEvent.click(screen.getByRole('button', { name: 'Change role' }));
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Change role' }));
    expect(
      await dialog.findByText(
        'You cannot take away your own administrator role while you are the only active administrator.',
      ),
    ).toBeInTheDocument();
  });

  it('deactivates after confirming, then offers reactivation', async () => {
    const deactivated = detail({
      state: 'deactivated',
      deactivatedAt: '2026-04-01T10:00:00.000Z',
      activeSessions: 0,
    });
    let current = detail();
    const fetchMock = stubApi({
      session,
      [api]: () => ({ body: { user: current } }),
      [`POST ${api}/deactivation`]: () => {
        current = deactivated;
        return { body: { user: deactivated } };
      },
    });
    renderApp(path);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Deactivate account' }, firstRender),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Deactivate Asha Verma?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Deactivate' }));
    expect(
      await screen.findByText('Account deactivated. Every session of this account has ended.'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Reactivate account' })).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', `${api}/deactivation`)).toHaveLength(1);
  });

  it('does not let you deactivate your own account', async () => {
    stubApi({
      session,
      [`/api/admin/users/${ME}`]: { body: { user: detail({ id: ME, role: 'ADMIN' }) } },
    });
    renderApp(`/admin/users/${ME}`);
    expect(
      await screen.findByRole('button', { name: 'Deactivate account' }, firstRender),
    ).toBeDisabled();
    expect(screen.getByText('You cannot deactivate your own account.')).toBeInTheDocument();
  });

  it('signs the user out everywhere after confirming and says how many sessions ended', async () => {
    stubApi({
      session,
      [api]: { body: { user: detail() } },
      [`POST ${api}/sign-out`]: { body: { sessionsEnded: 2 } },
    });
    renderApp(path);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Sign out everywhere' }, firstRender),
    );
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Sign Asha Verma out everywhere?' }),
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByText('Signed out of 2 sessions.')).toBeInTheDocument();
  });

  it('says when the user does not exist', async () => {
    stubApi({
      session,
      [api]: {
        status: 404,
        body: { error: { code: 'NOT_FOUND', message: 'We could not find this user.' } },
      },
    });
    renderApp(path);
    expect(await screen.findByText('We could not find this user.', {}, firstRender)).toBeInTheDocument();
  });
});
