import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPages } from '../../../test/load-pages';
import { renderApp, sentBodies, stubApi } from '../../../test/render-app';
import { feedbackItem, feedbackPage, listRequests, officialSession } from './view-feedback-fixtures';

beforeAll(loadPages, 30_000);

const firstRender = { timeout: 10_000 };
const FEEDBACK_ID = '70000000-0000-4000-8000-0000000000e1';
const RESOLUTION = `/api/feedback/${FEEDBACK_ID}/resolution`;

const open = feedbackItem({
  id: FEEDBACK_ID,
  type: 'Complaint',
  targetType: 'Event',
  target: { label: 'Spring Fest', detail: null },
  comments: 'The queue at the gate was too long.',
  author: { name: 'Rohan Mehta', username: 'rohan' },
  mine: false,
  canResolve: true,
});
const resolved = {
  ...open,
  isResolved: true,
  actionsTaken: 'Opened two more gates.',
  resolvedBy: { name: 'Ishita Reddy' },
  resolvedAt: '2025-03-10T05:00:00.000Z',
  canResolve: false,
};
const counts = (resolvedCount: number) => ({
  all: 1,
  resolved: resolvedCount,
  unresolved: 1 - resolvedCount,
});

async function openDialog() {
  await userEvent.click(await screen.findByRole('button', { name: 'Mark as Resolved' }, firstRender));
  return within(await screen.findByRole('dialog', { name: 'Mark feedback as resolved' }));
}

describe('resolving feedback on /viewfeedback', { timeout: 20_000 }, () => {
  it("opens the resolve dialog from 'Mark as Resolved', with the 'Actions taken' field focused, and Cancel returns to the button", async () => {
    stubApi({ session: officialSession, '/api/feedback': feedbackPage([open], { resolver: true }) });
    renderApp('/viewfeedback');
    const dialog = await openDialog();
    expect(dialog.getByText('Complaint about Spring Fest')).toBeInTheDocument();
    expect(dialog.getByLabelText(/^Actions taken/)).toHaveFocus();
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Mark as Resolved' })).toHaveFocus());
  });

  it("says 'Please enter actions taken.' when the actions are blank and sends nothing", async () => {
    const fetchMock = stubApi({
      session: officialSession,
      '/api/feedback': feedbackPage([open], { resolver: true }),
    });
    renderApp('/viewfeedback');
    const dialog = await openDialog();
    await userEvent.type(dialog.getByLabelText(/^Actions taken/), '   ');
    await userEvent.click(dialog.getByRole('button', { name: 'Mark as Resolved' }));
    expect(await dialog.findByText('Please enter actions taken.')).toBeInTheDocument();
    expect(dialog.getByLabelText(/^Actions taken/)).toHaveAccessibleDescription(
      'Please enter actions taken.',
    );
    expect(sentBodies(fetchMock, 'POST', RESOLUTION)).toEqual([]);
  });

  it("shows 'Saving...' while sending, then sends the actions, says so, closes and refreshes the list and its counts", async () => {
    let done = false;
    let answer: () => void = () => undefined;
    const fetchMock = stubApi({
      session: officialSession,
      '/api/feedback': () =>
        feedbackPage([done ? resolved : open], { resolver: true, counts: counts(done ? 1 : 0) }),
    });
    // The answer waits until the test lets it through, to see the dialog while it is sent.
    const base = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation((input, init) => {
      if (String(input) !== RESOLUTION) return base(input, init);
      return new Promise<Response>((resolve) => {
        answer = () => {
          done = true;
          resolve(
            new Response(JSON.stringify({ feedback: resolved }), {
              status: 200,
              headers: { 'Content-Type': 'application/json' },
            }),
          );
        };
      });
    });
    renderApp('/viewfeedback');
    expect(
      await screen.findByRole('button', { name: 'Not Resolved (1)' }, firstRender),
    ).toBeInTheDocument();
    const dialog = await openDialog();
    await userEvent.type(dialog.getByLabelText(/^Actions taken/), '  Opened two more gates.  ');
    await userEvent.click(dialog.getByRole('button', { name: 'Mark as Resolved' }));

    expect(await dialog.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(sentBodies(fetchMock, 'POST', RESOLUTION)).toEqual([
      { actionsTaken: 'Opened two more gates.' },
    ]);
    const listsBefore = listRequests(fetchMock).length;
    answer();

    expect(await screen.findByText('Feedback marked as resolved.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The button is gone; focus stays on its card rather than falling back to the page.
    await waitFor(() =>
      expect(screen.getByRole('article', { name: 'Complaint about Spring Fest' })).toHaveFocus(),
    );
    await waitFor(() => expect(listRequests(fetchMock).length).toBeGreaterThan(listsBefore));
    expect(await screen.findByRole('button', { name: 'Resolved (1)' })).toBeInTheDocument();
    expect(screen.getByText('Opened two more gates.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark as Resolved' })).not.toBeInTheDocument();
  });

  it("shows the server's message when another official resolved it first, keeps the dialog and the text, and refreshes the list", async () => {
    const fetchMock = stubApi({
      session: officialSession,
      '/api/feedback': feedbackPage([open], { resolver: true }),
      [`POST ${RESOLUTION}`]: {
        status: 409,
        body: { error: { code: 'CONFLICT', message: 'Another official resolved this feedback first.' } },
      },
    });
    renderApp('/viewfeedback');
    const dialog = await openDialog();
    const listsBefore = listRequests(fetchMock).length;
    await userEvent.type(dialog.getByLabelText(/^Actions taken/), 'Opened two more gates.');
    await userEvent.click(dialog.getByRole('button', { name: 'Mark as Resolved' }));

    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'Another official resolved this feedback first.',
    );
    expect(screen.getByRole('dialog', { name: 'Mark feedback as resolved' })).toBeInTheDocument();
    expect(dialog.getByLabelText(/^Actions taken/)).toHaveValue('Opened two more gates.');
    await waitFor(() => expect(listRequests(fetchMock).length).toBeGreaterThan(listsBefore));
  });

  it("shows the server's message when the feedback is about the official", async () => {
    stubApi({
      session: officialSession,
      '/api/feedback': feedbackPage([open], { resolver: true }),
      [`POST ${RESOLUTION}`]: {
        status: 403,
        body: {
          error: { code: 'FORBIDDEN', message: 'Feedback about you is resolved by another official.' },
        },
      },
    });
    renderApp('/viewfeedback');
    const dialog = await openDialog();
    await userEvent.type(dialog.getByLabelText(/^Actions taken/), 'Noted.');
    await userEvent.click(dialog.getByRole('button', { name: 'Mark as Resolved' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'Feedback about you is resolved by another official.',
    );
  });

  it('says the feedback could not be marked as resolved when the server fails, keeping what was typed', async () => {
    stubApi({
      session: officialSession,
      '/api/feedback': feedbackPage([open], { resolver: true }),
      [`POST ${RESOLUTION}`]: {
        status: 500,
        body: { error: { code: 'INTERNAL_ERROR', message: 'Internal error' } },
      },
    });
    renderApp('/viewfeedback');
    const dialog = await openDialog();
    await userEvent.type(dialog.getByLabelText(/^Actions taken/), 'Opened two more gates.');
    await userEvent.click(dialog.getByRole('button', { name: 'Mark as Resolved' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'The feedback could not be marked as resolved. Please try again.',
    );
    expect(dialog.getByLabelText(/^Actions taken/)).toHaveValue('Opened two more gates.');
  });
});
