import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPages } from '../../../test/load-pages';
import { currentPath, makeUser, renderApp, sentBodies, stubApi } from '../../../test/render-app';
import { eventDetail, ROHAN_ID, TECH_FEST_ID, UNIT_ID } from './event-fixtures';

beforeAll(loadPages, 30_000);

// The first render of a lazy page in a file is cold; the query that waits for it waits longer.
const firstRender = { timeout: 10_000 };
const gensec = { body: { user: makeUser({ role: 'GENSEC_SCITECH' }) } };
const ME_ID = '00000000-0000-4000-8000-000000000001';

function serve(
  post: Parameters<typeof stubApi>[0][string] = {
    status: 201,
    body: { event: eventDetail({ canEdit: true }) },
  },
) {
  return stubApi({
    session: gensec,
    'POST /api/events': post,
    [`/api/events/${TECH_FEST_ID}`]: { body: { event: eventDetail({ canEdit: true }) } },
    '/api/lookup/units': { body: { items: [{ id: UNIT_ID, label: 'Coding Club', detail: 'club' }] } },
    '/api/lookup/users': { body: { items: [{ id: ROHAN_ID, label: 'Rohan Das', detail: 'rohan' }] } },
  });
}

const field = (label: string | RegExp) => screen.getByLabelText(label);
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Create Event' }));
const posted = (fetchMock: ReturnType<typeof stubApi>) => sentBodies(fetchMock, 'POST', '/api/events');

