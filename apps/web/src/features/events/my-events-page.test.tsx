import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPages } from '../../../test/load-pages';
import { makeUser, renderApp, stubApi } from '../../../test/render-app';

beforeAll(loadPages, 30_000);

const firstRender = { timeout: 10_000 };
const student = { body: { user: makeUser() } };
const registration = (overrides: Record<string, unknown>) => ({
  id: '00000000-0000-4000-8000-0000000000b1',
  status: 'confirmed',
  waitlistPlace: null,
  confirmedAt: '2026-11-21T05:00:00.000Z',
  promotedAt: null,
  checkedInAt: null,
  paid: false,
  ...overrides,
});
const event = (id: string, title: string, start: string) => ({
  id,
  title,
  start,
  end: null,
  venue: 'Open Air Theatre',
  status: 'planned',
  unitName: 'Dance Club',
});

describe('/events/mine', { timeout: 20_000 }, () => {
  it('shows upcoming seats with their tickets, waitlist places, and past attendance', async () => {
    stubApi({
      session: student,
      '/api/me/registrations': {
        body: {
          upcoming: [
            {
              event: event(
                '00000000-0000-4000-8000-0000000000e1',
                'Salsa night',
                '2026-12-05T13:30:00.000Z',
              ),
              registration: registration({}),
            },
            {
              event: event(
                '00000000-0000-4000-8000-0000000000e2',
                'Poetry slam',
                '2026-12-06T13:30:00.000Z',
              ),
              registration: registration({
                id: '00000000-0000-4000-8000-0000000000b2',
                status: 'waitlisted',
                waitlistPlace: 3,
                confirmedAt: null,
              }),
            },
          ],
          past: [
            {
              event: event(
                '00000000-0000-4000-8000-0000000000e3',
                'Open mic',
                '2026-11-01T13:30:00.000Z',
              ),
              registration: registration({
                id: '00000000-0000-4000-8000-0000000000b3',
                checkedInAt: '2026-11-01T13:40:00.000Z',
              }),
            },
          ],
        },
      },
    });
    renderApp('/events/mine');
    const coming = await screen.findByRole('region', { name: 'Coming up' }, firstRender);
    expect(within(coming).getByRole('link', { name: 'Salsa night' })).toHaveAttribute(
      'href',
      '/events/00000000-0000-4000-8000-0000000000e1',
    );
    expect(
      within(coming).getByText('5 Dec 2026, 19:00 · Open Air Theatre · Dance Club'),
    ).toBeInTheDocument();
    expect(within(coming).getAllByRole('link', { name: 'Ticket' })).toHaveLength(1);
    expect(within(coming).getByText('Waitlist #3')).toBeInTheDocument();
    const past = screen.getByRole('region', { name: 'Past' });
    expect(within(past).getByText('Attended')).toBeInTheDocument();
  });

  it('points a student with no registrations to the events open now', async () => {
    stubApi({ session: student, '/api/me/registrations': { body: { upcoming: [], past: [] } } });
    renderApp('/events/mine');
    expect(
      await screen.findByText('You have not registered for any event yet.', {}, firstRender),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find events open for registration' })).toHaveAttribute(
      'href',
      '/events?open=true',
    );
  });
});
