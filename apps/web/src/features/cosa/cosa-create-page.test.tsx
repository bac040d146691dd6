import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPages } from '../../../test/load-pages';
import { makeUser, renderApp, sentBodies, stubApi } from '../../../test/render-app';

beforeAll(loadPages, 30_000);

const firstRender = { timeout: 10_000 };
const UNIT_ID = '00000000-0000-4000-8000-0000000000a1';
const USER_ID = '00000000-0000-4000-8000-0000000000b1';
const POSITION_ID = '00000000-0000-4000-8000-0000000000c1';
const emptyList = {
  items: [],
  total: 0,
  overall: 0,
  page: 1,
  pageSize: 20,
  departments: [],
  types: [],
  scope: { club: null, unlinked: false },
};
const position = {
  id: POSITION_ID,
  positionCode: 'POS-00001',
  title: 'Design Lead',
  unit: { id: UNIT_ID, name: 'Fine Arts Club', category: 'cultural' },
  positionType: 'Team Lead',
  positionCount: 1,
  description: null,
  responsibilities: ['Posters'],
  requirements: { minCgpa: 0, minYear: 1, skillsRequired: [] },
  activeHolders: 0,
  tenure: '2026-2027',
  holders: 0,
  retiredAt: null,
  createdAt: '2025-01-05T10:00:00.000Z',
  updatedAt: '2025-01-05T10:00:00.000Z',
  canChange: true,
  changeNote: null,
};

function serve(replies: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    session: { body: { user: makeUser({ role: 'PRESIDENT' }) } },
    '/api/positions': { body: { ...emptyList, items: [position], total: 1, overall: 1 } },
    '/api/lookup/units': {
      body: { items: [{ id: UNIT_ID, label: 'Fine Arts Club', detail: 'cultural' }] },
    },
    '/api/lookup/users': {
      body: { items: [{ id: USER_ID, label: 'Arjun Nair', detail: 'arjun · 22000001' }] },
    },
    'POST /api/positions': { status: 201, body: { position } },
    ...replies,
  });
}

