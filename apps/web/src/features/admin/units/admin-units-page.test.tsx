import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AdminUnit } from '@cosa/contracts';
import { toast } from '../../../lib/toast';
import { loadPages } from '../../../../test/load-pages';
import { makeUser, renderApp, sentBodies, stubApi } from '../../../../test/render-app';
import { buildUnitTree, parentChoices } from './unit-tree';

beforeAll(loadPages, 30_000);
afterEach(() => toast.dismiss());

const firstRender = { timeout: 10_000 };
const session = {
  body: {
    user: makeUser({
      id: '00000000-0000-4000-8000-00000000ad01',
      role: 'ADMIN',
      name: 'Priya Venkatesh',
      studentId: null,
      onboardingComplete: false,
    }),
  },
};
const APEX = '00000000-0000-4000-8000-0000000000c1';
const SCITECH = '00000000-0000-4000-8000-0000000000c2';
const ROBOTICS = '00000000-0000-4000-8000-0000000000c3';
const DRONES = '00000000-0000-4000-8000-0000000000c4';
const CHESS = '00000000-0000-4000-8000-0000000000c5';

const unit = (overrides: Partial<AdminUnit> & Pick<AdminUnit, 'id' | 'name'>): AdminUnit => ({
  code: 'UNIT-0001',
  type: 'club',
  parentId: SCITECH,
  description: null,
  category: 'technical',
  contactEmail: null,
  budgetAllocated: 50000,
  budgetSpent: 12000,
  retiredAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  counts: { positions: 3, openPositions: 2, holders: 4, coordinators: 1 },
  ...overrides,
});
const units = [
  unit({ id: APEX, name: 'Council of Student Activities', type: 'council', parentId: null }),
  unit({ id: SCITECH, name: 'Science & Technology Council', type: 'committee', parentId: APEX }),
  unit({ id: ROBOTICS, name: 'Robotics Club', contactEmail: 'robotics@iitbhilai.ac.in' }),
  unit({ id: DRONES, name: 'Drone Team', parentId: ROBOTICS }),
  unit({
    id: CHESS,
    name: 'Chess Club',
    retiredAt: '2026-02-01T00:00:00.000Z',
    counts: { positions: 1, openPositions: 0, holders: 0, coordinators: 0 },
  }),
];
const listed = (items: AdminUnit[]) => ({ body: { units: items } });

describe('the unit tree', () => {
  it('puts the apex council first, children by name, and offers as parents only units in use outside the unit', () => {
    const tree = buildUnitTree([...units].reverse());
    expect(tree.map((node) => node.unit.name)).toEqual(['Council of Student Activities']);
    expect(tree[0]!.children[0]!.children.map((node) => node.unit.name)).toEqual([
      'Chess Club',
      'Robotics Club',
    ]);
    expect(parentChoices(units, 'club', ROBOTICS).map((choice) => choice.name)).toEqual([
      'Council of Student Activities',
      'Science & Technology Council',
    ]);
    expect(parentChoices(units, 'committee').map((choice) => choice.name)).toEqual([
      'Council of Student Activities',
    ]);
    expect(parentChoices(units, 'council')).toEqual([]);
  });
});

