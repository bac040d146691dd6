import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PendingPosition } from '@cosa/contracts';
import { loadPages } from '../../../test/load-pages';
import { makeUser, renderApp, sentBodies, stubApi } from '../../../test/render-app';
import { failure, firstRender, gensecSession } from './test-fixtures';

beforeAll(loadPages, 30_000);

const coordinatorSession = {
  body: { user: makeUser({ role: 'CLUB_COORDINATOR', name: 'Neha Kapoor', username: 'neha' }) },
};

const declared: PendingPosition = {
  id: '00000000-0000-4000-8000-0000000000a9',
  porCode: 'POR-00042',
  verification: 'self_declared',
  proposedBy: null,
  student: {
    id: '00000000-0000-4000-8000-000000000011',
    name: 'Asha Verma',
    username: 'asha',
    studentId: '12340001',
  },
  position: {
    id: '00000000-0000-4000-8000-0000000000c9',
    positionCode: 'POS-00009',
    title: 'Events Lead',
    unit: { id: '00000000-0000-4000-8000-0000000000d9', name: 'Music Club' },
  },
  tenureYear: '2024-2025',
  status: 'active',
  metrics: { eventsOrganized: 3, budgetUtilized: 125000, feedback: 'Ran the spring concert.' },
  version: 1,
  createdAt: '2025-03-10T09:00:00.000Z',
};
const page = (items: PendingPosition[]) => ({
  body: { items, total: items.length, overall: items.length, page: 1, pageSize: 20 },
});
const verifyPath = `/api/endorsements/positions/${declared.id}/verify`;

