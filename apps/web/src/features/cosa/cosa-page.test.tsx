import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { HolderRow, PositionRow } from '@cosa/contracts';
import { loadActionsMenu } from '../../components/ui/actions-menu';
import { loadPages } from '../../../test/load-pages';
import { makeUser, renderApp, sentBodies, stubApi } from '../../../test/render-app';

beforeAll(async () => {
  await loadPages();
  // The cards' "More actions" menu comes after the page, when the browser is idle: here, at once.
  await loadActionsMenu();
}, 30_000);

const firstRender = { timeout: 10_000 };

/** Opens a card's "More actions" menu and chooses one of its items. */
async function chooseAction(card: ReturnType<typeof within>, subject: string, action: string) {
  await userEvent.click(card.getByRole('button', { name: `More actions for ${subject}` }));
  await userEvent.click(await screen.findByRole('menuitem', { name: action }));
}
const UNIT = {
  id: '00000000-0000-4000-8000-0000000000a1',
  name: 'Fine Arts Club',
  category: 'cultural',
};
const session = { body: { user: makeUser({ role: 'PRESIDENT', name: 'Meera Iyer' }) } };

const position = (overrides: Partial<PositionRow> = {}): PositionRow => ({
  id: '00000000-0000-4000-8000-0000000000c1',
  positionCode: 'POS-00001',
  title: 'Design Lead',
  unit: UNIT,
  positionType: 'Team Lead',
  positionCount: 3,
  description: 'Leads the poster team.',
  responsibilities: ['Make posters'],
  requirements: { minCgpa: 7.25, minYear: 2, skillsRequired: ['Figma'] },
  activeHolders: 1,
  tenure: '2026-2027',
  holders: 0,
  retiredAt: null,
  createdAt: '2025-01-05T10:00:00.000Z',
  updatedAt: '2025-01-05T10:00:00.000Z',
  canChange: true,
  changeNote: null,
  ...overrides,
});

const holder = (overrides: Partial<HolderRow> = {}): HolderRow => ({
  id: '00000000-0000-4000-8000-0000000000d1',
  porCode: 'POR-00017',
  user: {
    id: '00000000-0000-4000-8000-0000000000b1',
    name: 'Asha Verma',
    email: 'asha@iitbhilai.ac.in',
    username: 'asha',
    studentId: '22000001',
  },
  position: {
    id: '00000000-0000-4000-8000-0000000000c1',
    positionCode: 'POS-00001',
    title: 'Design Lead',
    retired: false,
    unit: UNIT,
  },
  tenureYear: '2026-2027',
  status: 'active',
  appointment: null,
  metrics: { eventsOrganized: 2, budgetUtilized: 1500, feedback: null },
  verification: 'verified',
  declineReason: null,
  createdAt: '2026-08-05T10:00:00.000Z',
  updatedAt: '2026-08-05T10:00:00.000Z',
  canChange: true,
  changeNote: null,
  ...overrides,
});

const scope = { club: null, unlinked: false };
const positionList = (items: PositionRow[], total: number, overall: number) => ({
  body: { items, total, overall, page: 1, pageSize: 20, departments: [], types: [], scope },
});
const holderList = (items: HolderRow[], total: number, overall: number) => ({
  body: {
    items,
    total,
    overall,
    page: 1,
    pageSize: 20,
    departments: [],
    tenureYears: ['2026-2027'],
    scope,
  },
});

/** The card (list item) whose heading names it. */
async function cardOf(name: string) {
  const heading = await screen.findByRole('heading', { level: 2, name }, firstRender);
  return within(heading.closest('li')!);
}

const positionQueries = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/positions')
    .map((url) => Object.fromEntries(url.searchParams));

