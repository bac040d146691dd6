import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { HolderRow } from '@cosa/contracts';
import { loadPages } from '../../../test/load-pages';
import { makeUser, renderApp, stubApi } from '../../../test/render-app';

beforeAll(loadPages, 30_000);

const firstRender = { timeout: 10_000 };
const session = { body: { user: makeUser({ role: 'GENSEC_CULTURAL', name: 'Kavya Menon' }) } };

const holder = (id: string, name: string, budgetUtilized: number | null): HolderRow => ({
  id,
  porCode: `POR-${id.slice(-5)}`,
  user: { id: `${id.slice(0, -2)}b1`, name, email: 'x@iitbhilai.ac.in', username: 'x', studentId: null },
  position: {
    id: '00000000-0000-4000-8000-0000000000c1',
    positionCode: 'POS-00001',
    title: 'Web Lead',
    retired: false,
    unit: { id: '00000000-0000-4000-8000-0000000000a1', name: 'Coding Club', category: 'technical' },
  },
  tenureYear: '2026-2027',
  status: 'active',
  appointment: null,
  metrics: { eventsOrganized: 2, budgetUtilized, feedback: 'Ran the hack night.' },
  verification: 'verified',
  declineReason: null,
  createdAt: '2026-08-05T10:00:00.000Z',
  updatedAt: '2026-08-05T10:00:00.000Z',
  canChange: false,
  changeNote: null,
});

/** The value shown beside a label of a card or a details dialog. */
const valueOf = (area: ReturnType<typeof within>, label: string) =>
  area.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('/cosa, a holder card whose budget the reader may not see', { timeout: 30_000 }, () => {
  it("shows 'N/A' for the budget utilized on the card and in its details, and rupees where it is given", async () => {
    stubApi({
      session,
      '/api/positions': {
        body: {
          items: [],
          total: 0,
          overall: 0,
          page: 1,
          pageSize: 20,
          departments: [],
          types: [],
          scope: { club: null, unlinked: false },
        },
      },
      '/api/position-holders': {
        body: {
          items: [
            holder('00000000-0000-4000-8000-0000000000d1', 'Asha Verma', null),
            holder('00000000-0000-4000-8000-0000000000d2', 'Kiran Rao', 1500),
          ],
          total: 2,
          overall: 2,
          page: 1,
          pageSize: 20,
          departments: [],
          tenureYears: ['2026-2027'],
          scope: { club: null, unlinked: false },
        },
      },
    });
    renderApp('/cosa');
    await userEvent.click(
      await screen.findByRole('tab', { name: 'View Position Holders (POR)' }, firstRender),
    );
    const hidden = within(
      (await screen.findByRole('heading', { level: 2, name: 'Asha Verma' })).closest('li')!,
    );
    expect(valueOf(hidden, 'Budget utilized')).toBe('N/A');
    const shown = within(screen.getByRole('heading', { level: 2, name: 'Kiran Rao' }).closest('li')!);
    expect(valueOf(shown, 'Budget utilized')).toBe('₹1,500');

    await userEvent.click(hidden.getByRole('button', { name: 'View details of POR-000d1' }));
    const details = within(await screen.findByRole('group', { name: 'Details of POR-000d1' }));
    expect(valueOf(details, 'Budget utilized')).toBe('N/A');
  });
});
