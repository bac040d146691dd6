import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CouncilSummary } from '@cosa/contracts';
import { loadPages } from '../../../test/load-pages';
import { renderApp, sentBodies, stubApi } from '../../../test/render-app';
import { toast } from '../../lib/toast';
import {
  callsTo,
  debateWin,
  failure,
  firstRender,
  gensecSession,
  guitarClaim,
  kathakClaim,
  outcome,
  pendingList,
} from './test-fixtures';

beforeAll(loadPages, 30_000);
// Toasts live in a store of their own: one left from a test would show again in the next.
afterEach(() => toast.dismiss());

const ENDORSE_GUITAR = '/api/endorsements/user-skills/00000000-0000-4000-8000-0000000000b1/endorse';
const DECLINE_GUITAR = '/api/endorsements/user-skills/00000000-0000-4000-8000-0000000000b1/decline';
const VERIFY_DEBATE = '/api/endorsements/achievements/00000000-0000-4000-8000-0000000000e1/verify';
const summary: CouncilSummary = {
  types: ['cultural'],
  pending: { userSkills: 2, skills: 0, achievements: 1, positions: 0 },
  unresolvedFeedback: 0,
  upcomingEvents: 0,
  pendingBookings: 0,
};

type Replies = Parameters<typeof stubApi>[0];

/** The user-skills list, which the server answers without the reviewed item once `done` says so. */
function serveUserSkills(extra: Replies = {}) {
  const state = { done: false };
  const fetchMock = stubApi({
    session: gensecSession,
    '/api/endorsements/user-skills': () =>
      pendingList(state.done ? [kathakClaim] : [guitarClaim, kathakClaim]),
    ...extra,
  });
  return { fetchMock, state };
}

async function openPanel(path = '/gensec-endorse') {
  const view = renderApp(path);
  // The dashboard's counts are in the cache, as after a visit to the dashboard.
  view.client.setQueryData(['council', 'summary'], summary);
  await screen.findByRole(
    'article',
    { name: path.includes('achievements') ? 'Inter-college debate' : 'Guitar' },
    firstRender,
  );
  return view.client;
}

