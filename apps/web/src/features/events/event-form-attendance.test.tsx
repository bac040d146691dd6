import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPages } from '../../../test/load-pages';
import { makeUser, renderApp, sentBodies, stubApi } from '../../../test/render-app';
import { eventDetail, TECH_FEST_ID, UNIT_ID } from './event-fixtures';

beforeAll(loadPages, 30_000);

// Eligibility, walk-ins and the room request on the event form; a coordinator's proposal.

const firstRender = { timeout: 10_000 };
const president = { body: { user: makeUser({ role: 'PRESIDENT', name: 'Meera Iyer' }) } };
const coordinator = { body: { user: makeUser({ role: 'CLUB_COORDINATOR', name: 'Neha Kapoor' }) } };
const HALL_ID = '00000000-0000-4000-8000-0000000000a1';
const ROOM_ID = '00000000-0000-4000-8000-0000000000a2';
const CLUB_ID = '00000000-0000-4000-8000-0000000000d1';
const eventPath = `/api/events/${TECH_FEST_ID}`;

const rooms = {
  body: {
    rooms: [
      { id: HALL_ID, name: 'Lecture Hall 1', capacity: 120 },
      { id: ROOM_ID, name: 'Seminar Room', capacity: null },
    ],
  },
};
const refusal = (fields: Record<string, string>) => ({
  status: 400,
  body: {
    error: { code: 'VALIDATION_FAILED', message: 'Please check the highlighted fields.', fields },
  },
});

function serve(replies: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    session: president,
    'POST /api/events': { status: 201, body: { event: eventDetail({ canEdit: true }) } },
    [`GET ${eventPath}`]: { body: { event: eventDetail({ canEdit: true }) } },
    '/api/rooms': rooms,
    '/api/lookup/units': { body: { items: [{ id: UNIT_ID, label: 'Coding Club', detail: 'club' }] } },
    ...replies,
  });
}

const field = (label: string | RegExp) => screen.getByLabelText(label);
const posted = (fetchMock: ReturnType<typeof stubApi>) => sentBodies(fetchMock, 'POST', '/api/events');

async function fillRequired() {
  await userEvent.type(await screen.findByLabelText(/^Title/, {}, firstRender), 'Tech Fest');
  await userEvent.selectOptions(field(/^Category/), 'technical');
  await userEvent.click(await screen.findByRole('combobox', { name: /^Organizing unit/ }));
  await userEvent.click(await screen.findByRole('option', { name: /^Coding Club/ }));
}

describe('the event form: who may register, walk-ins, a room', { timeout: 30_000 }, () => {
  it('sends batch years, programs and disciplines with registration, and walk-ins', async () => {
    const fetchMock = serve();
    renderApp('/add-event');
    await fillRequired();
    expect(screen.queryByLabelText(/^Batch years/)).not.toBeInTheDocument();
    await userEvent.click(field('Registration required'));
    const programs = screen.getByRole('group', { name: 'Programs' });
    expect(
      within(programs)
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('value')),
    ).toEqual(['B.Tech', 'M.Tech', 'MSc', 'PhD', 'Other']);
    const disciplines = screen.getByRole('group', { name: 'Disciplines' });
    expect(within(disciplines).getAllByRole('checkbox')).toHaveLength(9);
    await userEvent.type(field(/^Batch years/), '2025, 2024 2025');
    await userEvent.click(within(programs).getByRole('checkbox', { name: 'B.Tech' }));
    await userEvent.click(within(programs).getByRole('checkbox', { name: 'MSc' }));
    await userEvent.click(
      within(disciplines).getByRole('checkbox', { name: 'Computer Science & Engineering' }),
    );
    await userEvent.click(field('Allow walk-ins at the door'));
    await userEvent.click(screen.getByRole('button', { name: 'Create Event' }));
    await waitFor(() => expect(posted(fetchMock)).toHaveLength(1));
    expect(posted(fetchMock)[0]).toMatchObject({
      registrationRequired: true,
      eligibleBatchYears: [2024, 2025],
      eligiblePrograms: ['B.Tech', 'MSc'],
      eligibleDisciplines: ['Computer Science & Engineering'],
      walkIns: true,
    });
    expect(posted(fetchMock)[0]).not.toHaveProperty('roomId');
  });

  it('refuses a batch year that is no year, under its field, and sends nothing', async () => {
    const fetchMock = serve();
    renderApp('/add-event');
    await fillRequired();
    await userEvent.click(field('Registration required'));
    await userEvent.type(field(/^Batch years/), '2024, next');
    await userEvent.click(screen.getByRole('button', { name: 'Create Event' }));
    expect(field(/^Batch years/)).toHaveAccessibleDescription(
      expect.stringContaining('Choose batch years between 2000 and 2100.'),
    );
    expect(posted(fetchMock)).toEqual([]);
  });

  it('leaves eligibility out once registration is no longer required', async () => {
    const fetchMock = serve();
    renderApp('/add-event');
    await fillRequired();
    await userEvent.click(field('Registration required'));
    await userEvent.type(field(/^Batch years/), '2024');
    await userEvent.click(
      within(screen.getByRole('group', { name: 'Programs' })).getByRole('checkbox', { name: 'PhD' }),
    );
    await userEvent.click(field('Registration required'));
    await userEvent.click(screen.getByRole('button', { name: 'Create Event' }));
    await waitFor(() => expect(posted(fetchMock)).toHaveLength(1));
    expect(posted(fetchMock)[0]).toMatchObject({
      registrationRequired: false,
      eligibleBatchYears: [],
      eligiblePrograms: [],
      eligibleDisciplines: [],
      walkIns: false,
    });
  });

  it('asks for a chosen room, and shows the server’s refusal under the room', async () => {
    const fetchMock = serve({
      'POST /api/events': refusal({
        roomId: 'A room can be requested for an event that starts and ends on the same day.',
      }),
    });
    renderApp('/add-event');
    await fillRequired();
    const room = await screen.findByRole('combobox', { name: 'Room' });
    expect(
      within(room)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['No room', 'Lecture Hall 1 (120 seats)', 'Seminar Room']);
    await userEvent.selectOptions(room, HALL_ID);
    await userEvent.click(screen.getByRole('button', { name: 'Create Event' }));
    await waitFor(() => expect(posted(fetchMock)).toHaveLength(1));
    expect(posted(fetchMock)[0]).toMatchObject({ roomId: HALL_ID });
    expect(await screen.findByText('Failed to create event.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Room' })).toHaveAccessibleDescription(
      expect.stringContaining(
        'A room can be requested for an event that starts and ends on the same day.',
      ),
    );
  });

  it('offers no room when the rooms cannot be read', async () => {
    serve({
      '/api/rooms': { status: 403, body: { error: { code: 'FORBIDDEN', message: 'Forbidden' } } },
    });
    renderApp('/add-event');
    await fillRequired();
    expect(screen.queryByRole('combobox', { name: 'Room' })).not.toBeInTheDocument();
  });

  it('fills eligibility and walk-ins when editing, and offers no room there', async () => {
    const fetchMock = serve({
      [`GET ${eventPath}`]: {
        body: {
          event: eventDetail({
            canEdit: true,
            eligibility: { batchYears: [2023, 2024], programs: ['M.Tech'], disciplines: ['Physics'] },
            walkIns: true,
          }),
        },
      },
      [`PUT ${eventPath}`]: { body: { event: eventDetail({ canEdit: true }) } },
    });
    renderApp(`/events/${TECH_FEST_ID}/edit`);
    expect(await screen.findByLabelText(/^Batch years/, {}, firstRender)).toHaveValue('2023, 2024');
    expect(screen.getByRole('checkbox', { name: 'M.Tech' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'B.Tech' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Physics' })).toBeChecked();
    expect(field('Allow walk-ins at the door')).toBeChecked();
    expect(screen.queryByRole('combobox', { name: 'Room' })).not.toBeInTheDocument();
    await userEvent.click(field('Allow walk-ins at the door'));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sentBodies(fetchMock, 'PUT', eventPath)).toHaveLength(1));
    expect(sentBodies(fetchMock, 'PUT', eventPath)[0]).toMatchObject({
      eligibleBatchYears: [2023, 2024],
      eligiblePrograms: ['M.Tech'],
      eligibleDisciplines: ['Physics'],
      walkIns: false,
    });
  });
});

