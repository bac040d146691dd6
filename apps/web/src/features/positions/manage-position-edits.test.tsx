import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPages } from '../../../test/load-pages';
import { renderApp, sentBodies, stubApi } from '../../../test/render-app';
import { cardOf, firstRender, holder, page, session } from '../../../test/position-fixtures';

beforeAll(loadPages, 30_000);

const CLAIM_ID = '30000000-0000-4000-8000-000000000007';
const CLAIM_PATH = `/api/me/positions/${CLAIM_ID}`;

describe('/manage-position: changing a position you declared', { timeout: 30_000 }, () => {
  it('offers Edit and Withdraw on your own self-declared record, and nothing on a verified one', async () => {
    stubApi({
      session,
      '/api/me/positions': page([
        holder(),
        holder({
          id: CLAIM_ID,
          position: { id: 'p2', positionCode: 'POS-004', title: 'Quiz Lead', unit: null },
          verification: 'self_declared',
          changeable: true,
        }),
      ]),
    });
    renderApp('/manage-position');
    const claim = within(await cardOf('Quiz Lead'));
    expect(claim.getByRole('button', { name: 'Edit: Quiz Lead, 2024-2025' })).toBeInTheDocument();
    expect(claim.getByRole('button', { name: 'Withdraw: Quiz Lead, 2024-2025' })).toBeInTheDocument();
    const verified = within(await cardOf('Cultural Secretary'));
    expect(verified.queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
    expect(verified.queryByRole('button', { name: /^Withdraw/ })).not.toBeInTheDocument();
  });

  it('corrects and resends a declined claim with the form, showing its history', async () => {
    const declined = holder({
      id: CLAIM_ID,
      position: {
        id: '10000000-0000-4000-8000-000000000001',
        positionCode: 'POS-004',
        title: 'Quiz Lead',
        unit: null,
      },
      verification: 'declined',
      declineReason: 'Wrong tenure.',
      changeable: true,
      history: [
        {
          event: 'declined',
          at: '2025-01-10T05:00:00.000Z',
          by: { name: 'Meera Iyer' },
          reason: 'No proof.',
        },
        { event: 'resent', at: '2025-01-12T05:00:00.000Z', by: null, reason: null },
        {
          event: 'declined',
          at: '2025-01-14T05:00:00.000Z',
          by: { name: 'Meera Iyer' },
          reason: 'Wrong tenure.',
        },
      ],
    });
    const fetchMock = stubApi({
      session,
      '/api/me/positions': page([declined]),
      [`PATCH ${CLAIM_PATH}`]: {
        body: { position: { ...declined, verification: 'self_declared', declineReason: null } },
      },
    });
    renderApp('/manage-position');
    const claim = within(await cardOf('Quiz Lead'));
    const history = claim.getByRole('region', { name: 'History' });
    expect(history).toHaveTextContent('Declined on 10 Jan 2025 by Meera Iyer');
    expect(history).toHaveTextContent('Reason: No proof.');
    expect(history).toHaveTextContent('Resent on 12 Jan 2025');

    await userEvent.click(
      claim.getByRole('button', { name: 'Correct and resend: Quiz Lead, 2024-2025' }),
    );
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Correct and resend position record' },
      firstRender,
    );
    const events = await within(dialog).findByLabelText(/^Events organized/, {}, firstRender);
    await userEvent.clear(events);
    await userEvent.type(events, '-2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send again' }));
    expect(await within(dialog).findByText('Events organized cannot be negative')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'PATCH', CLAIM_PATH)).toEqual([]);

    await userEvent.clear(events);
    await userEvent.type(events, '5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send again' }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, 'PATCH', CLAIM_PATH)).toEqual([
        expect.objectContaining({
          positionId: '10000000-0000-4000-8000-000000000001',
          tenureYear: '2024-2025',
          metrics: expect.objectContaining({ eventsOrganized: 5 }),
          resend: true,
        }),
      ]),
    );
    expect(await screen.findByText('Position record sent again for verification.')).toBeInTheDocument();
  });
});
