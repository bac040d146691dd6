import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPages } from '../../../test/load-pages';
import { renderApp, sentBodies, stubApi } from '../../../test/render-app';
import {
  CLUB_ID,
  coordinator,
  firstRender,
  joinRequest,
  myClub,
  REQUEST_ID,
  rosterPage,
} from './club-admin-fixtures';

beforeAll(loadPages, 30_000);

const REQUESTS = `/api/clubs/${CLUB_ID}/join-requests`;
const DECISION = `/api/clubs/${CLUB_ID}/join-requests/${REQUEST_ID}/decision`;
const INVITE = `/api/clubs/${CLUB_ID}/invitations`;

const stubMembers = (extra: Parameters<typeof stubApi>[0] = {}) =>
  stubApi({
    session: coordinator,
    '/api/clubs/mine': { body: myClub },
    [REQUESTS]: { body: { items: [joinRequest()] } },
    [`/api/clubs/${CLUB_ID}/members`]: rosterPage([]),
    ...extra,
  });

const requestsRegion = () => screen.findByRole('region', { name: 'Join requests' }, firstRender);

describe('/club-dashboard/members', { timeout: 20_000 }, () => {
  it("shows a loading line, then 'Failed to fetch club data' with Retry, then the club's sections", async () => {
    let fail = true;
    stubMembers({
      '/api/clubs/mine': () =>
        fail
          ? { status: 500, body: { error: { code: 'INTERNAL', message: 'Boom' } } }
          : { body: myClub },
    });
    renderApp('/club-dashboard/members');
    expect(await screen.findByText('Loading your club...', {}, firstRender)).toBeInTheDocument();
    expect(await screen.findByText('Failed to fetch club data')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Members and requests' }),
    ).toBeInTheDocument();
    for (const name of ['Join requests', 'Invite a student', 'Roster'])
      expect(screen.getByRole('region', { name })).toBeInTheDocument();
  });

  it("says 'No club data found' to a coordinator without a club", async () => {
    stubMembers({ '/api/clubs/mine': { body: { club: null } } });
    renderApp('/club-dashboard/members');
    expect(await screen.findByText('No club data found', {}, firstRender)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Roster' })).not.toBeInTheDocument();
  });

  it('lists the requests waiting with the question, the answer and the date, and accepts one', async () => {
    let answered = false;
    const fetchMock = stubMembers({
      [REQUESTS]: () => ({
        body: {
          items: answered
            ? []
            : [
                joinRequest(),
                joinRequest({
                  id: '00000000-0000-4000-8000-0000000000d2',
                  kind: 'invitation',
                  student: { id: 'u9', name: 'Tara Bose', studentId: '12340011' },
                  question: null,
                  answer: null,
                  createdAt: '2026-01-06T10:00:00.000Z',
                }),
              ],
        },
      }),
      [`POST ${DECISION}`]: () => {
        answered = true;
        return { body: { request: joinRequest({ status: 'accepted' }) } };
      },
    });
    renderApp('/club-dashboard/members');
    const region = within(await requestsRegion());
    const card = within(await region.findByRole('article', { name: 'Request from Kabir Singh' }));
    expect(card.getByRole('heading', { name: 'Kabir Singh (12340007)' })).toBeInTheDocument();
    expect(card.getByText('Asked on 5 Jan 2026')).toBeInTheDocument();
    expect(card.getByText('Which languages do you write?')).toBeInTheDocument();
    expect(card.getByText('C++ and Python.')).toBeInTheDocument();
    expect(region.getByText('Tara Bose (12340011), invited on 6 Jan 2026')).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(`${REQUESTS}?status=pending`);

    await userEvent.click(card.getByRole('button', { name: 'Accept Kabir Singh' }));
    expect(await screen.findByText('Kabir Singh is now a member.')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', DECISION)).toEqual([{ decision: 'accept' }]);
    expect(await region.findByText('No requests are waiting.')).toBeInTheDocument();
  });

  it('declines only with a reason the student reads', async () => {
    const fetchMock = stubMembers({
      [`POST ${DECISION}`]: { body: { request: joinRequest({ status: 'declined' }) } },
    });
    renderApp('/club-dashboard/members');
    const region = within(await requestsRegion());
    await userEvent.click(await region.findByRole('button', { name: 'Decline Kabir Singh' }));
    const dialog = within(await screen.findByRole('dialog', { name: "Decline Kabir Singh's request?" }));
    await userEvent.click(dialog.getByRole('button', { name: 'Decline' }));
    expect(dialog.getByLabelText(/Reason/)).toHaveAccessibleDescription(
      /Give a reason the student can read\./,
    );
    expect(sentBodies(fetchMock, 'POST', DECISION)).toEqual([]);
    await userEvent.type(dialog.getByLabelText(/Reason/), 'We are full this term.');
    await userEvent.click(dialog.getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText("Kabir Singh's request was declined.")).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', DECISION)).toEqual([
      { decision: 'decline', reason: 'We are full this term.' },
    ]);
  });

  it("keeps the dialog open with the server's words when a request was already answered", async () => {
    stubMembers({
      [`POST ${DECISION}`]: {
        status: 409,
        body: { error: { code: 'CONFLICT', message: 'This request has already been answered.' } },
      },
    });
    renderApp('/club-dashboard/members');
    const region = within(await requestsRegion());
    await userEvent.click(await region.findByRole('button', { name: 'Decline Kabir Singh' }));
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.type(dialog.getByLabelText(/Reason/), 'Too late.');
    await userEvent.click(dialog.getByRole('button', { name: 'Decline' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'This request has already been answered.',
    );
  });

  it('invites a student by student ID, and shows the refusals under the field', async () => {
    let reply: { status?: number; body: unknown } = {
      status: 400,
      body: {
        error: {
          code: 'VALIDATION_ERROR',
          message: 'No student has this student ID.',
          fields: { studentId: 'No student has this student ID.' },
        },
      },
    };
    const fetchMock = stubMembers({ [`POST ${INVITE}`]: () => reply });
    renderApp('/club-dashboard/members');
    const form = within(await screen.findByRole('form', { name: 'Invite a student' }, firstRender));
    const field = form.getByLabelText(/Student ID/);
    await userEvent.click(form.getByRole('button', { name: 'Send invitation' }));
    expect(field).toHaveAccessibleDescription('Student ID is required.');
    await userEvent.type(field, '12ab');
    await userEvent.click(form.getByRole('button', { name: 'Send invitation' }));
    expect(field).toHaveAccessibleDescription('Student ID must contain digits only.');
    expect(sentBodies(fetchMock, 'POST', INVITE)).toEqual([]);

    await userEvent.clear(field);
    await userEvent.type(field, '99999999');
    await userEvent.click(form.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription('No student has this student ID.'));
    reply = {
      status: 409,
      body: {
        error: {
          code: 'CONFLICT',
          message: 'This student already has an invitation or a request waiting.',
        },
      },
    };
    await userEvent.click(form.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(
        'This student already has an invitation or a request waiting.',
      ),
    );
    reply = {
      status: 201,
      body: {
        request: joinRequest({
          kind: 'invitation',
          student: { id: 'u9', name: 'Tara Bose', studentId: '99999999' },
        }),
      },
    };
    await userEvent.click(form.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to Tara Bose.')).toBeInTheDocument();
    expect(field).toHaveValue('');
    expect(sentBodies(fetchMock, 'POST', INVITE)).toEqual([
      { studentId: '99999999' },
      { studentId: '99999999' },
      { studentId: '99999999' },
    ]);
  });
});
