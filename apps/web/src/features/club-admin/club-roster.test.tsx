import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPages } from '../../../test/load-pages';
import { renderApp, sentBodies, stubApi } from '../../../test/render-app';
import {
  CLUB_ID,
  coordinator,
  firstRender,
  MEMBERSHIP_ID,
  myClub,
  queriesTo,
  rosterEntry,
  rosterPage,
} from './club-admin-fixtures';

beforeAll(loadPages, 30_000);

const MEMBERS = `/api/clubs/${CLUB_ID}/members`;
const MEMBER = `${MEMBERS}/${MEMBERSHIP_ID}`;

const past = rosterEntry({
  id: '00000000-0000-4000-8000-0000000000f2',
  student: { id: 'u3', name: 'Dev Patel', studentId: '12340010' },
  role: 'Core member',
  startedAt: '2025-01-06T10:00:00.000Z',
  endedAt: '2025-12-01T10:00:00.000Z',
  endReason: 'Left the club',
});

/** The roster as the server answers the status asked for. */
function stubRoster(extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    session: coordinator,
    '/api/clubs/mine': { body: myClub },
    [`/api/clubs/${CLUB_ID}/join-requests`]: { body: { items: [] } },
    [MEMBERS]: () => {
      const asked = fetchMock.mock.calls.at(-1)?.[0];
      const status = new URL(String(asked), 'http://localhost').searchParams.get('status');
      return rosterPage(status === 'past' ? [past] : [rosterEntry()]);
    },
    ...extra,
  });
}
let fetchMock: ReturnType<typeof stubApi>;

const roster = () => screen.findByRole('region', { name: 'Roster' }, firstRender);

