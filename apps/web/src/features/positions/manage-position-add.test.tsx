import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPages } from '../../../test/load-pages';
import { renderApp, sentBodies, stubApi } from '../../../test/render-app';
import {
  session,
  firstRender,
  POSITION_ID,
  OFFICIAL_ID,
  holder,
  page,
  listQueries,
} from '../../../test/position-fixtures';

beforeAll(loadPages, 30_000);

const positionsLookup = {
  body: { items: [{ id: POSITION_ID, label: 'Cultural Secretary', detail: 'Cultural Council' }] },
};
const officialsLookup = {
  body: { items: [{ id: OFFICIAL_ID, label: 'Rohan Mehta', detail: 'PRESIDENT' }] },
};

async function openDialog() {
  await userEvent.click(await screen.findByRole('button', { name: '+ Add a Position' }, firstRender));
  const dialog = within(await screen.findByRole('dialog', { name: 'Add New Position-holder' }));
  // The form loads apart from the page: once it shows, so does its Create Position button.
  await dialog.findByRole('button', { name: 'Create Position' });
  return dialog;
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
    // The form loads with the dialog when the browser was not idle before.
    expect(await dialog.findByLabelText('Position holder')).toHaveValue('Asha Verma');
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
    // The budget is not typed: the form says where it comes from.
    expect(dialog.queryByLabelText(/^Budget utilized/)).not.toBeInTheDocument();
    expect(dialog.getByText('Budget utilized is read from the club money ledger.')).toBeInTheDocument();
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

  it('wants appointed-by with an appointment date and a non-negative events count, and clears a message when its field is edited', async () => {
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
    await create(dialog);
    expect(
      await dialog.findByText('Appointed by is required when appointment date is provided'),
    ).toBeInTheDocument();
    expect(dialog.getByText('Events organized cannot be negative')).toBeInTheDocument();
    expect(dialog.queryByText('Position selection is required')).not.toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/me/positions')).toEqual([]);

    await userEvent.type(dialog.getByLabelText(/^Events organized/), '2');
    expect(dialog.queryByText('Events organized cannot be negative')).not.toBeInTheDocument();
    expect(
      dialog.getByText('Appointed by is required when appointment date is provided'),
    ).toBeInTheDocument();
    await pick(dialog, 'Appointed by', /Rohan Mehta/);
    expect(
      dialog.queryByText('Appointed by is required when appointment date is provided'),
    ).not.toBeInTheDocument();
  });

  it('sends a blank events count as 0, leaves out the empty appointment and feedback, then closes and reloads the list', async () => {
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
        metrics: { eventsOrganized: 0 },
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
    await userEvent.type(dialog.getByLabelText('Feedback'), 'Ran the fest');
    await create(dialog);
    expect(await screen.findByText('Position created successfully!')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/me/positions')).toEqual([
      {
        positionId: POSITION_ID,
        tenureYear: '2024-2025',
        status: 'completed',
        appointment: { appointedById: OFFICIAL_ID, date: '2024-07-01' },
        metrics: { eventsOrganized: 3, feedback: 'Ran the fest' },
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
