import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { toast } from '../../../lib/toast';
import { loadPages } from '../../../../test/load-pages';
import { renderApp, sentBodies, stubApi } from '../../../../test/render-app';
import { firstRender, ME, USER_ID, CLUB, session, detail } from '../../../../test/admin-users-fixtures';

beforeAll(loadPages, 30_000);
afterEach(() => toast.dismiss());

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
    expect(account.getByText('Last sign-in').nextSibling).toHaveTextContent('2 Mar 2026, 15:30');
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

  it.each([
    [
      'an unverified',
      { state: 'unverified' as const, emailVerifiedAt: null },
      'This account has not verified its e-mail address yet: only a verified account can hold a role other than Student.',
    ],
    [
      'a deactivated',
      { state: 'deactivated' as const, deactivatedAt: '2026-03-01T10:00:00.000Z' },
      'This account is deactivated: reactivate it before giving it a role.',
    ],
  ])('offers no role form for %s student, and says why', async (_, overrides, reason) => {
    stubApi({ session, [api]: { body: { user: detail(overrides) } } });
    renderApp(path);
    const card = within(
      (await screen.findByRole('heading', { name: 'Role and club' }, firstRender)).closest('section')!,
    );
    expect(card.getByText(reason)).toBeInTheDocument();
    expect(card.queryByLabelText('Role')).not.toBeInTheDocument();
    expect(card.queryByRole('button', { name: 'Change role' })).not.toBeInTheDocument();
  });

  it('offers a deactivated coordinator only the way back to Student', async () => {
    stubApi({
      session,
      [api]: {
        body: {
          user: detail({
            role: 'CLUB_COORDINATOR',
            club: CLUB,
            state: 'deactivated',
            deactivatedAt: '2026-03-01T10:00:00.000Z',
          }),
        },
      },
    });
    renderApp(path);
    const select = await screen.findByLabelText('Role', undefined, firstRender);
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Student', 'Club Coordinator']);
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
