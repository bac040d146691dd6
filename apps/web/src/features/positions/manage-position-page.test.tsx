import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPages } from '../../../test/load-pages';
import { makeUser, renderApp, sentBodies, stubApi } from '../../../test/render-app';

const student = makeUser();
const session = { body: { user: student } };
const firstRender = { timeout: 10_000 };

const POSITION_ID = '10000000-0000-4000-8000-000000000001';
const OFFICIAL_ID = '20000000-0000-4000-8000-000000000002';

type Record_ = Record<string, unknown>;

function holder(overrides: Record_ = {}): Record_ {
  return {
    id: '30000000-0000-4000-8000-000000000003',
    porCode: 'POR-0001',
    position: {
      id: POSITION_ID,
      positionCode: 'POS-001',
      title: 'Cultural Secretary',
      unit: {
        id: '40000000-0000-4000-8000-000000000004',
        name: 'Cultural Council',
        category: 'cultural',
      },
    },
    tenureYear: '2024-2025',
    status: 'active',
    appointment: { appointedBy: { id: OFFICIAL_ID, name: 'Rohan Mehta' }, date: '2024-07-01' },
    metrics: { eventsOrganized: 4, budgetUtilized: 12500.4, feedback: 'Ran the fest well' },
    verification: 'verified',
    declineReason: null,
    createdAt: '2024-07-02T06:30:00.000Z',
    updatedAt: '2024-07-02T09:00:00.000Z',
    ...overrides,
  };
}

function page(items: Record_[], extra: Record_ = {}) {
  return {
    body: {
      items,
      total: items.length,
      overall: items.length,
      page: 1,
      pageSize: 20,
      tenureYears: ['2024-2025', '2023-2024'],
      ...extra,
    },
  };
}

/** The query of every list request, oldest first. */
function listQueries(fetchMock: ReturnType<typeof stubApi>): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/me/positions')
    .map((url) => url.searchParams);
}

const lastQuery = (fetchMock: ReturnType<typeof stubApi>) =>
  Object.fromEntries(listQueries(fetchMock).at(-1) ?? []);

const cardOf = async (title: string) =>
  screen.findByRole('region', { name: new RegExp(`^${title}`) }, firstRender);

beforeAll(loadPages, 30_000);