describe('/cosa, View Positions', { timeout: 30_000 }, () => {
  it("says 'Showing X of Y positions' with the matching count and the count of all, under an h1 with h2 cards", async () => {
    stubApi({ session, '/api/positions': positionList([position()], 3, 10) });
    renderApp('/cosa');
    await cardOf('Design Lead');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Positions of Responsibility' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Showing 3 of 10 positions')).toBeInTheDocument();
    expect(screen.queryAllByRole('heading', { level: 3 })).toEqual([]);
  });

  it('filters by state (All, In use, Retired) on the server', async () => {
    const fetchMock = stubApi({ session, '/api/positions': positionList([position()], 1, 1) });
    renderApp('/cosa');
    await cardOf('Design Lead');
    const state = screen.getByLabelText('State');
    expect(
      within(state)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All', 'In use', 'Retired']);
    await userEvent.selectOptions(state, 'Retired');
    await waitFor(() => expect(positionQueries(fetchMock).at(-1)).toMatchObject({ state: 'retired' }));
    await userEvent.selectOptions(state, 'In use');
    await waitFor(() => expect(positionQueries(fetchMock).at(-1)).toMatchObject({ state: 'open' }));
  });

  it("offers the list's CSV as a download carrying the filters in force", async () => {
    stubApi({ session, '/api/positions': positionList([position()], 1, 1) });
    renderApp('/cosa');
    await cardOf('Design Lead');
    const link = screen.getByRole('link', { name: 'Export CSV' });
    expect(link).toHaveAttribute('href', '/api/positions/export');
    expect(link).toHaveAttribute('download');
    await userEvent.selectOptions(screen.getByLabelText('State'), 'Retired');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
        'href',
        '/api/positions/export?state=retired',
      ),
    );
  });

  it('shows the seats filled in the current tenure, naming it, and the minimum CGPA as set', async () => {
    stubApi({ session, '/api/positions': positionList([position()], 1, 1) });
    renderApp('/cosa');
    const card = await cardOf('Design Lead');
    expect(card.getByText('7.25')).toBeInTheDocument();
    await userEvent.click(card.getByRole('button', { name: 'View details of Design Lead' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Design Lead' }));
    expect(dialog.getByText('3 (1 filled in 2026-2027)')).toBeInTheDocument();
  });

  it('offers to retire a position with holders instead of a delete that cannot work', async () => {
    const fetchMock = stubApi({
      session,
      '/api/positions': positionList([position({ holders: 2 })], 1, 1),
      [`POST /api/positions/${position().id}/retirement`]: {
        body: { position: position({ holders: 2, retiredAt: '2026-11-20T10:00:00.000Z' }) },
      },
    });
    renderApp('/cosa');
    const card = await cardOf('Design Lead');
    await chooseAction(card, 'Design Lead', 'Delete');
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete Design Lead?' }));
    expect(
      dialog.getByText(
        'This position has holders, so it cannot be deleted. Retire it instead: it keeps its history and takes no new holders.',
      ),
    ).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Delete position' })).not.toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Retire position' }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, 'POST', `/api/positions/${position().id}/retirement`)).toHaveLength(
        1,
      ),
    );
    expect(sentBodies(fetchMock, 'DELETE', `/api/positions/${position().id}`)).toEqual([]);
  });

  it("shows the server's reason when an edit of the count conflicts, not 'try again'", async () => {
    const message =
      '2 active holders fill this position in 2026-2027; end some holdings before lowering the count.';
    stubApi({
      session,
      '/api/positions': positionList([position()], 1, 1),
      [`PUT /api/positions/${position().id}`]: {
        status: 409,
        body: { error: { code: 'CONFLICT', message, fields: { positionCount: message } } },
      },
    });
    renderApp('/cosa');
    const card = await cardOf('Design Lead');
    await chooseAction(card, 'Design Lead', 'Edit');
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Design Lead' }));
    // The form loads when the dialog first opens, if the browser was not idle before.
    await userEvent.click(await dialog.findByRole('button', { name: 'Save changes' }));
    // The line above the form, then the one under the count.
    await waitFor(() =>
      expect(dialog.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([message, message]),
    );
    expect(dialog.queryByText('Failed to update position. Please try again.')).not.toBeInTheDocument();
  });
});