describe('/gensec-endorse actions', { timeout: 20_000 }, () => {
  it("reads 'Endorsing...' on that row only while the request runs", async () => {
    serveUserSkills({ [`POST ${ENDORSE_GUITAR}`]: 'pending' });
    await openPanel();
    await userEvent.click(screen.getByRole('button', { name: 'Endorse Guitar by Asha Verma' }));
    const busy = within(screen.getByRole('article', { name: 'Guitar' })).getByRole('button', {
      name: 'Endorsing...',
    });
    expect(busy).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Decline Guitar by Asha Verma' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Endorse Kathak by Kabir Singh' })).toBeEnabled();
    expect(screen.getAllByText('Endorsing...')).toHaveLength(1);
  });

  it('endorses with one request however fast the clicks; the item leaves and the counts refresh', async () => {
    const { fetchMock, state } = serveUserSkills({
      [`POST ${ENDORSE_GUITAR}`]: () => {
        state.done = true;
        return outcome(guitarClaim.id);
      },
    });
    const client = await openPanel();
    const endorse = screen.getByRole('button', { name: 'Endorse Guitar by Asha Verma' });
    fireEvent.click(endorse);
    fireEvent.click(endorse);
    expect(await screen.findByText('Skill endorsed.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Guitar' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('article', { name: 'Kathak' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', ENDORSE_GUITAR)).toBe(1);
    expect(sentBodies(fetchMock, 'POST', ENDORSE_GUITAR)).toEqual([undefined]);
    expect(client.getQueryState(['council', 'summary'])?.isInvalidated).toBe(true);
  });

  it("verifies an achievement, reading 'Verifying...' meanwhile, and it leaves the list", async () => {
    let verified = false;
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (release = resolve));
    stubApi({
      session: gensecSession,
      '/api/endorsements/achievements': () => pendingList(verified ? [] : [debateWin]),
      [`POST ${VERIFY_DEBATE}`]: () => {
        verified = true;
        return outcome(debateWin.id);
      },
    });
    const stubbed = globalThis.fetch;
    // Holds the verify answer until the test has seen the busy button.
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) === VERIFY_DEBATE) await answered;
      return stubbed(input, init);
    });
    await openPanel('/gensec-endorse?tab=achievements');
    await userEvent.click(
      screen.getByRole('button', { name: 'Verify Inter-college debate by Asha Verma' }),
    );
    expect(await screen.findByRole('button', { name: 'Verifying...' })).toBeDisabled();
    release();
    expect(await screen.findByText('Achievement verified.')).toBeInTheDocument();
    expect(await screen.findByText('No achievements pending endorsement.')).toBeInTheDocument();
  });

  it.each([
    [409, 'This item was already declined by another official.'],
    [403, 'This item is reviewed by another general secretary.'],
    [404, 'This item no longer exists.'],
  ])("shows the server's message on a %i and refreshes the list", async (status, message) => {
    const { fetchMock, state } = serveUserSkills({
      [`POST ${ENDORSE_GUITAR}`]: () => {
        state.done = true;
        return failure(status, 'CONFLICT', message);
      },
    });
    await openPanel();
    const before = callsTo(fetchMock, 'GET', '/api/endorsements/user-skills?page=1&pageSize=20');
    await userEvent.click(screen.getByRole('button', { name: 'Endorse Guitar by Asha Verma' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByText('Failed to endorse skill. Please try again.')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Guitar' })).not.toBeInTheDocument(),
    );
    expect(callsTo(fetchMock, 'GET', '/api/endorsements/user-skills?page=1&pageSize=20')).toBe(
      before + 1,
    );
  });

  it.each([
    ['a server failure', failure(500, 'INTERNAL_ERROR', 'Internal error')],
    ['a conflict without a message', { status: 409 }],
  ])(
    "says 'Failed to endorse skill. Please try again.' on %s and keeps the item",
    async (_case, reply) => {
      serveUserSkills({ [`POST ${ENDORSE_GUITAR}`]: reply });
      await openPanel();
      await userEvent.click(screen.getByRole('button', { name: 'Endorse Guitar by Asha Verma' }));
      expect(await screen.findByText('Failed to endorse skill. Please try again.')).toBeInTheDocument();
      expect(await screen.findByRole('button', { name: 'Endorse Guitar by Asha Verma' })).toBeEnabled();
    },
  );

  it("says 'Failed to verify achievement' when verifying fails", async () => {
    stubApi({
      session: gensecSession,
      '/api/endorsements/achievements': pendingList([debateWin]),
      [`POST ${VERIFY_DEBATE}`]: failure(500, 'INTERNAL_ERROR', 'Internal error'),
    });
    await openPanel('/gensec-endorse?tab=achievements');
    await userEvent.click(
      screen.getByRole('button', { name: 'Verify Inter-college debate by Asha Verma' }),
    );
    expect(await screen.findByText('Failed to verify achievement')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Inter-college debate' })).toBeInTheDocument();
  });

  it('declines only with a reason, sends it trimmed, and the item leaves', async () => {
    const { fetchMock, state } = serveUserSkills({
      [`POST ${DECLINE_GUITAR}`]: () => {
        state.done = true;
        return outcome(guitarClaim.id, 'declined');
      },
    });
    await openPanel();
    await userEvent.click(screen.getByRole('button', { name: 'Decline Guitar by Asha Verma' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Decline this item?' }));
    const reason = dialog.getByLabelText(/^Reason \(the student sees it\)/);
    await userEvent.type(reason, '   ');
    await userEvent.click(dialog.getByRole('button', { name: 'Decline' }));
    expect(await dialog.findByText('Please give a reason for declining.')).toBeInTheDocument();
    expect(reason).toHaveAccessibleDescription(
      expect.stringContaining('Please give a reason for declining.'),
    );
    expect(callsTo(fetchMock, 'POST', DECLINE_GUITAR)).toBe(0);

    await userEvent.type(reason, 'Please attach a recording of a performance.  ');
    await userEvent.click(dialog.getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('Declined. The student sees your reason.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Guitar' })).not.toBeInTheDocument(),
    );
    expect(sentBodies(fetchMock, 'POST', DECLINE_GUITAR)).toEqual([
      { reason: 'Please attach a recording of a performance.' },
    ]);
  });

  it("reads 'Declining...' while the decline is sent, on that row only", async () => {
    serveUserSkills({ [`POST ${DECLINE_GUITAR}`]: 'pending' });
    await openPanel();
    await userEvent.click(screen.getByRole('button', { name: 'Decline Guitar by Asha Verma' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Decline this item?' }));
    await userEvent.type(dialog.getByLabelText(/^Reason/), 'Not a cultural skill.');
    await userEvent.click(dialog.getByRole('button', { name: 'Decline' }));
    expect(await dialog.findByRole('button', { name: 'Declining...' })).toBeDisabled();
    // The page behind the modal is hidden from the accessibility tree, not gone.
    expect(
      screen.getByRole('button', { name: 'Endorse Guitar by Asha Verma', hidden: true }),
    ).toBeDisabled();
    expect(
      screen.getByRole('button', { name: 'Endorse Kathak by Kabir Singh', hidden: true }),
    ).toBeEnabled();
  });

  it('keeps the dialog open when the decline fails, and starts afresh after Cancel', async () => {
    serveUserSkills({ [`POST ${DECLINE_GUITAR}`]: failure(500, 'INTERNAL_ERROR', 'Internal error') });
    await openPanel();
    await userEvent.click(screen.getByRole('button', { name: 'Decline Guitar by Asha Verma' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Decline this item?' }));
    await userEvent.type(dialog.getByLabelText(/^Reason/), 'Not a cultural skill.');
    await userEvent.click(dialog.getByRole('button', { name: 'Decline' }));
    expect(
      await dialog.findByText('The item could not be declined. Please try again.'),
    ).toBeInTheDocument();
    expect(dialog.getByLabelText(/^Reason/)).toHaveValue('Not a cultural skill.');

    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await userEvent.click(screen.getByRole('button', { name: 'Decline Guitar by Asha Verma' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Decline this item?' }));
    expect(dialog.getByLabelText(/^Reason/)).toHaveValue('');
    expect(
      dialog.queryByText('The item could not be declined. Please try again.'),
    ).not.toBeInTheDocument();
  });

  it("closes the dialog at once and shows the server's message when another official was faster", async () => {
    let lists = 0;
    stubApi({
      session: gensecSession,
      // The list is asked again after the refusal; that answer never comes, so only the refusal closes the dialog.
      '/api/endorsements/user-skills': () =>
        ++lists === 1 ? pendingList([guitarClaim, kathakClaim]) : 'pending',
      [`POST ${DECLINE_GUITAR}`]: failure(
        409,
        'CONFLICT',
        'This item was already endorsed by another official.',
      ),
    });
    await openPanel();
    await userEvent.click(screen.getByRole('button', { name: 'Decline Guitar by Asha Verma' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Decline this item?' }));
    await userEvent.type(dialog.getByLabelText(/^Reason/), 'Not a cultural skill.');
    await userEvent.click(dialog.getByRole('button', { name: 'Decline' }));
    expect(
      await screen.findByText('This item was already endorsed by another official.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(lists).toBe(2);
  });
});
