import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { toast } from '../../../lib/toast';
import { loadPages } from '../../../../test/load-pages';
import { renderApp, stubApi } from '../../../../test/render-app';
import {
  firstRender,
  USER_ID,
  CLUB,
  session,
  user,
  summary,
  list,
  userQueries,
} from '../../../../test/admin-users-fixtures';

beforeAll(loadPages, 30_000);
afterEach(() => toast.dismiss());

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
    // What waits for the administrator, typed from the fixture: 3 corrections, 1 Student ID conflict.
    const waiting = within(
      screen.getByRole('heading', { name: 'Waiting for your decision' }).closest('section')!,
    );
    expect(
      waiting
        .getAllByRole('listitem')
        .map((item) => [
          within(item).getByRole('link').textContent,
          within(item).getByRole('link').getAttribute('href'),
          item.lastChild?.textContent,
        ]),
    ).toEqual([
      ['Corrections to decide', '/admin/corrections', '3'],
      ['ID conflicts to settle', '/admin/student-ids', '1'],
    ]);
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
