import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPages } from '../../../test/load-pages';
import { currentPath, makeUser, renderApp, sentBodies, stubApi } from '../../../test/render-app';
import { eventDetail, ROHAN_ID, TECH_FEST_ID, UNIT_ID } from './event-fixtures';

beforeAll(loadPages, 30_000);

// The first render of a lazy page in a file is cold; the query that waits for it waits longer.
const firstRender = { timeout: 10_000 };
const president = {
  body: {
    user: makeUser({
      id: '00000000-0000-4000-8000-000000000009',
      role: 'PRESIDENT',
      name: 'Meera Iyer',
    }),
  },
};
const eventPath = `/api/events/${TECH_FEST_ID}`;

function serve(
  event = eventDetail({ canEdit: true }),
  put: Parameters<typeof stubApi>[0][string] = {
    body: { event: eventDetail({ canEdit: true, title: 'Tech Fest 2026' }) },
  },
) {
  return stubApi({
    session: president,
    [`GET ${eventPath}`]: { body: { event } },
    [`PUT ${eventPath}`]: put,
    '/api/lookup/units': { body: { items: [{ id: UNIT_ID, label: 'Coding Club', detail: 'club' }] } },
    '/api/lookup/users': { body: { items: [{ id: ROHAN_ID, label: 'Rohan Das', detail: 'rohan' }] } },
  });
}

const field = (label: string | RegExp) => screen.getByLabelText(label);
const save = () => userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

describe('/events/{id}/edit', { timeout: 30_000 }, () => {
  it("fills the form with the event, its times on the institute's clock, and leads back to it", async () => {
    serve();
    renderApp(`/events/${TECH_FEST_ID}/edit`);
    expect(await screen.findByLabelText(/^Title/, {}, firstRender)).toHaveValue('Tech Fest');
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Event' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Back to the event' })).toHaveAttribute(
      'href',
      `/events/${TECH_FEST_ID}`,
    );
    const expected: [string | RegExp, string][] = [
      [/^Category/, 'technical'],
      ['Start date', '2026-12-01'],
      ['Start time', '18:30'],
      ['End date', '2026-12-01'],
      ['End time', '21:00'],
      ['Registration opens date', '2026-11-20'],
      ['Registration opens time', '10:00'],
      ['Registration closes date', '2026-11-30'],
      ['Registration closes time', '23:30'],
      [/^Mode/, 'hybrid'],
    ];
    for (const [label, value] of expected) expect(field(label), String(label)).toHaveValue(value);
    expect(field(/^Fees/)).toHaveValue(250);
    expect(field(/^Budget allocated/)).toHaveValue(150000);
    expect(field('Registration required')).toBeChecked();
    // The pickers' code loads once the form has shown.
    expect(await screen.findByRole('combobox', { name: /^Organizing unit/ })).toHaveValue('Coding Club');
    const chips = within(screen.getByRole('list', { name: 'Chosen organizers' }));
    expect(chips.getAllByRole('listitem').map((chip) => chip.textContent)).toEqual([
      'Asha Verma',
      'Rohan Das',
    ]);
  });

  it("saves the whole event, says 'Event updated.' and goes back to the event", async () => {
    const fetchMock = serve();
    renderApp(`/events/${TECH_FEST_ID}/edit`);
    const title = await screen.findByLabelText(/^Title/, {}, firstRender);
    await userEvent.clear(title);
    await userEvent.type(title, 'Tech Fest 2026');
    await userEvent.click(
      within(screen.getByRole('list', { name: 'Chosen organizers' })).getByRole('button', {
        name: 'Remove Asha Verma',
      }),
    );
    await save();
    expect(await screen.findByText('Event updated.')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'PUT', eventPath)).toEqual([
      {
        title: 'Tech Fest 2026',
        description: 'Three days of talks and hacks.',
        category: 'technical',
        type: 'Workshop',
        organizingUnitId: UNIT_ID,
        organizerIds: [ROHAN_ID],
        start: '2026-12-01T13:00:00.000Z',
        end: '2026-12-01T15:30:00.000Z',
        venue: 'Lecture Hall 1',
        mode: 'hybrid',
        registrationRequired: true,
        registrationStart: '2026-11-20T04:30:00.000Z',
        registrationEnd: '2026-11-30T18:00:00.000Z',
        registrationFees: 250,
        maxParticipants: 120,
        budgetAllocated: 150000,
        sponsors: ['Acme Corp', 'Globex'],
        eligibleBatchYears: [],
        eligiblePrograms: [],
        eligibleDisciplines: [],
        walkIns: false,
      },
    ]);
    await waitFor(() => expect(currentPath()).toBe(`/events/${TECH_FEST_ID}`));
  });

  it.each([
    [403, 'FORBIDDEN', "Only the event's creator or the president can change it."],
    [409, 'CONFLICT', 'This event is cancelled and can no longer be changed.'],
  ])("shows the server's refusal (%i)", async (status, code, message) => {
    serve(eventDetail({ canEdit: true }), { status, body: { error: { code, message } } });
    renderApp(`/events/${TECH_FEST_ID}/edit`);
    await screen.findByLabelText(/^Title/, {}, firstRender);
    await save();
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(currentPath()).toBe(`/events/${TECH_FEST_ID}/edit`);
  });

  it('says why when the event may not be changed, and shows no form', async () => {
    serve(eventDetail({ canEdit: false }));
    renderApp(`/events/${TECH_FEST_ID}/edit`);
    expect(
      await screen.findByText(
        "Only the event's creator or the president can change it.",
        {},
        firstRender,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
  });

  it("says 'Event not found.' when there is no such event", async () => {
    stubApi({
      session: president,
      [eventPath]: { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found' } } },
    });
    renderApp(`/events/${TECH_FEST_ID}/edit`);
    expect(await screen.findByText('Event not found.', {}, firstRender)).toBeInTheDocument();
  });
});
