import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPages } from '../../../test/load-pages';
import { renderApp, sentBodies, stubApi } from '../../../test/render-app';
import {
  achievement,
  card,
  debate,
  firstRender,
  hackathon,
  page,
  session,
} from '../../../test/achievement-fixtures';

beforeAll(loadPages, 30_000);

const DEBATE_PATH = `/api/me/achievements/${debate.id}`;
// The debate fixture's certificate address is not http(s): the form would refuse it as it stands.
const pending = { ...debate, certificateUrl: null };

describe('/view-achievements: changing your own achievement', { timeout: 30_000 }, () => {
  it('offers Edit and Withdraw on a pending achievement, and nothing on a verified one', async () => {
    stubApi({ session, '/api/me/achievements': page([hackathon, debate]) });
    renderApp('/view-achievements');
    await screen.findByText('Showing 2 of 2 achievements', {}, firstRender);
    const pending = card('Inter-college debate');
    expect(pending.getByRole('button', { name: 'Edit: Inter-college debate' })).toBeInTheDocument();
    expect(pending.getByRole('button', { name: 'Withdraw: Inter-college debate' })).toBeInTheDocument();
    const verified = card('Smart India Hackathon');
    expect(verified.queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
    expect(verified.queryByRole('button', { name: /^Withdraw/ })).not.toBeInTheDocument();
  });

  it("edits with the Add Achievement form's rules: bad input is refused in the form, good input is sent", async () => {
    const fetchMock = stubApi({
      session,
      '/api/me/achievements': page([debate]),
      [`PATCH ${DEBATE_PATH}`]: {
        body: { achievement: { ...debate, title: 'Inter-college debate final', version: 2 } },
      },
    });
    renderApp('/view-achievements');
    await screen.findByText('Showing 1 of 1 achievements', {}, firstRender);
    await userEvent.click(screen.getByRole('button', { name: 'Edit: Inter-college debate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit achievement' }, firstRender);
    const title = await within(dialog).findByLabelText(/^Title/, {}, firstRender);
    expect(title).toHaveValue('Inter-college debate');

    await userEvent.clear(title);
    await userEvent.clear(within(dialog).getByLabelText(/^Certificate URL/));
    await userEvent.type(within(dialog).getByLabelText(/^Certificate URL/), 'not a link');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('Title is required')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Certificate URL must be a valid http or https address'),
    ).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'PATCH', DEBATE_PATH)).toEqual([]);

    await userEvent.type(title, 'Inter-college debate final');
    await userEvent.clear(within(dialog).getByLabelText(/^Certificate URL/));
    await userEvent.type(
      within(dialog).getByLabelText(/^Certificate URL/),
      'https://certificates.example.org/debate.pdf',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, 'PATCH', DEBATE_PATH)).toEqual([
        expect.objectContaining({
          title: 'Inter-college debate final',
          category: 'Debate',
          type: 'cultural',
          certificateUrl: 'https://certificates.example.org/debate.pdf',
          resend: false,
        }),
      ]),
    );
    expect(await screen.findByText('Achievement updated.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows the server's reason when an official decided first", async () => {
    stubApi({
      session,
      '/api/me/achievements': page([pending]),
      [`PATCH ${DEBATE_PATH}`]: {
        status: 409,
        body: {
          error: {
            code: 'CONFLICT',
            message: 'This achievement has already been verified and can no longer be changed.',
          },
        },
      },
    });
    renderApp('/view-achievements');
    await screen.findByText('Showing 1 of 1 achievements', {}, firstRender);
    await userEvent.click(screen.getByRole('button', { name: 'Edit: Inter-college debate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit achievement' }, firstRender);
    await userEvent.click(
      await within(dialog).findByRole('button', { name: 'Save changes' }, firstRender),
    );
    expect(
      await within(dialog).findByText(
        'Error submitting achievement: This achievement has already been verified and can no longer be changed.',
      ),
    ).toBeInTheDocument();
  });

  it('withdraws only after the confirmation', async () => {
    const fetchMock = stubApi({
      session,
      '/api/me/achievements': page([debate]),
      [`DELETE ${DEBATE_PATH}`]: { status: 204 },
    });
    renderApp('/view-achievements');
    await screen.findByText('Showing 1 of 1 achievements', {}, firstRender);
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw: Inter-college debate' }));
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Withdraw this achievement?' },
      firstRender,
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Withdraw: Inter-college debate' }));
    const again = await screen.findByRole('dialog', { name: 'Withdraw this achievement?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.filter(
          ([input, init]) => String(input) === DEBATE_PATH && init?.method === 'DELETE',
        ),
      ).toHaveLength(1),
    );
    expect(await screen.findByText('Achievement withdrawn.')).toBeInTheDocument();
  });

  it('offers Correct and resend on a declined achievement, sends it again, and shows its history', async () => {
    const declined = achievement({
      ...pending,
      declineReason: 'Still no certificate.',
      history: [
        {
          event: 'declined',
          at: '2025-03-10T05:00:00.000Z',
          by: { name: 'Meera Iyer' },
          reason: 'The link is broken.',
        },
        { event: 'resent', at: '2025-03-12T05:00:00.000Z', by: null, reason: null },
        {
          event: 'declined',
          at: '2025-03-14T05:00:00.000Z',
          by: { name: 'Meera Iyer' },
          reason: 'Still no certificate.',
        },
      ],
    });
    const fetchMock = stubApi({
      session,
      '/api/me/achievements': page([declined]),
      [`PATCH ${DEBATE_PATH}`]: { body: { achievement: { ...declined, declineReason: null } } },
    });
    renderApp('/view-achievements');
    await screen.findByText('Showing 1 of 1 achievements', {}, firstRender);
    const item = card('Inter-college debate');
    const history = item.getByRole('region', { name: 'History' });
    expect(history).toHaveTextContent('Declined on 10 Mar 2025 by Meera Iyer');
    expect(history).toHaveTextContent('Reason: The link is broken.');
    expect(history).toHaveTextContent('Resent on 12 Mar 2025');
    expect(item.getByText('Still no certificate.')).toHaveTextContent(
      'Reason given by the official: Still no certificate.',
    );
    expect(item.queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();

    await userEvent.click(
      item.getByRole('button', { name: 'Correct and resend: Inter-college debate' }),
    );
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Correct and resend achievement' },
      firstRender,
    );
    await userEvent.click(
      await within(dialog).findByRole('button', { name: 'Send again' }, firstRender),
    );
    await waitFor(() =>
      expect(sentBodies(fetchMock, 'PATCH', DEBATE_PATH)).toEqual([
        expect.objectContaining({ title: 'Inter-college debate', resend: true }),
      ]),
    );
    expect(await screen.findByText('Achievement sent again for verification.')).toBeInTheDocument();
  });
});
