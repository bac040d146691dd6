import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPages } from '../../../test/load-pages';
import { withPhoto } from '../../../test/profile-fixtures';
import { makeUser, renderApp, stubApi } from '../../../test/render-app';

beforeAll(loadPages, 30_000);

const firstRender = { timeout: 10_000 };
const feedback = { body: { items: [], total: 0, page: 1, pageSize: 10 } };

/** The portal's header: the page's own title card is a header too, inside the page. */
async function portalHeader() {
  const account = await screen.findByRole('button', { name: /^Account menu, / }, firstRender);
  return within(account.closest('header')!);
}

describe('the shell of the signed-in pages', { timeout: 20_000 }, () => {
  it("gives every page the bell and the user's initials, opening their own pages and Logout", async () => {
    stubApi({ session: { body: { user: makeUser() } }, '/api/feedback': feedback });
    renderApp('/viewfeedback');
    const header = await portalHeader();
    expect(header.getByRole('button', { name: /^Notifications/ })).toBeInTheDocument();
    const account = header.getByRole('button', { name: 'Account menu, Asha Verma' });
    expect(account).toHaveTextContent('AV');
    expect(account).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(account);
    const menu = within(await screen.findByRole('dialog', { name: 'Asha Verma' }));
    expect(menu.getByText('asha@iitbhilai.ac.in')).toBeInTheDocument();
    expect(
      menu.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Profile', '/profile'],
      ['Notifications', '/notifications'],
      ['Notification settings', '/notifications/settings'],
      ['Privacy and your data', '/settings/privacy'],
      ['Logout', '/logout'],
    ]);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(account).toHaveFocus();
  });

  it('shows the photo of the profile in place of the initials', async () => {
    stubApi({
      session: { body: { user: makeUser() } },
      '/api/feedback': feedback,
      '/api/me/profile': { body: { profile: withPhoto } },
    });
    renderApp('/viewfeedback');
    const header = await portalHeader();
    const account = header.getByRole('button', { name: 'Account menu, Asha Verma' });
    await waitFor(() => expect(account.querySelector('img')).toHaveAttribute('src', '/api/photos/p1'));
    expect(account).not.toHaveTextContent('AV');
  });

  it('offers the administrator no profile, and a club coordinator the announcements a student lacks', async () => {
    stubApi({
      session: { body: { user: makeUser({ role: 'ADMIN', studentId: null, name: 'Priya Venkatesh' }) } },
    });
    const view = renderApp('/notifications/settings');
    await userEvent.click(
      (await portalHeader()).getByRole('button', { name: 'Account menu, Priya Venkatesh' }),
    );
    const menu = within(await screen.findByRole('dialog', { name: 'Priya Venkatesh' }));
    expect(menu.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Notifications',
      'Notification settings',
      'Logout',
    ]);
    view.unmount();

    stubApi({ session: { body: { user: makeUser() } }, '/api/feedback': feedback });
    const student = renderApp('/viewfeedback');
    const studentMenu = within(
      await screen.findByRole('navigation', { name: 'Main menu' }, firstRender),
    );
    expect(studentMenu.queryByRole('link', { name: 'Announcements' })).not.toBeInTheDocument();
    student.unmount();

    stubApi({
      session: { body: { user: makeUser({ role: 'CLUB_COORDINATOR', name: 'Sneha Kulkarni' }) } },
      '/api/feedback': feedback,
    });
    renderApp('/viewfeedback');
    const clubMenu = within(await screen.findByRole('navigation', { name: 'Main menu' }, firstRender));
    expect(clubMenu.getByRole('link', { name: 'Announcements' })).toHaveAttribute(
      'href',
      '/announcements',
    );
    expect(clubMenu.getByRole('link', { name: 'Feedback' })).toHaveAttribute('aria-current', 'page');
  });

  it("opens the whole navigation in a sheet from the phone's Menu button; Escape closes it", async () => {
    stubApi({ session: { body: { user: makeUser() } }, '/api/feedback': feedback });
    renderApp('/viewfeedback');
    const header = await portalHeader();
    const button = header.getByRole('button', { name: 'Menu' });
    await userEvent.click(button);
    const sheet = within(await screen.findByRole('dialog', { name: 'Menu' }));
    const nav = within(sheet.getByRole('navigation', { name: 'Main menu' }));
    expect(nav.getByRole('link', { name: 'View Feedback' })).toHaveAttribute('aria-current', 'page');
    expect(nav.getAllByRole('link')).toHaveLength(14);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(button).toHaveFocus();
    // The bottom bar: the four places a student opens most.
    const quick = within(screen.getByRole('navigation', { name: 'Quick links' }));
    expect(quick.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Home',
      'Events',
      'Achievements',
      'Profile',
    ]);
  });

  it('keeps the sign-in pages free of it', async () => {
    stubApi({});
    renderApp('/login');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Login' }, firstRender),
    ).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Account menu/ })).not.toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
  });
});