describe('/cosa, View Position Holders (POR)', { timeout: 30_000 }, () => {
  const serveHolders = (items: HolderRow[], replies: Parameters<typeof stubApi>[0] = {}) =>
    stubApi({
      session,
      '/api/positions': positionList([], 0, 0),
      '/api/position-holders': holderList(items, items.length + 4, items.length + 9),
      ...replies,
    });

  it("says 'Showing X of Y position holders', and marks a declined claim and a coordinator's appointment", async () => {
    serveHolders([
      holder(),
      holder({
        id: '00000000-0000-4000-8000-0000000000d2',
        porCode: 'POR-00018',
        user: { ...holder().user, name: 'Kiran Rao' },
        verification: 'declined',
        declineReason: 'No such post.',
        status: 'terminated',
      }),
      holder({
        id: '00000000-0000-4000-8000-0000000000d3',
        porCode: 'POR-00019',
        user: { ...holder().user, name: 'Rohan Mehta' },
        verification: 'pending',
      }),
    ]);
    renderApp('/cosa');
    await userEvent.click(
      await screen.findByRole('tab', { name: 'View Position Holders (POR)' }, firstRender),
    );
    const declined = await cardOf('Kiran Rao');
    expect(screen.getByText('Showing 7 of 12 position holders')).toBeInTheDocument();
    expect(declined.getByText('Declined')).toBeInTheDocument();
    expect(declined.queryByText('Terminated')).not.toBeInTheDocument();
    const pending = await cardOf('Rohan Mehta');
    expect(
      pending.getByText("Appointed by the club's coordinator: awaiting verification"),
    ).toBeInTheDocument();
    expect(pending.getByText('Active')).toBeInTheDocument();
  });

  it("offers the list's CSV as a download carrying the filters in force", async () => {
    serveHolders([holder()]);
    renderApp('/cosa');
    await userEvent.click(
      await screen.findByRole('tab', { name: 'View Position Holders (POR)' }, firstRender),
    );
    await cardOf('Asha Verma');
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/position-holders/export',
    );
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Completed');
    await userEvent.selectOptions(screen.getByLabelText('Tenure year'), '2026-2027');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
        'href',
        '/api/position-holders/export?status=completed&tenureYear=2026-2027',
      ),
    );
  });

  it('asks about a shortfall inside the edit dialog, with no second dialog, and saves once confirmed', async () => {
    const path = `/api/position-holders/${holder().id}`;
    let calls = 0;
    const fetchMock = serveHolders([holder()], {
      [`PUT ${path}`]: () => {
        calls += 1;
        return calls === 1
          ? {
              status: 409,
              body: {
                error: {
                  code: 'REQUIREMENTS_NOT_MET',
                  message: 'This person does not meet the requirements of the position.',
                  fields: { cgpa: "CGPA on the institute's record below the minimum 7.5" },
                },
              },
            }
          : { body: { holder: holder() } };
      },
    });
    renderApp('/cosa');
    await userEvent.click(
      await screen.findByRole('tab', { name: 'View Position Holders (POR)' }, firstRender),
    );
    const card = await cardOf('Asha Verma');
    await chooseAction(card, 'POR-00017', 'Edit');
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit POR-00017' }));
    // The form loads when the dialog first opens, if the browser was not idle before.
    await userEvent.click(await dialog.findByRole('button', { name: 'Save changes' }));
    const group = await dialog.findByRole('group', {
      name: 'This person does not meet the requirements of the position.',
    });
    const question = within(group);
    expect(
      question.getByText("CGPA on the institute's record below the minimum 7.5"),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(group).toHaveFocus();
    await userEvent.click(question.getByRole('button', { name: 'Appoint anyway' }));
    await waitFor(() => expect(sentBodies(fetchMock, 'PUT', path)).toHaveLength(2));
    expect(sentBodies(fetchMock, 'PUT', path)[1]).toMatchObject({ confirm: true });
  });
});