async function choose(picker: RegExp, option: RegExp) {
  await userEvent.click(await screen.findByRole('combobox', { name: picker }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

async function fillRequired() {
  await userEvent.type(await screen.findByLabelText(/^Title/, {}, firstRender), 'Tech Fest');
  await userEvent.selectOptions(field(/^Category/), 'technical');
  await choose(/^Organizing unit/, /^Coding Club/);
}

describe('/add-event', { timeout: 30_000 }, () => {
  it('labels every control, dates and times included, and leads back to the dashboard', async () => {
    serve();
    renderApp('/add-event');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Create Event' }, firstRender),
    ).toBeInTheDocument();
    for (const label of [
      /^Title/,
      /^Description/,
      /^Category/,
      /^Type/,
      /^Venue/,
      /^Mode/,
      'Registration required',
      /^Budget allocated/,
    ])
      expect(field(label)).toBeInTheDocument();
    for (const name of ['Start', 'End']) {
      expect(field(`${name} date`)).toHaveAttribute('type', 'date');
      expect(field(`${name} time`)).toHaveAttribute('type', 'time');
    }
    expect(await screen.findByRole('combobox', { name: /^Organizing unit/ })).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: /^Organizers/ })).toBeInTheDocument();
    expect(field(/^Budget allocated/)).toHaveAttribute('step', '0.01');
    expect(
      within(field(/^Category/))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select a category', 'Cultural', 'Technical', 'Sports', 'Academic', 'Other']);
    expect(
      within(field(/^Mode/))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select a mode', 'Online', 'Offline', 'Hybrid']);
    expect(
      within(screen.getByRole('navigation', { name: 'Main menu' })).getByRole('link', {
        name: 'Dashboard',
      }),
    ).toHaveAttribute('href', '/gensec-tech');
    expect(
      within(screen.getByRole('navigation', { name: 'Main menu' })).getByRole('link', {
        name: 'Add event',
      }),
    ).toHaveAttribute('aria-current', 'page');
  });

  it('names each missing required field, sends nothing, and clears a message once its field is edited', async () => {
    const fetchMock = serve();
    renderApp('/add-event');
    await screen.findByLabelText(/^Title/, {}, firstRender);
    await submit();
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(screen.getByText('Category is required')).toBeInTheDocument();
    expect(screen.getByText('Organizing unit is required')).toBeInTheDocument();
    expect(field(/^Title/)).toHaveAccessibleDescription('Title is required');
    expect(
      await screen.findByRole('combobox', { name: /^Organizing unit/ }),
    ).toHaveAccessibleDescription('Organizing unit is required');
    expect(posted(fetchMock)).toEqual([]);

    await userEvent.type(field(/^Title/), 'T');
    expect(screen.queryByText('Title is required')).not.toBeInTheDocument();
    expect(screen.getByText('Category is required')).toBeInTheDocument();
  });

  it('shows the registration details only while registration is required', async () => {
    serve();
    renderApp('/add-event');
    const required = await screen.findByLabelText('Registration required', {}, firstRender);
    const registrationLabels = [
      'Registration opens date',
      'Registration opens time',
      'Registration closes date',
      'Registration closes time',
      /^Fees/,
      /^Max participants/,
    ];
    for (const label of registrationLabels)
      expect(screen.queryByLabelText(label)).not.toBeInTheDocument();
    await userEvent.click(required);
    for (const label of registrationLabels) expect(field(label)).toBeInTheDocument();
    expect(field('Registration opens date')).toHaveAttribute('type', 'date');
    expect(field('Registration closes time')).toHaveAttribute('type', 'time');
    await userEvent.click(required);
    for (const label of registrationLabels)
      expect(screen.queryByLabelText(label)).not.toBeInTheDocument();
  });

  it('refuses an end before the start, under the end, until the end is changed', async () => {
    const fetchMock = serve();
    renderApp('/add-event');
    await fillRequired();
    await userEvent.type(field('Start date'), '2026-12-01');
    await userEvent.type(field('Start time'), '18:30');
    await userEvent.type(field('End date'), '2026-12-01');
    await userEvent.type(field('End time'), '17:00');
    await submit();
    expect(await screen.findByText('The event must end after it starts.')).toBeInTheDocument();
    expect(field('End date')).toHaveAccessibleDescription('The event must end after it starts.');
    expect(field('End time')).toHaveAccessibleDescription('The event must end after it starts.');
    expect(posted(fetchMock)).toEqual([]);
    await userEvent.clear(field('End time'));
    expect(screen.queryByText('The event must end after it starts.')).not.toBeInTheDocument();
  });

  it('adds and removes sponsor rows, and sends the rows left', async () => {
    const fetchMock = serve();
    renderApp('/add-event');
    await fillRequired();
    for (const name of ['Acme Corp', 'Initech', 'Globex']) {
      await userEvent.click(screen.getByRole('button', { name: 'Add sponsor' }));
      await userEvent.type(screen.getAllByRole('textbox', { name: /^Sponsor \d/ }).at(-1)!, name);
    }
    expect(
      screen
        .getAllByRole('textbox', { name: /^Sponsor \d/ })
        .map((input) => (input as HTMLInputElement).value),
    ).toEqual(['Acme Corp', 'Initech', 'Globex']);
    await userEvent.click(screen.getByRole('button', { name: 'Remove sponsor 2' }));
    expect(
      screen
        .getAllByRole('textbox', { name: /^Sponsor \d/ })
        .map((input) => (input as HTMLInputElement).value),
    ).toEqual(['Acme Corp', 'Globex']);
    await submit();
    await waitFor(() => expect(posted(fetchMock)).toHaveLength(1));
    expect(posted(fetchMock)[0]).toMatchObject({ sponsors: ['Acme Corp', 'Globex'] });
  });

  it("sends every field, times as instants of the institute's clock, then says so and opens the new event", async () => {
    const fetchMock = serve();
    renderApp('/add-event');
    await fillRequired();
    await userEvent.type(field(/^Description/), 'Three days of talks and hacks.');
    await userEvent.type(field(/^Type/), 'Workshop');
    await choose(/^Organizers/, /^Me/);
    await choose(/^Organizers/, /^Rohan Das/);
    const chips = within(screen.getByRole('list', { name: 'Chosen organizers' }));
    expect(chips.getAllByRole('listitem').map((chip) => chip.textContent)).toEqual([
      'Asha Verma (me)',
      'Rohan Das',
    ]);
    await userEvent.type(field('Start date'), '2026-12-01');
    await userEvent.type(field('Start time'), '18:30');
    await userEvent.type(field('End date'), '2026-12-01');
    await userEvent.type(field('End time'), '21:00');
    await userEvent.type(field(/^Venue/), 'Lecture Hall 1');
    await userEvent.selectOptions(field(/^Mode/), 'hybrid');
    await userEvent.click(field('Registration required'));
    await userEvent.type(field('Registration opens date'), '2026-11-20');
    await userEvent.type(field('Registration opens time'), '10:00');
    await userEvent.type(field('Registration closes date'), '2026-11-30');
    await userEvent.type(field('Registration closes time'), '23:30');
    await userEvent.type(field(/^Fees/), '250');
    await userEvent.type(field(/^Max participants/), '120');
    await userEvent.type(field(/^Budget allocated/), '150000.50');
    await userEvent.click(screen.getByRole('button', { name: 'Add sponsor' }));
    await userEvent.type(field('Sponsor 1'), 'Acme Corp');
    await submit();

    expect(await screen.findByText('Event created successfully!')).toBeInTheDocument();
    expect(posted(fetchMock)).toEqual([
      {
        title: 'Tech Fest',
        description: 'Three days of talks and hacks.',
        category: 'technical',
        type: 'Workshop',
        organizingUnitId: UNIT_ID,
        organizerIds: [ME_ID, ROHAN_ID],
        start: '2026-12-01T13:00:00.000Z',
        end: '2026-12-01T15:30:00.000Z',
        venue: 'Lecture Hall 1',
        mode: 'hybrid',
        registrationRequired: true,
        registrationStart: '2026-11-20T04:30:00.000Z',
        registrationEnd: '2026-11-30T18:00:00.000Z',
        registrationFees: 250,
        maxParticipants: 120,
        budgetAllocated: 150000.5,
        sponsors: ['Acme Corp'],
        eligibleBatchYears: [],
        eligiblePrograms: [],
        eligibleDisciplines: [],
        walkIns: false,
      },
    ]);
    await waitFor(() => expect(currentPath()).toBe(`/events/${TECH_FEST_ID}`));
  });

  it('sends one request when Create Event is double-clicked', async () => {
    const fetchMock = serve();
    renderApp('/add-event');
    await fillRequired();
    await userEvent.dblClick(screen.getByRole('button', { name: 'Create Event' }));
    expect(await screen.findByText('Event created successfully!')).toBeInTheDocument();
    expect(posted(fetchMock)).toHaveLength(1);
  });

  it('sends blanks as null and leaves out registration details, even half-typed ones, once registration is no longer required', async () => {
    const fetchMock = serve();
    renderApp('/add-event');
    await fillRequired();
    await userEvent.click(field('Registration required'));
    await userEvent.type(field(/^Fees/), '250');
    // Half a date and time, then hidden: nothing hidden may stop the form.
    await userEvent.type(field('Registration opens date'), '2026-11-20');
    await userEvent.click(field('Registration required'));
    await submit();
    await waitFor(() => expect(posted(fetchMock)).toHaveLength(1));
    expect(posted(fetchMock)[0]).toEqual({
      title: 'Tech Fest',
      description: null,
      category: 'technical',
      type: null,
      organizingUnitId: UNIT_ID,
      organizerIds: [],
      start: null,
      end: null,
      venue: null,
      mode: null,
      registrationRequired: false,
      registrationStart: null,
      registrationEnd: null,
      registrationFees: null,
      maxParticipants: null,
      budgetAllocated: 0,
      sponsors: [],
      eligibleBatchYears: [],
      eligiblePrograms: [],
      eligibleDisciplines: [],
      walkIns: false,
    });
  });

  it("says 'Failed to create event.' and keeps what was typed when the server fails", async () => {
    serve({ status: 500, body: { error: { code: 'INTERNAL_ERROR', message: 'Internal error' } } });
    renderApp('/add-event');
    await fillRequired();
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to create event.');
    expect(field(/^Title/)).toHaveValue('Tech Fest');
    expect(currentPath()).toBe('/add-event');
  });

  it("puts the server's field messages under their fields", async () => {
    serve({
      status: 400,
      body: {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Please check the highlighted fields.',
          fields: { organizingUnitId: 'Please choose a unit from the list.' },
        },
      },
    });
    renderApp('/add-event');
    await fillRequired();
    await submit();
    expect(await screen.findByText('Failed to create event.')).toBeInTheDocument();
    expect(
      await screen.findByRole('combobox', { name: /^Organizing unit/ }),
    ).toHaveAccessibleDescription('Please choose a unit from the list.');
  });
});