describe('the Positions tab of /gensec-endorse', { timeout: 20_000 }, () => {
  it('lists a self-declared position with the student, position, unit, tenure, status, metrics and when it was declared', async () => {
    stubApi({ session: gensecSession, '/api/endorsements/positions': page([declared]) });
    renderApp('/gensec-endorse?tab=positions');
    const card = within(await screen.findByRole('article', { name: 'Events Lead' }, firstRender));
    expect(screen.getByRole('tab', { name: 'Positions' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('article', { name: 'Events Lead' })).toHaveTextContent(
      'Submitted by Asha Verma (@asha, ID 12340001) on 10 Mar 2025, 14:30',
    );
    expect(card.getByText('Music Club')).toBeInTheDocument();
    expect(card.getByText('2024-2025')).toBeInTheDocument();
    expect(card.getByText('Active')).toBeInTheDocument();
    expect(card.getByText('₹1,25,000')).toBeInTheDocument();
    expect(card.getByText('Ran the spring concert.')).toBeInTheDocument();
    expect(card.getByText('Self-declared')).toBeInTheDocument();
  });

  it("shows 'N/A' for the budget utilized of a unit whose money the reviewer may not see", async () => {
    stubApi({
      session: gensecSession,
      '/api/endorsements/positions': page([
        { ...declared, metrics: { ...declared.metrics, budgetUtilized: null } },
      ]),
    });
    renderApp('/gensec-endorse?tab=positions');
    const card = within(await screen.findByRole('article', { name: 'Events Lead' }, firstRender));
    expect(card.getByText('Budget utilized', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      /^N\/A$/,
    );
    expect(card.queryByText(/₹/)).not.toBeInTheDocument();
  });

  it("shows the empty state 'No positions awaiting verification.'", async () => {
    stubApi({ session: gensecSession, '/api/endorsements/positions': page([]) });
    renderApp('/gensec-endorse?tab=positions');
    expect(
      await screen.findByText('No positions awaiting verification.', {}, firstRender),
    ).toBeInTheDocument();
  });

  it('shows the load failure with a Retry', async () => {
    stubApi({ session: gensecSession, '/api/endorsements/positions': failure(500, 'INTERNAL', 'Boom') });
    renderApp('/gensec-endorse?tab=positions');
    expect(
      await screen.findByText(
        'Failed to load the positions awaiting verification. Please try again.',
        {},
        firstRender,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('verifies: the record leaves the list', async () => {
    let verified = false;
    stubApi({
      session: gensecSession,
      '/api/endorsements/positions': () => page(verified ? [] : [declared]),
      [`POST ${verifyPath}`]: () => {
        verified = true;
        return {
          body: {
            id: declared.id,
            status: 'verified',
            by: { name: 'Ishita Reddy' },
            at: '2025-03-12T05:00:00.000Z',
            alreadyDone: false,
          },
        };
      },
    });
    renderApp('/gensec-endorse?tab=positions');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Verify Events Lead by Asha Verma' }, firstRender),
    );
    expect(await screen.findByText('Position verified.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Events Lead' })).not.toBeInTheDocument(),
    );
  });

  it("shows the server's reason when the position is full, and keeps the record", async () => {
    stubApi({
      session: gensecSession,
      '/api/endorsements/positions': page([declared]),
      [`POST ${verifyPath}`]: failure(
        409,
        'CONFLICT',
        'This position is full for that tenure: every seat has an active holder.',
      ),
    });
    renderApp('/gensec-endorse?tab=positions');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Verify Events Lead by Asha Verma' }, firstRender),
    );
    expect(
      await screen.findByText('This position is full for that tenure: every seat has an active holder.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Events Lead' })).toBeInTheDocument();
  });

  it('declines with the reason the student sees', async () => {
    const fetchMock = stubApi({
      session: gensecSession,
      '/api/endorsements/positions': page([declared]),
      [`POST /api/endorsements/positions/${declared.id}/decline`]: {
        body: {
          id: declared.id,
          status: 'declined',
          by: { name: 'Ishita Reddy' },
          at: '2025-03-12T05:00:00.000Z',
          alreadyDone: false,
        },
      },
    });
    renderApp('/gensec-endorse?tab=positions');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Decline Events Lead by Asha Verma' }, firstRender),
    );
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.click(dialog.getByRole('button', { name: /^Decline/ }));
    expect(await dialog.findByText('Please give a reason for declining.')).toBeInTheDocument();
    await userEvent.type(dialog.getByRole('textbox'), 'No such post that year.');
    await userEvent.click(dialog.getByRole('button', { name: /^Decline/ }));
    await waitFor(() =>
      expect(
        sentBodies(fetchMock, 'POST', `/api/endorsements/positions/${declared.id}/decline`),
      ).toEqual([{ reason: 'No such post that year.', version: 1 }]),
    );
  });

  it('gives a club coordinator the User Skills, Achievements and Positions tabs, without the catalogue', async () => {
    stubApi({
      session: coordinatorSession,
      '/api/endorsements/user-skills': {
        body: { items: [], total: 0, overall: 0, page: 1, pageSize: 20, types: [] },
      },
    });
    renderApp('/gensec-endorse');
    await screen.findByRole('tab', { name: 'User Skills' }, firstRender);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'User Skills',
      'Achievements',
      'Positions',
    ]);
  });

  it("marks a club coordinator's appointment as such, with the coordinator's name", async () => {
    const appointed: PendingPosition = {
      ...declared,
      verification: 'pending',
      proposedBy: { name: 'Neha Kapoor' },
    };
    stubApi({ session: gensecSession, '/api/endorsements/positions': page([appointed]) });
    renderApp('/gensec-endorse?tab=positions');
    const card = within(await screen.findByRole('article', { name: 'Events Lead' }, firstRender));
    expect(card.getByText("Appointed by the club's coordinator")).toBeInTheDocument();
    expect(card.getByText('Neha Kapoor')).toBeInTheDocument();
    expect(card.queryByText('Self-declared')).not.toBeInTheDocument();
  });

  it("shows the shortfall of the requirements and verifies once 'Verify anyway' is chosen", async () => {
    let asked = 0;
    const fetchMock = stubApi({
      session: gensecSession,
      '/api/endorsements/positions': page([declared]),
      [`POST ${verifyPath}`]: () => {
        asked += 1;
        return asked === 1
          ? failure(
              409,
              'REQUIREMENTS_NOT_MET',
              'This person does not meet the requirements of the position.',
              {
                cgpa: "CGPA on the institute's record below the minimum 8.0",
                skills: 'Missing required skills: Soldering',
              },
            )
          : {
              body: {
                id: declared.id,
                status: 'verified',
                by: { name: 'Ishita Reddy' },
                at: '2025-03-12T05:00:00.000Z',
                alreadyDone: false,
              },
            };
      },
    });
    renderApp('/gensec-endorse?tab=positions');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Verify Events Lead by Asha Verma' }, firstRender),
    );
    const question = within(
      await screen.findByRole('group', {
        name: 'This person does not meet the requirements of the position.',
      }),
    );
    expect(
      question.getByText("CGPA on the institute's record below the minimum 8.0"),
    ).toBeInTheDocument();
    expect(question.getByText('Missing required skills: Soldering')).toBeInTheDocument();
    expect(
      screen.queryByText('The position could not be verified. Please try again.'),
    ).not.toBeInTheDocument();
    await userEvent.click(question.getByRole('button', { name: 'Verify anyway' }));
    expect(await screen.findByText('Position verified.')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', verifyPath)).toEqual([
      { confirm: false, version: 1 },
      { confirm: true, version: 1 },
    ]);
  });
});