async function choose(picker: RegExp, option: RegExp) {
  await userEvent.click(screen.getByRole('combobox', { name: picker }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('/cosa/create, Add Position', { timeout: 30_000 }, () => {
  it('shows each rule message, clears it when its field is edited, and sends the payload rules', async () => {
    const fetchMock = serve();
    renderApp('/cosa/create');
    const title = await screen.findByLabelText(/^Position title/, {}, firstRender);
    expect(screen.getByLabelText(/^Number of positions/)).toHaveValue(1);
    expect(screen.getByLabelText(/^Minimum CGPA/)).toHaveAttribute('step', '0.1');
    expect(
      within(screen.getByLabelText(/^Minimum year of study/))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['1st', '2nd', '3rd', '4th']);
    expect(
      within(screen.getByLabelText(/^Position type/))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Select a type',
      'Core Member',
      'Member',
      'Team Lead',
      'Coordinator',
      'Volunteer',
      'Intern',
      'Other',
    ]);
    await userEvent.clear(screen.getByLabelText(/^Number of positions/));
    await userEvent.type(screen.getByLabelText(/^Number of positions/), '0');
    await userEvent.clear(screen.getByLabelText(/^Minimum CGPA/));
    await userEvent.type(screen.getByLabelText(/^Minimum CGPA/), '11');
    await userEvent.click(screen.getByRole('button', { name: 'Create Position' }));
    for (const message of [
      'Position title is required',
      'Organizational unit is required',
      'Position type is required',
      'At least one responsibility is required',
      'CGPA must be between 0 and 10',
      'Position count must be at least 1',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    await userEvent.type(title, 'Design Lead');
    expect(screen.queryByText('Position title is required')).not.toBeInTheDocument();
    expect(screen.getByText('Position type is required')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText(/^Position type/), 'Other');
    await userEvent.click(screen.getByRole('button', { name: 'Create Position' }));
    expect(await screen.findByText('Please specify the position type')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Custom position type/), 'Photographer');
    expect(screen.queryByText('Please specify the position type')).not.toBeInTheDocument();

    // Rows: one responsibility stays; added rows can be removed; blank rows are dropped.
    expect(screen.getByRole('button', { name: 'Remove responsibility 1' })).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Responsibility 1'), 'Make posters');
    await userEvent.click(screen.getByRole('button', { name: 'Add responsibility' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add responsibility' }));
    await userEvent.type(screen.getByLabelText('Responsibility 3'), 'Run the stall');
    expect(screen.getByRole('button', { name: 'Remove responsibility 1' })).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Add skill' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add skill' }));
    await userEvent.type(screen.getByLabelText('Skill 1'), 'Figma');
    await userEvent.click(screen.getByRole('button', { name: 'Add skill' }));
    await userEvent.type(screen.getByLabelText('Skill 3'), 'Drop me');
    await userEvent.click(screen.getByRole('button', { name: 'Remove skill 3' }));
    expect(screen.queryByLabelText('Skill 3')).not.toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText(/^Number of positions/));
    await userEvent.type(screen.getByLabelText(/^Number of positions/), '2');
    await userEvent.clear(screen.getByLabelText(/^Minimum CGPA/));
    await userEvent.type(screen.getByLabelText(/^Minimum CGPA/), '7.5');
    await choose(/^Organizational unit/, /^Fine Arts Club/);
    await userEvent.click(screen.getByRole('button', { name: 'Create Position' }));

    await waitFor(() => expect(sentBodies(fetchMock, 'POST', '/api/positions')).toHaveLength(1));
    expect(sentBodies(fetchMock, 'POST', '/api/positions')[0]).toEqual({
      title: 'Design Lead',
      unitId: UNIT_ID,
      positionType: 'Photographer',
      positionCount: 2,
      description: null,
      responsibilities: ['Make posters', 'Run the stall'],
      requirements: { minCgpa: 7.5, minYear: 1, skillsRequired: ['Figma'] },
    });
    expect(await screen.findByText('Position created successfully!')).toBeInTheDocument();
    // The form starts again with the defaults.
    await waitFor(() => expect(screen.getByLabelText(/^Position title/)).toHaveValue(''));
    expect(screen.getByLabelText(/^Number of positions/)).toHaveValue(1);
  });

  it('shows the failure line when the server refuses', async () => {
    serve({
      'POST /api/positions': {
        status: 500,
        body: { error: { code: 'INTERNAL_ERROR', message: 'Something went wrong.' } },
      },
    });
    renderApp('/cosa/create');
    await userEvent.type(await screen.findByLabelText(/^Position title/, {}, firstRender), 'Lead');
    await choose(/^Organizational unit/, /^Fine Arts Club/);
    await userEvent.selectOptions(screen.getByLabelText(/^Position type/), 'Member');
    await userEvent.type(screen.getByLabelText('Responsibility 1'), 'Lead');
    await userEvent.click(screen.getByRole('button', { name: 'Create Position' }));
    expect(
      (await screen.findAllByText('Failed to create position. Please try again.')).length,
    ).toBeGreaterThan(0);
  });
});

describe('/cosa/create, Add Position Holder (POR)', { timeout: 30_000 }, () => {
  it('shows each rule message, clears it on edit, and sends a blank events count as 0 without an empty appointment', async () => {
    const holder = {
      id: '00000000-0000-4000-8000-0000000000d1',
      porCode: 'POR-00001',
      user: {
        id: USER_ID,
        name: 'Arjun Nair',
        email: 'arjun@iitbhilai.ac.in',
        username: 'arjun',
        studentId: '22000001',
      },
      position: {
        id: POSITION_ID,
        positionCode: 'POS-00001',
        title: 'Design Lead',
        retired: false,
        unit: position.unit,
      },
      tenureYear: '2024-2025',
      status: 'active',
      appointment: null,
      metrics: { eventsOrganized: 0, budgetUtilized: 0, feedback: null },
      verification: 'verified',
      declineReason: null,
      createdAt: '2025-01-05T10:00:00.000Z',
      updatedAt: '2025-01-05T10:00:00.000Z',
    };
    const fetchMock = serve({ 'POST /api/position-holders': { status: 201, body: { holder } } });
    renderApp('/cosa/create');
    await userEvent.click(
      await screen.findByRole('tab', { name: 'Add Position Holder (POR)' }, firstRender),
    );
    await userEvent.selectOptions(screen.getByLabelText(/^Status/), '');
    await userEvent.type(screen.getByLabelText(/^Appointment date/), '2025-07-01');
    await userEvent.type(screen.getByLabelText(/^Events organized/), '-1');
    // The budget is not typed: the form says where it comes from.
    expect(screen.queryByLabelText(/^Budget utilized/)).not.toBeInTheDocument();
    expect(screen.getByText('Budget utilized is read from the club money ledger.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create Position Holder' }));
    for (const message of [
      'User selection is required',
      'Position selection is required',
      'Tenure year is required',
      'Status is required',
      'Appointed by is required when appointment date is provided',
      'Events organized cannot be negative',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    await userEvent.selectOptions(screen.getByLabelText(/^Status/), 'active');
    expect(screen.queryByText('Status is required')).not.toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText(/^Appointment date/));
    expect(
      screen.queryByText('Appointed by is required when appointment date is provided'),
    ).not.toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText(/^Events organized/));
    await choose(/^User/, /^Arjun Nair/);
    await choose(/^Position/, /^Design Lead/);
    await userEvent.selectOptions(screen.getByLabelText(/^Tenure year/), '2024-2025');
    await userEvent.click(screen.getByRole('button', { name: 'Create Position Holder' }));
    await waitFor(() => expect(sentBodies(fetchMock, 'POST', '/api/position-holders')).toHaveLength(1));
    expect(sentBodies(fetchMock, 'POST', '/api/position-holders')[0]).toEqual({
      userId: USER_ID,
      positionId: POSITION_ID,
      tenureYear: '2024-2025',
      status: 'active',
      metrics: { eventsOrganized: 0 },
      confirm: false,
    });
    expect(await screen.findByText('Position Holder created successfully!')).toBeInTheDocument();
    // The form is not reset (spec section 8).
    expect(screen.getByLabelText(/^Tenure year/)).toHaveValue('2024-2025');
  });
});

describe('/cosa/create, the rows and the coordinator', { timeout: 30_000 }, () => {
  it('hands focus to the row before a removed one, or to the Add button when none is left', async () => {
    serve();
    renderApp('/cosa/create');
    await screen.findByLabelText(/^Position title/, {}, firstRender);
    await userEvent.click(screen.getByRole('button', { name: 'Add responsibility' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add responsibility' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove responsibility 3' }));
    await waitFor(() => expect(screen.getByLabelText('Responsibility 2')).toHaveFocus());
    await userEvent.click(screen.getByRole('button', { name: 'Remove responsibility 1' }));
    await waitFor(() => expect(screen.getByLabelText('Responsibility 1')).toHaveFocus());
    await userEvent.click(screen.getByRole('button', { name: 'Add skill' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove skill 1' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add skill' })).toHaveFocus());
  });

  it('shows a coordinator an error with Retry, never an open unit picker, when their club cannot be loaded', async () => {
    let failing = true;
    const club = { id: UNIT_ID, name: 'Fine Arts Club' };
    serve({
      session: { body: { user: makeUser({ role: 'CLUB_COORDINATOR' }) } },
      '/api/positions': () =>
        failing
          ? {
              status: 500,
              body: { error: { code: 'INTERNAL_ERROR', message: 'Something went wrong.' } },
            }
          : { body: { ...emptyList, scope: { club, unlinked: false } } },
    });
    renderApp('/cosa/create');
    expect(
      await screen.findByText(
        'Your club could not be loaded, so the forms cannot be shown. Please try again.',
        {},
        firstRender,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /^Organizational unit/ })).not.toBeInTheDocument();
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('combobox', { name: /^Organizational unit/ })).toBeDisabled();
    expect(
      screen.getByText(
        'Your appointments wait for a general secretary or the president to verify them; until then they take no seat and make nobody a member of the club.',
      ),
    ).toBeInTheDocument();
  });

  it('offers appointing officials only, and dates from 2016 to today', async () => {
    const fetchMock = serve({
      '/api/lookup/officials': {
        body: { items: [{ id: USER_ID, label: 'Meera Iyer', detail: 'meera' }] },
      },
    });
    renderApp('/cosa/create');
    await userEvent.click(
      await screen.findByRole('tab', { name: 'Add Position Holder (POR)' }, firstRender),
    );
    expect(screen.getByLabelText(/^Appointment date/)).toHaveAttribute('min', '2016-01-01');
    expect(screen.getByLabelText(/^Appointment date/).getAttribute('max')).toMatch(
      /^\d{4}-\d{2}-\d{2}$/,
    );
    await choose(/^Appointed by/, /^Meera Iyer/);
    const searched = fetchMock.mock.calls.map(
      ([input]) => new URL(String(input), 'http://localhost').pathname,
    );
    expect(searched).toContain('/api/lookup/officials');
    expect(searched).not.toContain('/api/lookup/users');
  });
});
