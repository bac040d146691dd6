import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPages } from '../../../test/load-pages';
import { makeUser, renderApp, sentBodies, stubApi } from '../../../test/render-app';
import { eventDetail, TECH_FEST_ID } from './event-fixtures';

beforeAll(loadPages, 30_000);

// The first render of a lazy page in a file is cold; the query that waits for it waits longer.
const firstRender = { timeout: 10_000 };
const student = { body: { user: makeUser() } };
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
const cancellationPath = `/api/events/${TECH_FEST_ID}/cancellation`;

/** The value shown for a term of the event's description list. */
const detail = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;

describe('/events/{id}', { timeout: 20_000 }, () => {
  it('shows everything about the event, its times on the institute clock and its money in rupees', async () => {
    stubApi({ session: student, [eventPath]: { body: { event: eventDetail() } } });
    renderApp(`/events/${TECH_FEST_ID}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tech Fest' }, firstRender),
    ).toBeInTheDocument();
    const expected: Record<string, string> = {
      Description: 'Three days of talks and hacks.',
      Category: 'Technical',
      Type: 'Workshop',
      Mode: 'Hybrid',
      Venue: 'Lecture Hall 1',
      Start: '1 Dec 2026, 18:30',
      End: '1 Dec 2026, 21:00',
      'Organizing unit': 'Coding Club',
      Organizers: 'Asha Verma, Rohan Das',
      'Registration opens': '20 Nov 2026, 10:00',
      'Registration closes': '30 Nov 2026, 23:30',
      Fees: '₹250',
      'Max participants': '120',
      'Budget allocated': '₹1,50,000',
      Status: 'Planned',
    };
    for (const [term, value] of Object.entries(expected))
      expect(detail(term)?.textContent, term).toBe(value);
    expect(
      within(detail('Sponsors') as HTMLElement)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Acme Corp', 'Globex']);
    expect(screen.getByRole('link', { name: '← Back to events' })).toHaveAttribute('href', '/events');
  });

  it("shows 'N/A' for what is missing, 'To be announced' without a start, and no registration block when none is needed", async () => {
    const bare = eventDetail({
      description: null,
      type: null,
      mode: null,
      venue: null,
      start: null,
      end: null,
      unit: null,
      unitName: null,
      organizers: [],
      registration: { required: false, start: null, end: null, fees: null, maxParticipants: null },
      budget: { allocated: 0, sponsors: [] },
    });
    stubApi({ session: student, [eventPath]: { body: { event: bare } } });
    renderApp(`/events/${TECH_FEST_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Tech Fest' }, firstRender);
    for (const term of [
      'Description',
      'Type',
      'Mode',
      'Venue',
      'End',
      'Organizing unit',
      'Organizers',
      'Sponsors',
    ])
      expect(detail(term), term).toHaveTextContent(/^N\/A$/);
    expect(detail('Start')).toHaveTextContent('To be announced');
    expect(detail('Budget allocated')).toHaveTextContent('₹0');
    expect(screen.queryByRole('heading', { name: 'Registration' })).not.toBeInTheDocument();
    expect(screen.queryByText('Fees')).not.toBeInTheDocument();
  });

  it("says 'Event not found.' with the way back when there is no such event", async () => {
    stubApi({
      session: student,
      [eventPath]: { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found' } } },
    });
    renderApp(`/events/${TECH_FEST_ID}`);
    expect(await screen.findByText('Event not found.', {}, firstRender)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Back to events' })).toHaveAttribute('href', '/events');
  });

  it('offers no Edit or Cancel to someone who may not change the event', async () => {
    stubApi({ session: student, [eventPath]: { body: { event: eventDetail({ canEdit: false }) } } });
    renderApp(`/events/${TECH_FEST_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Tech Fest' }, firstRender);
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel event' })).not.toBeInTheDocument();
  });

  it('offers Edit but not Cancel once the event has taken place', async () => {
    stubApi({
      session: president,
      [eventPath]: {
        body: { event: eventDetail({ canEdit: true, canCancel: false, status: 'completed' }) },
      },
    });
    renderApp(`/events/${TECH_FEST_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Tech Fest' }, firstRender);
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      `/events/${TECH_FEST_ID}/edit`,
    );
    expect(screen.queryByRole('button', { name: 'Cancel event' })).not.toBeInTheDocument();
  });

  it('asks before cancelling, sends nothing when the official keeps the event, and cancels on confirmation', async () => {
    const fetchMock = stubApi({
      session: president,
      [eventPath]: { body: { event: eventDetail({ canEdit: true }) } },
      [`POST ${cancellationPath}`]: {
        body: { event: eventDetail({ canEdit: true, status: 'cancelled' }) },
      },
    });
    renderApp(`/events/${TECH_FEST_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Tech Fest' }, firstRender);
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      `/events/${TECH_FEST_ID}/edit`,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Cancel event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this event?' });
    expect(dialog).toHaveAccessibleDescription('Everyone sees it as cancelled. This cannot be undone.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep event' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sentBodies(fetchMock, 'POST', cancellationPath)).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Cancel event' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, cancel event' }),
    );
    expect(await screen.findByText('Event cancelled.')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', cancellationPath)).toHaveLength(1);
    await waitFor(() => expect(detail('Status')).toHaveTextContent('Cancelled'));
    expect(screen.queryByRole('button', { name: 'Cancel event' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it("shows the server's reason when it refuses the cancellation", async () => {
    stubApi({
      session: president,
      [eventPath]: { body: { event: eventDetail({ canEdit: true }) } },
      [`POST ${cancellationPath}`]: {
        status: 409,
        body: {
          error: { code: 'CONFLICT', message: 'This event is cancelled and can no longer be changed.' },
        },
      },
    });
    renderApp(`/events/${TECH_FEST_ID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel event' }, firstRender));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, cancel event' }),
    );
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent(
      'This event is cancelled and can no longer be changed.',
    );
  });
});