describe('a club coordinator’s proposal', { timeout: 30_000 }, () => {
  const club = {
    unit: {
      id: CLUB_ID,
      unitCode: 'UNIT-0007',
      pageSlug: null,
      name: 'Music Club',
      description: null,
      category: 'cultural',
      contactEmail: null,
      budgetAllocated: 0,
      budgetSpent: 0,
      budgetTenure: '2026-2027',
    },
    stats: {
      activeMembers: 0,
      totalEvents: 0,
      upcomingEvents: 0,
      pendingReviews: { achievements: 0, userSkills: 0, positions: 0, total: 0 },
    },
    recentEvents: [],
    pendingAchievements: [],
    feedback: { items: [], total: 0 },
  };

  it('says the proposal goes to the general secretary, and offers the rooms to ask for', async () => {
    stubApi({
      session: coordinator,
      '/api/clubs/mine': { body: { club } },
      '/api/rooms': rooms,
      'POST /api/events': { status: 201, body: { event: eventDetail({ approval: 'proposed' }) } },
      [eventPath]: { body: { event: eventDetail({ approval: 'proposed' }) } },
    });
    renderApp('/add-event');
    await userEvent.type(await screen.findByLabelText(/^Title/, {}, firstRender), 'Spring Concert');
    await userEvent.selectOptions(field(/^Category/), 'cultural');
    expect(await screen.findByRole('option', { name: 'Seminar Room' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create Event' }));
    expect(
      await screen.findByText('Event proposed. The general secretary of your council will review it.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Event created successfully!')).not.toBeInTheDocument();
  });

  it("keeps their club's event with their club when editing", async () => {
    stubApi({
      session: coordinator,
      [`GET ${eventPath}`]: { body: { event: eventDetail({ canEdit: true }) } },
    });
    renderApp(`/events/${TECH_FEST_ID}/edit`);
    const unit = await screen.findByLabelText(/^Organizing unit/, {}, firstRender);
    expect(unit).toHaveValue('Coding Club');
    expect(unit).toHaveAttribute('readonly');
  });

  it('says a rejected proposal can no longer be changed, and shows no form', async () => {
    stubApi({
      session: coordinator,
      [`GET ${eventPath}`]: { body: { event: eventDetail({ canEdit: true, approval: 'rejected' }) } },
    });
    renderApp(`/events/${TECH_FEST_ID}/edit`);
    expect(
      await screen.findByText(
        'This proposal was rejected and can no longer be changed.',
        {},
        firstRender,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
  });
});
