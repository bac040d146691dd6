import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ClubPage } from '@cosa/contracts';
import { loadPages } from '../../../test/load-pages';
import { makeUser, renderApp, sentBodies, stubApi } from '../../../test/render-app';
import { clubPageReply, CODING_ID, codingPage, INVITATION_ID } from './club-fixtures';

beforeAll(loadPages, 30_000);

// The first render of a lazy page in a file is cold; the query that waits for it waits longer.
const firstRender = { timeout: 10_000 };
const student = { body: { user: makeUser() } };
const pagePath = '/api/clubs/by-slug/coding-club';
const followPath = `/api/clubs/${CODING_ID}/follow`;
const requestsPath = `/api/clubs/${CODING_ID}/join-requests`;
const minePath = `/api/clubs/${CODING_ID}/join-requests/mine`;
const membershipPath = `/api/clubs/${CODING_ID}/membership`;
const invitationPath = `/api/me/club-invitations/${INVITATION_ID}/decision`;

const joinRequest = (status: 'pending' | 'accepted' | 'declined' | 'withdrawn') => ({
  body: {
    request: {
      id: '00000000-0000-4000-8000-0000000000a9',
      kind: 'request',
      status,
      club: { id: CODING_ID, name: 'Coding Club' },
      student: { id: '00000000-0000-4000-8000-000000000001', name: 'Asha Verma', studentId: '12340001' },
      question: 'Which languages do you code in?',
      answer: 'C++ and Python',
      reason: null,
      createdAt: '2026-03-05T04:30:00.000Z',
      decidedAt: null,
    },
  },
});
const fieldError = (message: string) => ({
  status: 400,
  body: { error: { code: 'VALIDATION_ERROR', message, fields: { answer: message } } },
});

/** Opens the Coding Club's page as a student, the page's answer being `current()` at each load. */
async function openPage(current: () => ClubPage, replies: Parameters<typeof stubApi>[0] = {}) {
  const fetchMock = stubApi({
    session: student,
    [pagePath]: () => clubPageReply(current()),
    ...replies,
  });
  renderApp('/clubs/coding-club');
  await screen.findByRole('heading', { level: 1, name: 'Coding Club' }, firstRender);
  return fetchMock;
}

