import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPages } from '../../../test/load-pages';
import { makeUser, renderApp, stubApi } from '../../../test/render-app';
import { clubPageReply, codingPage, HACK_NIGHT_ID, SNEHA_ID } from './club-fixtures';

beforeAll(loadPages, 30_000);

// The first render of a lazy page in a file is cold; the query that waits for it waits longer.
const firstRender = { timeout: 10_000 };
const student = { body: { user: makeUser() } };
const coordinator = {
  body: { user: makeUser({ role: 'CLUB_COORDINATOR', name: 'Sneha Kulkarni', id: SNEHA_ID }) },
};
const admin = { body: { user: makeUser({ role: 'ADMIN', name: 'Priya Venkatesh', studentId: null }) } };
const pagePath = '/api/clubs/by-slug/coding-club';

/** The block of the page under the heading `title`. */
const section = (title: string) =>
  within(screen.getByRole('heading', { level: 2, name: title }).closest('section')!);

describe('/clubs/{slug}', { timeout: 20_000 }, () => {
  it('shows what the club does, how to reach and join it, who leads it and its events', async () => {
    stubApi({ session: student, [pagePath]: clubPageReply(codingPage()) });
    renderApp('/clubs/coding-club');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Coding Club' }, firstRender),
    ).toBeInTheDocument();
    expect(screen.getByText('Science and Technology Council · Technical')).toBeInTheDocument();
    expect(screen.getByText('Code every week.')).toBeInTheDocument();
    expect(screen.getByText('Recruiting now')).toBeInTheDocument();
    expect(screen.getByText('42 members')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Tags' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Algorithms', 'Web development']);
    expect(section('About').getByText('Weekly problem-solving sessions for every year.')).toBeVisible();
    expect(section('Contact').getByText('Room 204, Academic Block')).toBeVisible();
    expect(section('Contact').getByRole('link', { name: 'codingclub@iitbhilai.ac.in' })).toHaveAttribute(
      'href',
      'mailto:codingclub@iitbhilai.ac.in',
    );
    expect(section('How to join').getByText('Ask to join and answer our question.')).toBeVisible();

    const bearers = section('Office-bearers');
    expect(bearers.getByRole('link', { name: 'Sneha Kulkarni' })).toHaveAttribute(
      'href',
      `/people/${SNEHA_ID}`,
    );
    expect(bearers.getByText('Club Coordinator')).toBeVisible();
    expect(bearers.getByText('SK')).toBeInTheDocument();

    const upcoming = section('Upcoming events');
    expect(upcoming.getByRole('link', { name: 'Hack Night' })).toHaveAttribute(
      'href',
      `/events/${HACK_NIGHT_ID}`,
    );
    expect(upcoming.getByText('· 1 Dec 2026, 18:30 · Lab 2')).toBeInTheDocument();
    expect(upcoming.getByText('· Date to be announced')).toBeInTheDocument();
    expect(section('Past events').getByText('· 5 Mar 2026, 10:00 · LH 1')).toBeInTheDocument();

    // A reader who is not a member reads no announcements, and cannot edit the page.
    expect(screen.queryByRole('heading', { name: 'Announcements' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit page' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Members and requests' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Back to clubs' })).toHaveAttribute('href', '/clubs');
  });

  it('shows the banner and a photo of an office-bearer, the description without an about, and says what is missing', async () => {
    const page = codingPage({
      bannerUrl: '/api/club-images/00000000-0000-4000-8000-0000000000f2',
      about: null,
      contact: null,
      contactEmail: null,
      howToJoin: null,
      officeBearers: [
        {
          userId: SNEHA_ID,
          name: 'Sneha Kulkarni',
          title: 'Club Coordinator',
          photoUrl: '/api/people/photo-1',
        },
      ],
      upcomingEvents: [],
      pastEvents: [],
    });
    stubApi({ session: student, [pagePath]: clubPageReply(page) });
    const { container } = renderApp('/clubs/coding-club');
    await screen.findByRole('heading', { level: 1, name: 'Coding Club' }, firstRender);
    const images = [...container.querySelectorAll('img')].map((img) => img.getAttribute('src'));
    expect(images).toEqual(
      expect.arrayContaining([
        '/api/club-images/00000000-0000-4000-8000-0000000000f2',
        '/api/people/photo-1',
      ]),
    );
    expect(section('About').getByText('The coding club of the institute.')).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Contact' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'How to join' })).not.toBeInTheDocument();
    expect(section('Upcoming events').getByText('No upcoming events.')).toBeVisible();
    expect(section('Past events').getByText('No past events.')).toBeVisible();
  });

  it('says it is loading', async () => {
    stubApi({ session: student, [pagePath]: 'pending' });
    renderApp('/clubs/coding-club');
    expect(await screen.findByText('Loading club...', {}, firstRender)).toBeInTheDocument();
  });

  it("says 'Club not found.' with the way back for an unknown address", async () => {
    stubApi({
      session: student,
      '/api/clubs/by-slug/no-such-club': {
        status: 404,
        body: { error: { code: 'NOT_FOUND', message: 'Club not found.' } },
      },
    });
    renderApp('/clubs/no-such-club');
    expect(await screen.findByText('Club not found.', {}, firstRender)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Back to clubs' })).toHaveAttribute('href', '/clubs');
  });

  it('offers to try again after a failure', async () => {
    let reply: { status?: number; body?: unknown } = {
      status: 500,
      body: { error: { code: 'INTERNAL', message: 'Boom' } },
    };
    stubApi({ session: student, [pagePath]: () => reply });
    renderApp('/clubs/coding-club');
    expect(
      await screen.findByText(
        'The club could not be loaded. Check your connection and try again.',
        {},
        firstRender,
      ),
    ).toBeInTheDocument();
    reply = clubPageReply(codingPage());
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Coding Club' })).toBeInTheDocument();
  });

  it("gives the club's coordinator the editor, the roster and the announcements", async () => {
    const page = codingPage(
      {
        announcements: [
          {
            id: '00000000-0000-4000-8000-0000000000f9',
            title: 'Contest moved',
            body: 'Contest 12 is on Sunday now.',
            // 10:00 on 2 March 2026 in Asia/Kolkata
            createdAt: '2026-03-02T04:30:00.000Z',
          },
        ],
      },
      { canEdit: true },
    );
    stubApi({ session: coordinator, [pagePath]: clubPageReply(page) });
    renderApp('/clubs/coding-club');
    await screen.findByRole('heading', { level: 1, name: 'Coding Club' }, firstRender);
    expect(screen.getByRole('link', { name: 'Edit page' })).toHaveAttribute(
      'href',
      '/clubs/coding-club/edit',
    );
    expect(screen.getByRole('link', { name: 'Members and requests' })).toHaveAttribute(
      'href',
      '/club-dashboard/members',
    );
    const news = section('Announcements');
    expect(news.getByRole('heading', { level: 3, name: 'Contest moved' })).toBeVisible();
    expect(news.getByText('Contest 12 is on Sunday now.')).toBeVisible();
    expect(news.getByText('2 Mar 2026')).toBeVisible();
  });

  it('tells a member when the club has no announcements yet', async () => {
    const page = codingPage(
      {},
      { membership: { id: 'm1', role: 'Member', startedAt: '2026-03-05T04:30:00.000Z' }, canAsk: false },
    );
    stubApi({ session: student, [pagePath]: clubPageReply(page) });
    renderApp('/clubs/coding-club');
    await screen.findByRole('heading', { level: 1, name: 'Coding Club' }, firstRender);
    expect(section('Announcements').getByText('No announcements to the members yet.')).toBeVisible();
  });

  it('offers the administrator, who keeps no student record, neither following nor joining', async () => {
    const page = codingPage({}, { canAsk: false, canFollow: false });
    stubApi({ session: admin, [pagePath]: clubPageReply(page) });
    renderApp('/clubs/coding-club');
    await screen.findByRole('heading', { level: 1, name: 'Coding Club' }, firstRender);
    expect(screen.queryByRole('heading', { name: 'Membership' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Follow' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ask to join' })).not.toBeInTheDocument();
  });

  it('says a club that is not recruiting takes no new members, and still offers to follow it', async () => {
    stubApi({
      session: student,
      [pagePath]: clubPageReply(codingPage({ recruiting: false }, { canAsk: false })),
    });
    renderApp('/clubs/coding-club');
    expect(
      await screen.findByText('This club is not taking new members now.', {}, firstRender),
    ).toBeInTheDocument();
    expect(screen.queryByText('Recruiting now')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ask to join' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Follow' })).toBeInTheDocument();
  });

  it('says a council body takes no members through the portal', async () => {
    stubApi({
      session: student,
      '/api/clubs/by-slug/scitech-council': clubPageReply(
        codingPage(
          { slug: 'scitech-council', name: 'SciTech Council', kind: 'committee', recruiting: false },
          { canAsk: false },
        ),
      ),
    });
    renderApp('/clubs/scitech-council');
    expect(
      await screen.findByText('A council body takes no members through the portal.', {}, firstRender),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ask to join' })).not.toBeInTheDocument();
  });
});