describe('/club-dashboard/members: the roster', { timeout: 20_000 }, () => {
  it('shows current members with their role and start, past ones with their end and reason, and exports what is shown', async () => {
    fetchMock = stubRoster();
    renderApp('/club-dashboard/members');
    const region = within(await roster());
    const member = within(await region.findByRole('article', { name: 'Meera Nair' }));
    expect(member.getByText('Student ID 12340009')).toBeInTheDocument();
    expect(member.getByText('Member')).toBeInTheDocument();
    expect(member.getByText('4 Aug 2025')).toBeInTheDocument();
    expect(region.getByText('1 current member')).toBeInTheDocument();
    expect(region.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      `/api/clubs/${CLUB_ID}/members/export?status=current`,
    );

    await userEvent.selectOptions(region.getByLabelText('Show'), 'Past');
    const left = within(await region.findByRole('article', { name: 'Dev Patel' }));
    expect(left.getByText('Core member')).toBeInTheDocument();
    expect(
      [...left.getAllByRole('term')].map((term) => [term.textContent, term.nextSibling?.textContent]),
    ).toEqual([
      ['Started', '6 Jan 2025'],
      ['Ended', '1 Dec 2025'],
      ['Reason', 'Left the club'],
    ]);
    expect(left.queryByRole('button')).not.toBeInTheDocument();
    expect(region.getByText('1 past membership')).toBeInTheDocument();
    expect(region.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      `/api/clubs/${CLUB_ID}/members/export?status=past`,
    );
    expect(queriesTo(fetchMock, MEMBERS).at(-1)).toEqual({ status: 'past', page: '1' });
  });

  it("names the club's positions a member holds", async () => {
    fetchMock = stubApi({
      session: coordinator,
      '/api/clubs/mine': { body: myClub },
      [`/api/clubs/${CLUB_ID}/join-requests`]: { body: { items: [] } },
      [MEMBERS]: rosterPage([rosterEntry({ offices: ['Secretary', 'Web Lead'] })]),
    });
    renderApp('/club-dashboard/members');
    const member = within(await within(await roster()).findByRole('article', { name: 'Meera Nair' }));
    expect(member.getByText('Positions')).toBeInTheDocument();
    expect(member.getByText('Secretary, Web Lead')).toBeInTheDocument();
  });

  it('searches by name or student ID on the server', async () => {
    fetchMock = stubRoster();
    renderApp('/club-dashboard/members');
    const region = within(await roster());
    await region.findByRole('article', { name: 'Meera Nair' });
    await userEvent.type(region.getByLabelText('Search members'), '12340009');
    await waitFor(() =>
      expect(queriesTo(fetchMock, MEMBERS).at(-1)).toEqual({
        status: 'current',
        page: '1',
        q: '12340009',
      }),
    );
    // The download holds what the list shows: the search too.
    expect(region.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      `/api/clubs/${CLUB_ID}/members/export?status=current&q=12340009`,
    );
  });

  it("changes a member's role", async () => {
    fetchMock = stubRoster({
      [`PATCH ${MEMBER}`]: { body: { member: rosterEntry({ role: 'Design lead' }) } },
    });
    renderApp('/club-dashboard/members');
    const region = within(await roster());
    await userEvent.click(await region.findByRole('button', { name: 'Change the role of Meera Nair' }));
    const dialog = within(await screen.findByRole('dialog', { name: "Change Meera Nair's role" }));
    const role = dialog.getByLabelText(/Role/);
    expect(role).toHaveValue('Member');
    await userEvent.clear(role);
    await userEvent.click(dialog.getByRole('button', { name: 'Save role' }));
    expect(role).toHaveAccessibleDescription(/A role is 1 to 40 characters\./);
    expect(sentBodies(fetchMock, 'PATCH', MEMBER)).toEqual([]);
    await userEvent.type(role, 'Design lead');
    await userEvent.click(dialog.getByRole('button', { name: 'Save role' }));
    expect(await screen.findByText('Meera Nair is now Design lead.')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'PATCH', MEMBER)).toEqual([{ role: 'Design lead' }]);
  });

  it('removes a member only with a reason, and says why when the membership has already ended', async () => {
    let reply: { status?: number; body: unknown } = {
      body: {
        member: rosterEntry({ endedAt: '2026-02-01T10:00:00.000Z', endReason: 'Stopped coming.' }),
      },
    };
    fetchMock = stubRoster({ [`POST ${MEMBER}/removal`]: () => reply });
    renderApp('/club-dashboard/members');
    const region = within(await roster());
    await userEvent.click(await region.findByRole('button', { name: 'Remove Meera Nair' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Remove Meera Nair from the club?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Remove member' }));
    expect(dialog.getByLabelText(/Reason/)).toHaveAccessibleDescription(
      /Give a reason the student can read\./,
    );
    expect(sentBodies(fetchMock, 'POST', `${MEMBER}/removal`)).toEqual([]);
    await userEvent.type(dialog.getByLabelText(/Reason/), 'Stopped coming.');
    await userEvent.click(dialog.getByRole('button', { name: 'Remove member' }));
    expect(await screen.findByText('Meera Nair was removed from the club.')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', `${MEMBER}/removal`)).toEqual([{ reason: 'Stopped coming.' }]);

    reply = {
      status: 409,
      body: { error: { code: 'CONFLICT', message: 'This membership has already ended.' } },
    };
    await userEvent.click(region.getByRole('button', { name: 'Remove Meera Nair' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Remove Meera Nair from the club?' }));
    await userEvent.type(dialog.getByLabelText(/Reason/), 'Again.');
    await userEvent.click(dialog.getByRole('button', { name: 'Remove member' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('This membership has already ended.');
  });

  it('says when the roster cannot be read, and that nobody matches a search', async () => {
    let fail = true;
    fetchMock = stubRoster({
      [MEMBERS]: () =>
        fail ? { status: 500, body: { error: { code: 'INTERNAL', message: 'Boom' } } } : rosterPage([]),
    });
    renderApp('/club-dashboard/members');
    const region = within(await roster());
    expect(await region.findByText('The roster could not be loaded.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(region.getByRole('button', { name: 'Retry' }));
    expect(await region.findByText('No current members match.')).toBeInTheDocument();
  });
});