describe('following and joining a club', { timeout: 20_000 }, () => {
  it('follows the club, then stops following it', async () => {
    let page = codingPage();
    const fetchMock = await openPage(() => page, {
      [`PUT ${followPath}`]: { body: { following: true } },
      [`DELETE ${followPath}`]: { body: { following: false } },
    });
    const follow = screen.getByRole('button', { name: 'Follow' });
    expect(follow).toHaveAttribute('aria-pressed', 'false');
    page = codingPage({ following: true });
    await userEvent.click(follow);
    expect(
      await screen.findByText('You follow this club: its events come into your calendar and home.'),
    ).toBeInTheDocument();
    const following = await screen.findByRole('button', { name: 'Following' });
    expect(following).toHaveAttribute('aria-pressed', 'true');
    page = codingPage({ following: false });
    await userEvent.click(following);
    expect(await screen.findByText('You no longer follow this club.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Follow' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([input]) => String(input) === followPath)).toHaveLength(2);
  });

  it("asks to join with the answer to the club's question, then shows the request sent and withdraws it", async () => {
    let page = codingPage();
    const fetchMock = await openPage(() => page, {
      [`POST ${requestsPath}`]: joinRequest('pending'),
      [`DELETE ${minePath}`]: joinRequest('withdrawn'),
    });
    expect(screen.getByText('Coding Club is taking new members now.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Ask to join' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Ask to join Coding Club' }));
    const answer = dialog.getByRole('textbox', { name: 'Which languages do you code in?' });
    expect(answer).toBeRequired();
    await userEvent.type(answer, 'C++ and Python');
    expect(dialog.getByText('14/1000 characters')).toBeInTheDocument();
    page = codingPage(
      {},
      { canAsk: false, pendingRequest: { id: 'r1', createdAt: '2026-03-05T04:30:00.000Z' } },
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sentBodies(fetchMock, 'POST', requestsPath)).toEqual([{ answer: 'C++ and Python' }]);
    expect(await screen.findByText('Request sent to Coding Club.')).toBeInTheDocument();
    expect(await screen.findByText('Request sent')).toBeInTheDocument();
    expect(
      screen.getByText(
        /on 5 Mar 2026\. The club's coordinator answers it; a request nobody answers in 14 days lapses\./,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ask to join' })).not.toBeInTheDocument();

    page = codingPage();
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw request' }));
    expect(await screen.findByText('Request withdrawn.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Ask to join' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([input]) => String(input) === minePath)).toHaveLength(1);
  });

  it('refuses an empty or too long answer without sending it, and shows the reason the server gives', async () => {
    const fetchMock = await openPage(() => codingPage(), {
      [`POST ${requestsPath}`]: fieldError('Use visible characters only.'),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Ask to join' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Ask to join Coding Club' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Send request' }));
    expect(await dialog.findByText("Answer the club's question.")).toBeInTheDocument();
    const answer = dialog.getByRole('textbox', { name: 'Which languages do you code in?' });
    expect(answer).toHaveFocus();
    await userEvent.click(answer);
    await userEvent.paste('x'.repeat(1001));
    await userEvent.click(dialog.getByRole('button', { name: 'Send request' }));
    expect(await dialog.findByText('The answer must be at most 1000 characters.')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', requestsPath)).toEqual([]);

    await userEvent.clear(answer);
    await userEvent.type(answer, 'Rust');
    await userEvent.click(dialog.getByRole('button', { name: 'Send request' }));
    expect(await dialog.findByText('Use visible characters only.')).toBeInTheDocument();
    expect(answer).toHaveAttribute('aria-invalid', 'true');
    expect(sentBodies(fetchMock, 'POST', requestsPath)).toEqual([{ answer: 'Rust' }]);
  });

  it('sends a request without an answer when the club asks no question, and shows a refusal in the dialog', async () => {
    const fetchMock = await openPage(() => codingPage({ joinQuestion: null }), {
      [`POST ${requestsPath}`]: {
        status: 409,
        body: { error: { code: 'CONFLICT', message: 'This club is not taking new members now.' } },
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Ask to join' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Ask to join Coding Club' }));
    expect(dialog.getByRole('textbox', { name: 'A note to the club (optional)' })).not.toBeRequired();
    await userEvent.click(dialog.getByRole('button', { name: 'Send request' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'This club is not taking new members now.',
    );
    expect(sentBodies(fetchMock, 'POST', requestsPath)).toEqual([{ answer: null }]);
  });

  it.each([
    ['Accept', 'accept', 'You are now a member of Coding Club.'],
    ['Decline', 'decline', 'Invitation declined.'],
  ] as const)('answers an invitation: %s', async (button, decision, message) => {
    const fetchMock = await openPage(
      () => codingPage({}, { canAsk: false, invitation: { id: INVITATION_ID } }),
      { [`POST ${invitationPath}`]: joinRequest(decision === 'accept' ? 'accepted' : 'declined') },
    );
    expect(screen.getByText('You are invited to join Coding Club.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ask to join' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: button }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', invitationPath)).toEqual([{ decision }]);
  });

  it('sends an invitation answer once when Accept is clicked twice before the page changes', async () => {
    const fetchMock = await openPage(
      () => codingPage({}, { canAsk: false, invitation: { id: INVITATION_ID } }),
      // The answer is still on its way when the second click comes.
      { [`POST ${invitationPath}`]: 'pending' },
    );
    const accept = screen.getByRole('button', { name: 'Accept' });
    accept.click();
    accept.click();
    await screen.findByRole('button', { name: 'Accepting...' });
    expect(sentBodies(fetchMock, 'POST', invitationPath)).toEqual([{ decision: 'accept' }]);
  });

  it('shows the membership, asks before leaving, sends nothing when the member stays, and leaves on confirmation', async () => {
    let page = codingPage(
      {},
      {
        canAsk: false,
        membership: { id: 'm1', role: 'Core member', startedAt: '2026-03-05T04:30:00.000Z' },
      },
    );
    const fetchMock = await openPage(() => page, {
      [`DELETE ${membershipPath}`]: {
        body: {
          membership: {
            id: 'm1',
            club: { id: CODING_ID, name: 'Coding Club' },
            role: 'Core member',
            startedAt: '2026-03-05T04:30:00.000Z',
            endedAt: '2026-04-01T04:30:00.000Z',
            endReason: 'Left the club',
          },
        },
      },
    });
    expect(screen.getByText('Member since 5 Mar 2026 · Core member')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ask to join' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Leave club' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Leave Coding Club?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sentBodies(fetchMock, 'DELETE', membershipPath)).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Leave club' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Leave Coding Club?' }));
    page = codingPage();
    await userEvent.click(dialog.getByRole('button', { name: 'Leave club' }));
    expect(await screen.findByText('You left Coding Club.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Ask to join' })).toBeInTheDocument();
    expect(screen.queryByText(/Member since/)).not.toBeInTheDocument();
    expect(sentBodies(fetchMock, 'DELETE', membershipPath)).toHaveLength(1);
  });

  it("keeps the leave dialog open with the server's reason when leaving is refused", async () => {
    await openPage(
      () =>
        codingPage(
          {},
          {
            canAsk: false,
            membership: { id: 'm1', role: 'Member', startedAt: '2026-03-05T04:30:00.000Z' },
          },
        ),
      {
        [`DELETE ${membershipPath}`]: {
          status: 409,
          body: { error: { code: 'CONFLICT', message: 'You are not a member of this club.' } },
        },
      },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Leave club' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Leave Coding Club?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Leave club' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('You are not a member of this club.');
  });
});
