import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AdminRoom } from '@cosa/contracts';
import { toast } from '../../../lib/toast';
import { loadPages } from '../../../../test/load-pages';
import { makeUser, renderApp, sentBodies, stubApi } from '../../../../test/render-app';

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
const HALL = '00000000-0000-4000-8000-0000000000d1';
const OLD = '00000000-0000-4000-8000-0000000000d2';

const room = (overrides: Partial<AdminRoom> & Pick<AdminRoom, 'id' | 'name'>): AdminRoom => ({
  capacity: 60,
  description: null,
  features: [],
  retiredAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  bookings: { total: 0, awaiting: 0, upcomingApproved: 0 },
  ...overrides,
});
const hall = room({
  id: HALL,
  name: 'Seminar Hall',
  features: ['Projector', 'Whiteboard'],
  description: 'Second floor.',
  bookings: { total: 7, awaiting: 2, upcomingApproved: 1 },
});
const old = room({ id: OLD, name: 'Old Lab', retiredAt: '2026-02-01T00:00:00.000Z', capacity: null });
const listed = (items: AdminRoom[]) => ({ body: { rooms: items } });

describe('/admin/rooms', { timeout: 30_000 }, () => {
  it('lets a long unbroken room name wrap inside its card (at 375 px it overflowed sideways)', async () => {
    const long = `Auditorium${'Seminar'.repeat(12)}Hall`.slice(0, 80);
    stubApi({ session, '/api/admin/rooms': listed([room({ id: HALL, name: long })]) });
    renderApp('/admin/rooms');
    const card = within(await screen.findByRole('article', { name: long }, firstRender));
    // A flex item wraps a word longer than its card only when it may shrink (min-width 0) and break anywhere.
    expect(card.getByRole('heading', { level: 2, name: long })).toHaveClass(
      'min-w-0',
      '[overflow-wrap:anywhere]',
    );
  });

  it('lists the rooms with capacity, features as badges and bookings, retired ones greyed', async () => {
    stubApi({ session, '/api/admin/rooms': listed([hall, old]) });
    renderApp('/admin/rooms');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Rooms' }, firstRender),
    ).toBeInTheDocument();
    const card = within(await screen.findByRole('article', { name: 'Seminar Hall' }));
    expect(card.getByText('60 seats')).toBeInTheDocument();
    expect(
      within(card.getByRole('list', { name: 'Features of Seminar Hall' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Projector', 'Whiteboard']);
    expect(card.getByText('7 booking requests · 2 waiting · 1 approved ahead')).toBeInTheDocument();
    const retired = within(screen.getByRole('article', { name: 'Old Lab (retired)' }));
    expect(retired.getByText('Retired')).toBeInTheDocument();
    expect(retired.getByText('Capacity not set')).toBeInTheDocument();
    expect(retired.getByRole('button', { name: 'Reinstate Old Lab' })).toBeInTheDocument();
    expect(retired.queryByRole('button', { name: 'Edit Old Lab' })).toBeNull();
    expect(screen.getByText('2 rooms, 1 retired')).toBeInTheDocument();
  });

  it('shows the loading, empty and failed states', async () => {
    stubApi({ session, '/api/admin/rooms': 'pending' });
    const first = renderApp('/admin/rooms');
    expect(await screen.findByText('Loading rooms...', {}, firstRender)).toBeInTheDocument();
    first.unmount();
    stubApi({ session, '/api/admin/rooms': listed([]) });
    const second = renderApp('/admin/rooms');
    expect(await screen.findByText('No rooms yet', {}, firstRender)).toBeInTheDocument();
    second.unmount();
    stubApi({
      session,
      '/api/admin/rooms': { status: 500, body: { error: { code: 'INTERNAL', message: 'Down' } } },
    });
    renderApp('/admin/rooms');
    expect(
      await screen.findByText('The rooms could not be loaded. Please try again.', {}, firstRender),
    ).toBeInTheDocument();
  });

  it('adds a room with its features, checking the fields first', async () => {
    const created = room({
      id: '00000000-0000-4000-8000-0000000000d3',
      name: 'Studio 1',
      capacity: 25,
      features: ['Projector', 'Sound system'],
    });
    const fetchMock = stubApi({
      session,
      '/api/admin/rooms': listed([hall]),
      'POST /api/admin/rooms': { status: 201, body: { room: created } },
    });
    renderApp('/admin/rooms');
    await userEvent.click(await screen.findByRole('button', { name: 'Add room' }, firstRender));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add a room' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Add room' }));
    expect(await dialog.findByText('Name is required.')).toBeInTheDocument();
    expect(dialog.getByText('Capacity is required.')).toBeInTheDocument();

    await userEvent.type(dialog.getByLabelText(/^Name/), 'Studio 1');
    await userEvent.type(dialog.getByLabelText(/^Capacity/), '25');
    await userEvent.type(dialog.getByLabelText('New feature'), 'Projector{Enter}');
    await userEvent.type(dialog.getByLabelText('New feature'), 'projector{Enter}');
    await userEvent.type(dialog.getByLabelText('New feature'), 'Whiteboard');
    await userEvent.click(dialog.getByRole('button', { name: 'Add feature' }));
    await userEvent.type(dialog.getByLabelText('New feature'), 'Sound system{Enter}');
    await userEvent.click(dialog.getByRole('button', { name: 'Remove Whiteboard' }));
    expect(
      within(dialog.getByRole('list', { name: 'Features added' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Projector', 'Sound system']);
    await userEvent.click(dialog.getByRole('button', { name: 'Add room' }));
    expect(await screen.findByText('Studio 1 added.')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/admin/rooms')).toEqual([
      { name: 'Studio 1', capacity: 25, description: null, features: ['Projector', 'Sound system'] },
    ]);
  });

  it("edits a room, sending only what changed, and shows the server's field message", async () => {
    const fetchMock = stubApi({
      session,
      '/api/admin/rooms': listed([hall]),
      [`PATCH /api/admin/rooms/${HALL}`]: {
        status: 409,
        body: {
          error: {
            code: 'CONFLICT',
            message: 'Another room already has this name.',
            fields: { name: 'Another room already has this name.' },
          },
        },
      },
    });
    renderApp('/admin/rooms');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Seminar Hall' }, firstRender));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Seminar Hall' }));
    await userEvent.clear(dialog.getByLabelText(/^Name/));
    await userEvent.type(dialog.getByLabelText(/^Name/), 'Room A');
    await userEvent.click(dialog.getByRole('button', { name: 'Remove Projector' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Another room already has this name.')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'PATCH', `/api/admin/rooms/${HALL}`)).toEqual([
      { name: 'Room A', features: ['Whiteboard'] },
    ]);
  });

  it('retires a room after saying what happens to its waiting requests', async () => {
    const fetchMock = stubApi({
      session,
      '/api/admin/rooms': listed([hall]),
      [`POST /api/admin/rooms/${HALL}/retirement`]: {
        body: { room: { ...hall, retiredAt: '2026-03-01T00:00:00.000Z' }, rejectedRequests: 2 },
      },
    });
    renderApp('/admin/rooms');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Retire Seminar Hall' }, firstRender),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Retire Seminar Hall?' }));
    expect(
      dialog.getByText(
        /approved bookings still ahead stay approved.*The 2 requests waiting for the president will be rejected/,
      ),
    ).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Retire' }));
    expect(await screen.findByText('Seminar Hall retired.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      fetchMock.mock.calls.filter(
        ([input, init]) =>
          String(input) === `/api/admin/rooms/${HALL}/retirement` && init?.method === 'POST',
      ),
    ).toHaveLength(1);
  });
});
