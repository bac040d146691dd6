import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPages } from '../../../test/load-pages';
import { makeUser, renderApp, sentBodies, stubApi } from '../../../test/render-app';
import { eventDetail, TECH_FEST_ID } from './event-fixtures';

beforeAll(loadPages, 30_000);

const firstRender = { timeout: 10_000 };
const organiser = {
  body: { user: makeUser({ id: '00000000-0000-4000-8000-000000000002', name: 'Rohan Das' }) },
};
const eventPath = `/api/events/${TECH_FEST_ID}`;
const listPath = `/api/events/${TECH_FEST_ID}/registrations`;
const ASHA_REG = '00000000-0000-4000-8000-0000000000a1';

const registrant = (overrides: Record<string, unknown>) => ({
  id: ASHA_REG,
  userId: '00000000-0000-4000-8000-000000000011',
  name: 'Asha Rao',
  studentId: '12240001',
  email: 'asha.rao@iitbhilai.ac.in',
  status: 'confirmed',
  waitlistPlace: null,
  walkIn: false,
  paid: false,
  checkedInAt: null,
  checkedInBy: null,
  registeredAt: '2026-11-21T05:00:00.000Z',
  ...overrides,
});

const list = {
  items: [
    registrant({}),
    registrant({
      id: '00000000-0000-4000-8000-0000000000a2',
      name: 'Bala Nair',
      studentId: '12240002',
      email: 'bala@iitbhilai.ac.in',
      status: 'waitlisted',
      waitlistPlace: 1,
    }),
  ],
  total: 2,
  overall: 2,
  page: 1,
  pageSize: 25,
  counts: { confirmed: 1, waitlisted: 1, cancelled: 0, checkedIn: 0, noShows: 0 },
};

describe('/events/{id}/registrations', { timeout: 20_000 }, () => {
  it('lists the registrants with their standing, counts them, exports them and marks a fee paid', async () => {
    const fetchMock = stubApi({
      session: organiser,
      [eventPath]: { body: { event: eventDetail({ canManage: true }) } },
      [listPath]: { body: list },
      [`PATCH ${listPath}/${ASHA_REG}`]: { body: { registrant: registrant({ paid: true }) } },
    });
    renderApp(`/events/${TECH_FEST_ID}/registrations`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Registrations: Tech Fest' }, firstRender),
    ).toBeInTheDocument();
    expect(
      await screen.findByText('1 registered · 1 waiting · 0 checked in · 0 cancelled'),
    ).toBeInTheDocument();
    const rows = within(screen.getByRole('list', { name: 'Registrants' })).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('p')?.textContent)).toEqual(['Asha Rao', 'Bala Nair']);
    expect(within(rows[1]!).getByText('Waitlist #1')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Export/ })).toHaveAttribute(
      'href',
      `/api/events/${TECH_FEST_ID}/registrations/export`,
    );
    await userEvent.click(within(rows[0]!).getByRole('button', { name: 'Mark paid: Asha Rao' }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, 'PATCH', `${listPath}/${ASHA_REG}`)).toEqual([{ paid: true }]),
    );
  });

  it('tells someone who does not manage the event that the list is not theirs', async () => {
    stubApi({ session: organiser, [eventPath]: { body: { event: eventDetail({ canManage: false }) } } });
    renderApp(`/events/${TECH_FEST_ID}/registrations`);
    expect(
      await screen.findByText(
        "Only the event's organisers and the council's officials can see its registrants.",
        {},
        firstRender,
      ),
    ).toBeInTheDocument();
  });
});
