import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadActionsMenu } from '../../components/ui/actions-menu';
import { loadPages } from '../../../test/load-pages';
import { makeUser, renderApp, stubApi } from '../../../test/render-app';

beforeAll(async () => {
  await loadPages();
  // The cards' "More actions" menu comes after the page, when the browser is idle: here, at once.
  await loadActionsMenu();
}, 30_000);

const firstRender = { timeout: 10_000 };
const COUNCIL_OFFICE =
  'Council offices (the president, the general secretaries and every position of a council) are appointed, changed and ended by the institute administrator only.';
type Unit = { id: string; name: string; category: string | null };
const APEX: Unit = { id: '00000000-0000-4000-8000-0000000000a1', name: 'COSA', category: null };
const CLUB = {
  id: '00000000-0000-4000-8000-0000000000a2',
  name: 'Robotics Club',
  category: 'technical',
};

const presidency = (canChange: boolean) => ({
  id: '00000000-0000-4000-8000-0000000000c1',
  positionCode: 'POS-00001',
  title: 'President',
  unit: APEX,
  positionType: 'President',
  positionCount: 1,
  description: null,
  responsibilities: ['Leads the council'],
  requirements: { minCgpa: 0, minYear: 1, skillsRequired: [] },
  activeHolders: 1,
  tenure: '2026-2027',
  holders: 1,
  retiredAt: null,
  createdAt: '2025-01-05T10:00:00.000Z',
  updatedAt: '2025-01-05T10:00:00.000Z',
  canChange,
  changeNote: canChange ? null : COUNCIL_OFFICE,
});

const holding = (id: string, name: string, porCode: string, unit: Unit, canChange: boolean) => ({
  id,
  porCode,
  user: { id: `${id.slice(0, -2)}b1`, name, email: 'x@iitbhilai.ac.in', username: 'x', studentId: null },
  position: {
    id: '00000000-0000-4000-8000-0000000000c1',
    positionCode: 'POS-00001',
    title: 'President',
    retired: false,
    unit,
  },
  tenureYear: '2026-2027',
  status: 'active',
  appointment: null,
  metrics: { eventsOrganized: 0, budgetUtilized: 0, feedback: null },
  verification: 'verified',
  declineReason: null,
  createdAt: '2026-08-05T10:00:00.000Z',
  updatedAt: '2026-08-05T10:00:00.000Z',
  canChange,
  changeNote: canChange ? null : COUNCIL_OFFICE,
});

const scope = { club: null, unlinked: false };
const lists = (canChangeOffice: boolean) => ({
  '/api/positions': {
    body: {
      items: [presidency(canChangeOffice)],
      total: 1,
      overall: 1,
      page: 1,
      pageSize: 20,
      departments: [],
      types: [],
      scope,
    },
  },
  '/api/position-holders': {
    body: {
      items: [
        holding(
          '00000000-0000-4000-8000-0000000000d1',
          'Meera Iyer',
          'POR-00001',
          APEX,
          canChangeOffice,
        ),
        holding('00000000-0000-4000-8000-0000000000d2', 'Asha Verma', 'POR-00002', CLUB, true),
      ],
      total: 2,
      overall: 2,
      page: 1,
      pageSize: 20,
      departments: [],
      tenureYears: ['2026-2027'],
      scope,
    },
  },
});

async function cardOf(name: string) {
  const heading = await screen.findByRole('heading', { level: 2, name }, firstRender);
  return within(heading.closest('li')!);
}

describe('the actions a reader may take on positions and holders', { timeout: 30_000 }, () => {
  it("a general secretary sees no Edit or Delete on the president's holding, and why, but keeps them on a club's", async () => {
    stubApi({
      session: { body: { user: makeUser({ role: 'GENSEC_SCITECH', name: 'Dev Rao' }) } },
      ...lists(false),
    });
    renderApp('/cosa');
    await userEvent.click(
      await screen.findByRole('tab', { name: 'View Position Holders (POR)' }, firstRender),
    );
    const office = await cardOf('Meera Iyer');
    expect(office.queryByRole('button', { name: 'More actions for POR-00001' })).not.toBeInTheDocument();
    expect(office.getByText(COUNCIL_OFFICE)).toBeInTheDocument();
    expect(office.getByRole('button', { name: 'View details of POR-00001' })).toBeInTheDocument();
    const club = await cardOf('Asha Verma');
    await userEvent.click(club.getByRole('button', { name: 'More actions for POR-00002' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Edit', 'Delete']);
  });

  it('a general secretary sees no Edit, Retire or Delete on a council office position, and why', async () => {
    stubApi({
      session: { body: { user: makeUser({ role: 'GENSEC_SCITECH', name: 'Dev Rao' }) } },
      ...lists(false),
    });
    renderApp('/cosa');
    const card = await cardOf('President');
    expect(card.queryByRole('button', { name: 'More actions for President' })).not.toBeInTheDocument();
    expect(card.queryByRole('button', { name: /Edit|Retire|Delete/ })).not.toBeInTheDocument();
    expect(card.getByText(COUNCIL_OFFICE)).toBeInTheDocument();
  });

  it('the administrator reaches Positions and holders from their menu, with the actions on council offices', async () => {
    stubApi({
      session: { body: { user: makeUser({ role: 'ADMIN', name: 'Registrar' }) } },
      ...lists(true),
    });
    renderApp('/admin/positions');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Positions and holders' }, firstRender),
    ).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByRole('link', { name: 'Positions and holders' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Current holders',
      'Appoint a holder',
      'Awaiting confirmation',
      'Positions',
      'Add a position',
    ]);
    const office = await cardOf('Meera Iyer');
    expect(office.getByRole('button', { name: 'More actions for POR-00001' })).toBeInTheDocument();
    expect(office.queryByText(COUNCIL_OFFICE)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Appoint a holder' }));
    expect(
      await screen.findByRole('button', { name: 'Create Position Holder' }, firstRender),
    ).toBeInTheDocument();
  });
});