describe('/admin/units', { timeout: 30_000 }, () => {
  it('lets a long unbroken unit name wrap inside its row (at 375 px it overflowed sideways)', async () => {
    const long = `Interdisciplinary${'Robotics'.repeat(12)}Club`.slice(0, 120);
    stubApi({
      session,
      '/api/admin/units': listed([...units.slice(0, 2), unit({ id: ROBOTICS, name: long })]),
    });
    renderApp('/admin/units');
    const row = within(await screen.findByRole('group', { name: long }, firstRender));
    // A flex item wraps a word longer than its row only when it may shrink (min-width 0) and break anywhere.
    expect(row.getByText(long)).toHaveClass('min-w-0', '[overflow-wrap:anywhere]');
  });

  it('shows the tree with retired units greyed and badged, and folds a branch', async () => {
    stubApi({ session, '/api/admin/units': listed(units) });
    renderApp('/admin/units');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Council and clubs' }, firstRender),
    ).toBeInTheDocument();
    expect(await screen.findByText('5 units, 1 retired')).toBeInTheDocument();
    const robotics = within(screen.getByRole('group', { name: 'Robotics Club' }));
    expect(
      robotics.getByText(
        '3 positions (2 open) · 4 holders · 1 coordinator · Budget this tenure ₹50,000 (₹12,000 spent)',
      ),
    ).toBeInTheDocument();
    expect(robotics.getByText(/robotics@iitbhilai\.ac\.in/)).toBeInTheDocument();
    const chess = within(screen.getByRole('group', { name: 'Chess Club (retired)' }));
    expect(chess.getByText('Retired')).toBeInTheDocument();
    expect(chess.getByRole('button', { name: 'Reinstate Chess Club' })).toBeInTheDocument();
    expect(chess.queryByRole('button', { name: /^Edit/ })).toBeNull();

    const fold = screen.getByRole('button', { name: 'Hide the 1 unit under Robotics Club' });
    expect(fold).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(fold);
    expect(screen.getByRole('button', { name: 'Show the 1 unit under Robotics Club' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(screen.queryByRole('group', { name: 'Drone Team' })).toBeNull();
  });

  it('shows the loading, empty and failed states', async () => {
    stubApi({ session, '/api/admin/units': 'pending' });
    const first = renderApp('/admin/units');
    expect(await screen.findByText('Loading units...', {}, firstRender)).toBeInTheDocument();
    first.unmount();
    stubApi({ session, '/api/admin/units': listed([]) });
    const second = renderApp('/admin/units');
    expect(await screen.findByText('No units yet', {}, firstRender)).toBeInTheDocument();
    expect(
      screen.getByText('Start with the apex council: every council and club sits under it.'),
    ).toBeInTheDocument();
    second.unmount();
    stubApi({
      session,
      '/api/admin/units': { status: 500, body: { error: { code: 'INTERNAL', message: 'Down' } } },
    });
    renderApp('/admin/units');
    expect(
      await screen.findByText('The units could not be loaded. Please try again.', {}, firstRender),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('adds a club under a council, showing the field messages first', async () => {
    const created = unit({
      id: '00000000-0000-4000-8000-0000000000c9',
      name: 'Astronomy Club',
      parentId: SCITECH,
    });
    const fetchMock = stubApi({
      session,
      '/api/admin/units': listed(units),
      'POST /api/admin/units': { status: 201, body: { unit: created } },
    });
    renderApp('/admin/units');
    await userEvent.click(await screen.findByRole('button', { name: 'Add unit' }, firstRender));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add a unit' }));
    // A unit's money is allocated on its budget lines, not typed with the unit.
    expect(dialog.queryByLabelText(/^Budget/)).toBeNull();
    await userEvent.type(dialog.getByLabelText(/^Contact e-mail/), 'astro@');
    await userEvent.click(dialog.getByRole('button', { name: 'Add unit' }));
    expect(await dialog.findByText('Name is required.')).toBeInTheDocument();
    expect(dialog.getByText('Enter a valid e-mail address.')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/admin/units')).toEqual([]);

    await userEvent.type(dialog.getByLabelText(/^Name/), 'Astronomy Club');
    const parent = dialog.getByLabelText(/^Sits under/);
    expect(
      within(parent)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Choose a unit',
      'Council of Student Activities (Apex council)',
      'Drone Team (Club)',
      'Robotics Club (Club)',
      'Science & Technology Council (Council)',
    ]);
    await userEvent.selectOptions(parent, SCITECH);
    await userEvent.type(dialog.getByLabelText(/^Contact e-mail/), 'iitbhilai.ac.in');
    await userEvent.click(dialog.getByRole('button', { name: 'Add unit' }));
    expect(await screen.findByText('Astronomy Club added.')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/admin/units')).toEqual([
      {
        name: 'Astronomy Club',
        type: 'club',
        parentId: SCITECH,
        description: null,
        category: null,
        contactEmail: 'astro@iitbhilai.ac.in',
      },
    ]);
  });

  it("edits a unit, sending only what changed, never offering itself or its own units as the parent, and shows the server's reason", async () => {
    const fetchMock = stubApi({
      session,
      '/api/admin/units': listed(units),
      [`PATCH /api/admin/units/${ROBOTICS}`]: {
        status: 409,
        body: {
          error: {
            code: 'CONFLICT',
            message: 'Another unit already has this name.',
            fields: { name: 'Another unit already has this name.' },
          },
        },
      },
    });
    renderApp('/admin/units');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Edit Robotics Club' }, firstRender),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Robotics Club' }));
    const parent = dialog.getByLabelText(/^Sits under/);
    expect(
      within(parent)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Choose a unit',
      'Council of Student Activities (Apex council)',
      'Science & Technology Council (Council)',
    ]);
    expect(
      dialog.getByText(
        /Budget this tenure: ₹50,000 allocated, ₹12,000 spent\. Money is allocated on the/,
      ),
    ).toBeInTheDocument();
    expect(dialog.getByRole('link', { name: 'budgets page' })).toHaveAttribute('href', '/money');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(
      await dialog.findByText('Nothing has changed yet. Change a field, or cancel.'),
    ).toBeInTheDocument();

    await userEvent.clear(dialog.getByLabelText(/^Name/));
    await userEvent.type(dialog.getByLabelText(/^Name/), 'Chess Club');
    await userEvent.selectOptions(parent, 'Council of Student Activities (Apex council)');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Another unit already has this name.')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'PATCH', `/api/admin/units/${ROBOTICS}`)).toEqual([
      { name: 'Chess Club', parentId: APEX },
    ]);
  });

  it('retires a unit after asking, and shows why the server refused', async () => {
    let reply: { status: number; body: unknown } = {
      status: 409,
      body: { error: { code: 'CONFLICT', message: 'Retire or move its units first: Drone Team.' } },
    };
    const fetchMock = stubApi({
      session,
      '/api/admin/units': listed(units),
      [`POST /api/admin/units/${ROBOTICS}/retirement`]: () => reply,
    });
    renderApp('/admin/units');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Retire Robotics Club' }, firstRender),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Retire Robotics Club?' }));
    expect(
      dialog.getByText(/leaves every picker, and its open positions are retired with it/),
    ).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Retire' }));
    expect(await dialog.findByText('Retire or move its units first: Drone Team.')).toBeInTheDocument();
    reply = {
      status: 200,
      body: { unit: { ...units[2], retiredAt: '2026-03-01T00:00:00.000Z' }, retiredPositions: 2 },
    };
    await userEvent.click(dialog.getByRole('button', { name: 'Retire' }));
    expect(await screen.findByText('Robotics Club retired.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      fetchMock.mock.calls.filter(
        ([input, init]) =>
          String(input) === `/api/admin/units/${ROBOTICS}/retirement` && init?.method === 'POST',
      ),
    ).toHaveLength(2);
  });
});
