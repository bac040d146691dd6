import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPages } from '../../../test/load-pages';
import { makeUser, renderApp, sentBodies, stubApi } from '../../../test/render-app';

beforeAll(loadPages, 30_000);

const firstRender = { timeout: 10_000 };
const DRAMA = { id: '00000000-0000-4000-8000-0000000000a3', name: 'Drama Club' };
const MUSIC = { id: '00000000-0000-4000-8000-0000000000a4', name: 'Music Club' };
const POOJA = '00000000-0000-4000-8000-0000000000e1';
const MINE = '00000000-0000-4000-8000-0000000000e2';
const URL = '/api/admin/holding-confirmations';

const awaiting = (id: string, name: string, own: boolean) => ({
  id,
  code: own ? 'POR-00042' : 'POR-00041',
  holder: { name, studentId: own ? null : '12230141' },
  position: 'Events Lead',
  unit: DRAMA,
  tenureYear: '2023-2024',
  status: 'completed',
  own,
});

describe('Positions and holders: holdings awaiting confirmation', { timeout: 30_000 }, () => {
  it('lists them, confirms one after asking, and a whole unit at once', async () => {
    const fetchMock = stubApi({
      session: { body: { user: makeUser({ role: 'ADMIN', name: 'Registrar' }) } },
      [URL]: {
        body: {
          items: [awaiting(POOJA, 'Pooja Nair', false), awaiting(MINE, 'Registrar', true)],
          total: 2,
          units: [
            { ...DRAMA, count: 2 },
            { ...MUSIC, count: 1 },
          ],
        },
      },
      [`POST ${URL}`]: { body: { confirmed: 1 } },
    });
    renderApp('/admin/positions');
    await userEvent.click(
      await screen.findByRole('tab', { name: 'Awaiting confirmation' }, firstRender),
    );
    const panel = within(screen.getByRole('tabpanel', { name: 'Awaiting confirmation' }));
    expect(panel.getByText(/before the portal kept who verified or appointed them/)).toBeInTheDocument();
    const pooja = within(await panel.findByRole('region', { name: 'Events Lead, Pooja Nair' }));
    expect(
      pooja.getByText('Pooja Nair (student id 12230141) · 2023-2024 · Completed · POR-00041'),
    ).toBeInTheDocument();
    const mine = within(panel.getByRole('region', { name: 'Events Lead, Registrar' }));
    expect(mine.getByText('Your own holding: another administrator confirms it.')).toBeInTheDocument();
    expect(mine.queryByRole('button')).not.toBeInTheDocument();
    expect(panel.getByRole('status')).toHaveTextContent('2 holdings await confirmation');
    // Confirming a whole unit is offered once a unit is chosen.
    expect(panel.queryByRole('button', { name: /^Confirm all/ })).not.toBeInTheDocument();

    await userEvent.click(pooja.getByRole('button', { name: 'Confirm Events Lead, Pooja Nair' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Confirm this holding?' }));
    expect(dialog.getByText(/You will be recorded as its verifier/)).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Confirm holding' }));
    expect(
      await screen.findByText('Holding confirmed: its holder can now download its credential.'),
    ).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', URL)).toEqual([{ holdingId: POOJA }]);

    await userEvent.selectOptions(panel.getByLabelText('Unit'), 'Drama Club (2)');
    await userEvent.click(await panel.findByRole('button', { name: 'Confirm all of Drama Club' }));
    const all = within(
      await screen.findByRole('dialog', { name: 'Confirm every holding of Drama Club?' }),
    );
    await userEvent.click(all.getByRole('button', { name: 'Confirm all' }));
    expect(
      await screen.findByText('1 holding confirmed: its holder can now download its credential.'),
    ).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', URL)).toEqual([{ holdingId: POOJA }, { unitId: DRAMA.id }]);
  });
});