describe('/manage-position: the list', { timeout: 20_000 }, () => {
  it("shows each position's card with its appointment, metrics in rupees without decimals, and 'Showing X of Y positions'", async () => {
    stubApi({ session, '/api/me/positions': page([holder()], { total: 1, overall: 3 }) });
    renderApp('/manage-position');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Manage Positions' }, firstRender),
    ).toBeInTheDocument();
    const card = within(await cardOf('Cultural Secretary'));
    expect(card.getByRole('heading', { name: 'Cultural Secretary' })).toBeInTheDocument();
    expect(card.getByText('Cultural Council')).toBeInTheDocument();
    expect(card.getByText('Tenure 2024-2025')).toBeInTheDocument();
    expect(card.getByText('Active')).toBeInTheDocument();
    expect(card.getByText('Rohan Mehta')).toBeInTheDocument();
    expect(card.getByText('Jul 1, 2024')).toBeInTheDocument();
    expect(card.getByText('4')).toBeInTheDocument();
    expect(card.getByText('₹12,500')).toBeInTheDocument();
    expect(card.getByText('Ran the fest well')).toBeInTheDocument();
    expect(card.getByText('Jul 2, 2024')).toBeInTheDocument();
    // Created and updated on the same day: the updated date is not shown.
    expect(card.queryByText('Updated:')).not.toBeInTheDocument();
    expect(card.queryByText('Self-declared: awaiting verification')).not.toBeInTheDocument();
    expect(screen.getByText('Showing 1 of 3 positions')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '+ Add a Position' })).toBeInTheDocument();
  });

  it("groups rupees the Indian way, shows the updated date when it differs by a day, and marks self-declared, coordinator's and declined records", async () => {
    stubApi({
      session,
      '/api/me/positions': page([
        holder({
          verification: 'self_declared',
          metrics: { eventsOrganized: 0, budgetUtilized: 1234567.89, feedback: null },
          updatedAt: '2024-08-15T10:00:00.000Z',
        }),
        holder({
          id: '30000000-0000-4000-8000-000000000005',
          position: { id: POSITION_ID, positionCode: 'POS-002', title: 'Sports Secretary', unit: null },
          verification: 'declined',
          declineReason: 'No such post in 2024-2025.',
          status: 'terminated',
        }),
        holder({
          id: '30000000-0000-4000-8000-000000000006',
          position: { id: POSITION_ID, positionCode: 'POS-003', title: 'Design Lead', unit: null },
          verification: 'pending',
        }),
      ]),
    });
    renderApp('/manage-position');
    const first = within(await cardOf('Cultural Secretary'));
    expect(first.getByText('₹12,34,568')).toBeInTheDocument();
    expect(first.getByText('Updated:')).toBeInTheDocument();
    expect(first.getByText('Aug 15, 2024')).toBeInTheDocument();
    expect(first.getByText('Self-declared: awaiting verification')).toBeInTheDocument();
    expect(first.getByText('N/A')).toBeInTheDocument();
    const second = within(await cardOf('Sports Secretary'));
    expect(second.getByText('Unknown Department')).toBeInTheDocument();
    expect(second.getByText('Declined')).toBeInTheDocument();
    expect(second.getByText('No such post in 2024-2025.')).toBeInTheDocument();
    expect(second.queryByText('Self-declared: awaiting verification')).not.toBeInTheDocument();
    // A declined claim never held the position: its verification shows, not a status.
    expect(second.queryByText('Terminated')).not.toBeInTheDocument();
    const third = within(await cardOf('Design Lead'));
    expect(
      third.getByText("Appointed by the club's coordinator: awaiting verification"),
    ).toBeInTheDocument();
    expect(third.getByText('Active')).toBeInTheDocument();
  });

  it("falls back to 'Unknown Position', 'Unknown Department' and 'N/A' for what is missing", async () => {
    stubApi({ session, '/api/me/positions': page([holder({ position: null, appointment: null })]) });
    renderApp('/manage-position');
    const card = within(await cardOf('Unknown Position'));
    expect(card.getByRole('heading', { name: 'Unknown Position' })).toBeInTheDocument();
    expect(card.getByText('Unknown Department')).toBeInTheDocument();
    expect(card.getAllByText('N/A')).toHaveLength(2);
  });

  it("says 'You haven't been assigned any positions yet.' when the student has none", async () => {
    stubApi({ session, '/api/me/positions': page([]) });
    renderApp('/manage-position');
    expect(
      await screen.findByText("You haven't been assigned any positions yet.", {}, firstRender),
    ).toBeInTheDocument();
    expect(screen.queryByText('No positions match your current filters.')).not.toBeInTheDocument();
    expect(screen.getByText('Showing 0 of 0 positions')).toBeInTheDocument();
  });

  it("says 'No positions match your current filters.' when the filters leave nothing", async () => {
    stubApi({ session, '/api/me/positions': page([], { overall: 3 }) });
    renderApp('/manage-position?status=terminated');
    expect(
      await screen.findByText('No positions match your current filters.', {}, firstRender),
    ).toBeInTheDocument();
    expect(screen.queryByText("You haven't been assigned any positions yet.")).not.toBeInTheDocument();
    expect(screen.getByText('Showing 0 of 3 positions')).toBeInTheDocument();
  });

  it("shows 'Failed to fetch positions' in a red box when the list cannot load", async () => {
    stubApi({
      session,
      '/api/me/positions': {
        status: 500,
        body: { error: { code: 'INTERNAL', message: 'Something went wrong.' } },
      },
    });
    renderApp('/manage-position');
    expect(await screen.findByRole('alert', {}, firstRender)).toHaveTextContent(
      'Failed to fetch positions',
    );
  });

  it('shows a spinner while the list loads', async () => {
    stubApi({ session, '/api/me/positions': 'pending' });
    renderApp('/manage-position');
    expect(
      (await screen.findByText('Loading positions', {}, firstRender)).closest('[role="status"]'),
    ).toBeInTheDocument();
  });

  it('sends the filters in the address to the server', async () => {
    const fetchMock = stubApi({ session, '/api/me/positions': page([holder()]) });
    renderApp('/manage-position?q=fest&status=completed&tenureYear=2023-2024&page=2');
    await cardOf('Cultural Secretary');
    expect(lastQuery(fetchMock)).toEqual({
      q: 'fest',
      status: 'completed',
      tenureYear: '2023-2024',
      page: '2',
      pageSize: '20',
    });
    expect(screen.getByLabelText('Search positions')).toHaveValue('fest');
    expect(screen.getByLabelText('Status')).toHaveValue('completed');
    expect(screen.getByLabelText('Tenure year')).toHaveValue('2023-2024');
  });

  it('sends the search once typing rests, and the status and tenure year as chosen, going back to page 1', async () => {
    const fetchMock = stubApi({ session, '/api/me/positions': page([holder()]) });
    renderApp('/manage-position?page=2');
    await cardOf('Cultural Secretary');
    expect(lastQuery(fetchMock)).toEqual({ page: '2', pageSize: '20' });

    const status = screen.getByLabelText('Status');
    expect(
      within(status)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All', 'Active', 'Completed', 'Terminated']);
    const tenure = screen.getByLabelText('Tenure year');
    expect(
      within(tenure)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All', '2024-2025', '2023-2024']);

    await userEvent.type(screen.getByLabelText('Search positions'), 'secretary');
    await waitFor(() =>
      expect(lastQuery(fetchMock)).toEqual({ q: 'secretary', page: '1', pageSize: '20' }),
    );
    // Debounced: the half-typed words were never sent.
    expect(
      listQueries(fetchMock)
        .filter((query) => query.has('q'))
        .map((query) => query.get('q')),
    ).toEqual(['secretary']);

    await userEvent.selectOptions(status, 'Completed');
    await waitFor(() =>
      expect(lastQuery(fetchMock)).toEqual({
        q: 'secretary',
        status: 'completed',
        page: '1',
        pageSize: '20',
      }),
    );
    await userEvent.selectOptions(tenure, '2023-2024');
    await waitFor(() =>
      expect(lastQuery(fetchMock)).toEqual({
        q: 'secretary',
        status: 'completed',
        tenureYear: '2023-2024',
        page: '1',
        pageSize: '20',
      }),
    );
    await userEvent.selectOptions(status, 'All');
    await waitFor(() =>
      expect(lastQuery(fetchMock)).toEqual({
        q: 'secretary',
        tenureYear: '2023-2024',
        page: '1',
        pageSize: '20',
      }),
    );
  });

  it('pages through more than a page of positions', async () => {
    const fetchMock = stubApi({
      session,
      '/api/me/positions': page([holder()], { total: 45, overall: 45 }),
    });
    renderApp('/manage-position');
    await cardOf('Cultural Secretary');
    const pager = screen.getByRole('navigation', { name: 'Positions pages' });
    expect(within(pager).getByText('Page 1 of 3')).toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastQuery(fetchMock)).toEqual({ page: '2', pageSize: '20' }));
    expect(await within(pager).findByText('Page 2 of 3')).toBeInTheDocument();
  });

  it('shows no pager when everything fits on one page', async () => {
    stubApi({ session, '/api/me/positions': page([holder()], { total: 20, overall: 20 }) });
    renderApp('/manage-position');
    await cardOf('Cultural Secretary');
    expect(screen.queryByRole('navigation', { name: 'Positions pages' })).not.toBeInTheDocument();
  });
});

const positionsLookup = {
  body: { items: [{ id: POSITION_ID, label: 'Cultural Secretary', detail: 'Cultural Council' }] },
};
const officialsLookup = {
  body: { items: [{ id: OFFICIAL_ID, label: 'Rohan Mehta', detail: 'PRESIDENT' }] },
};

async function openDialog() {
  await userEvent.click(await screen.findByRole('button', { name: '+ Add a Position' }, firstRender));
  return within(await screen.findByRole('dialog', { name: 'Add New Position-holder' }));
}

async function pick(dialog: ReturnType<typeof within>, label: string, option: RegExp) {
  await userEvent.click(dialog.getByRole('combobox', { name: label }));
  await userEvent.click(await dialog.findByRole('option', { name: option }));
}

const create = (dialog: ReturnType<typeof within>) =>
  userEvent.click(dialog.getByRole('button', { name: 'Create Position' }));

describe('/manage-position: adding a position', { timeout: 20_000 }, () => {
  it('opens the Add New Position-holder form for the student themself, explaining the record awaits verification', async () => {
    stubApi({ session, '/api/me/positions': page([]) });
    renderApp('/manage-position');
    const dialog = await openDialog();
    expect(dialog.getByLabelText('Position holder')).toHaveValue('Asha Verma');
    expect(dialog.getByLabelText('Position holder')).toHaveAttribute('readonly');
    expect(dialog.queryByRole('combobox', { name: /User/ })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog')).toHaveAccessibleDescription(
      'Your record shows as self-declared until an official verifies it.',
    );
    expect(dialog.getByLabelText(/^Status/)).toHaveValue('active');
    // Newest tenure first, as on /cosa/create: this year's and the next down to 2016-2017.
    const year = new Date().getFullYear();
    const tenures = within(dialog.getByLabelText(/^Tenure year/))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(tenures.slice(0, 3)).toEqual([
      'Select tenure year',
      `${year}-${year + 1}`,
      `${year - 1}-${year}`,
    ]);
    expect(tenures.at(-1)).toBe('2016-2017');
    expect(dialog.getByLabelText('Appointment date')).toHaveAttribute('min', '2016-01-01');
    expect(dialog.getByLabelText(/^Events organized/)).toHaveAttribute('min', '0');
    expect(dialog.getByLabelText(/^Budget utilized/)).toHaveAttribute('step', '0.01');
  });

  it('shows the required messages and sends nothing', async () => {
    const fetchMock = stubApi({ session, '/api/me/positions': page([]) });
    renderApp('/manage-position');
    const dialog = await openDialog();
    await userEvent.selectOptions(dialog.getByLabelText(/^Status/), '');
    await create(dialog);
    expect(await dialog.findByText('Position selection is required')).toBeInTheDocument();
    expect(dialog.getByText('Tenure year is required')).toBeInTheDocument();
    expect(dialog.getByText('Status is required')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/me/positions')).toEqual([]);
  });

  it('wants appointed-by with an appointment date and non-negative metrics, and clears a message when its field is edited', async () => {
    const fetchMock = stubApi({
      session,
      '/api/me/positions': page([]),
      '/api/lookup/positions': positionsLookup,
      '/api/lookup/officials': officialsLookup,
    });
    renderApp('/manage-position');
    const dialog = await openDialog();
    await pick(dialog, 'Position', /Cultural Secretary/);
    await userEvent.selectOptions(dialog.getByLabelText(/^Tenure year/), '2024-2025');
    await userEvent.type(dialog.getByLabelText('Appointment date'), '2024-07-01');
    await userEvent.type(dialog.getByLabelText(/^Events organized/), '-1');
    await userEvent.type(dialog.getByLabelText(/^Budget utilized/), '-5');
    await create(dialog);
    expect(
      await dialog.findByText('Appointed by is required when appointment date is provided'),
    ).toBeInTheDocument();
    expect(dialog.getByText('Events organized cannot be negative')).toBeInTheDocument();
    expect(dialog.getByText('Budget utilized cannot be negative')).toBeInTheDocument();
    expect(dialog.queryByText('Position selection is required')).not.toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/me/positions')).toEqual([]);

    await userEvent.type(dialog.getByLabelText(/^Events organized/), '2');
    expect(dialog.queryByText('Events organized cannot be negative')).not.toBeInTheDocument();
    expect(dialog.getByText('Budget utilized cannot be negative')).toBeInTheDocument();
    await pick(dialog, 'Appointed by', /Rohan Mehta/);
    expect(
      dialog.queryByText('Appointed by is required when appointment date is provided'),
    ).not.toBeInTheDocument();
  });

  it('sends blank metrics as 0, leaves out the empty appointment and feedback, then closes and reloads the list', async () => {
    let created = false;
    const fetchMock = stubApi({
      session,
      '/api/me/positions': () =>
        created ? page([holder({ verification: 'self_declared' })]) : page([]),
      'POST /api/me/positions': () => {
        created = true;
        return { status: 201, body: { position: holder({ verification: 'self_declared' }) } };
      },
      '/api/lookup/positions': positionsLookup,
    });
    renderApp('/manage-position');
    const dialog = await openDialog();
    await pick(dialog, 'Position', /Cultural Secretary/);
    await userEvent.selectOptions(dialog.getByLabelText(/^Tenure year/), '2024-2025');
    await create(dialog);
    expect(await screen.findByText('Position created successfully!')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/me/positions')).toEqual([
      {
        positionId: POSITION_ID,
        tenureYear: '2024-2025',
        status: 'active',
        metrics: { eventsOrganized: 0, budgetUtilized: 0 },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Self-declared: awaiting verification')).toBeInTheDocument();
    expect(listQueries(fetchMock).length).toBeGreaterThanOrEqual(2);
  });

  it('sends the appointment, the metrics and the feedback as entered', async () => {
    const fetchMock = stubApi({
      session,
      '/api/me/positions': page([]),
      'POST /api/me/positions': { status: 201, body: { position: holder() } },
      '/api/lookup/positions': positionsLookup,
      '/api/lookup/officials': officialsLookup,
    });
    renderApp('/manage-position');
    const dialog = await openDialog();
    await pick(dialog, 'Position', /Cultural Secretary/);
    await userEvent.selectOptions(dialog.getByLabelText(/^Tenure year/), '2024-2025');
    await userEvent.selectOptions(dialog.getByLabelText(/^Status/), 'Completed');
    await pick(dialog, 'Appointed by', /Rohan Mehta/);
    await userEvent.type(dialog.getByLabelText('Appointment date'), '2024-07-01');
    await userEvent.type(dialog.getByLabelText(/^Events organized/), '3');
    await userEvent.type(dialog.getByLabelText(/^Budget utilized/), '1500.50');
    await userEvent.type(dialog.getByLabelText('Feedback'), 'Ran the fest');
    await create(dialog);
    expect(await screen.findByText('Position created successfully!')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/me/positions')).toEqual([
      {
        positionId: POSITION_ID,
        tenureYear: '2024-2025',
        status: 'completed',
        appointment: { appointedById: OFFICIAL_ID, date: '2024-07-01' },
        metrics: { eventsOrganized: 3, budgetUtilized: 1500.5, feedback: 'Ran the fest' },
      },
    ]);
  });

  it("shows 'Failed to create position.' with the server's reason for a duplicate, and keeps the form open", async () => {
    stubApi({
      session,
      '/api/me/positions': page([]),
      'POST /api/me/positions': {
        status: 409,
        body: {
          error: { code: 'CONFLICT', message: 'You already hold this position for this tenure.' },
        },
      },
      '/api/lookup/positions': positionsLookup,
    });
    renderApp('/manage-position');
    const dialog = await openDialog();
    await pick(dialog, 'Position', /Cultural Secretary/);
    await userEvent.selectOptions(dialog.getByLabelText(/^Tenure year/), '2024-2025');
    await create(dialog);
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'Failed to create position. You already hold this position for this tenure.',
    );
    expect(screen.getByRole('dialog', { name: 'Add New Position-holder' })).toBeInTheDocument();
  });

  it("shows 'Failed to create position.' when the server cannot be reached, and the server's field message under its field", async () => {
    let reply: 'network-error' | { status: number; body: unknown } = 'network-error';
    stubApi({
      session,
      '/api/me/positions': page([]),
      'POST /api/me/positions': () => reply,
      '/api/lookup/positions': positionsLookup,
    });
    renderApp('/manage-position');
    const dialog = await openDialog();
    await pick(dialog, 'Position', /Cultural Secretary/);
    await userEvent.selectOptions(dialog.getByLabelText(/^Tenure year/), '2024-2025');
    await create(dialog);
    expect(await dialog.findByRole('alert')).toHaveTextContent(/^Failed to create position\.$/);

    reply = {
      status: 400,
      body: {
        error: {
          code: 'VALIDATION',
          message: 'Invalid input',
          fields: { 'metrics.eventsOrganized': 'Events organized cannot be negative' },
        },
      },
    };
    await create(dialog);
    expect(await dialog.findByText('Events organized cannot be negative')).toBeInTheDocument();
    expect(dialog.getByLabelText(/^Events organized/)).toHaveAccessibleDescription(
      'Events organized cannot be negative',
    );
  });
});
