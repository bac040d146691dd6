import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Ticket } from '@cosa/contracts';
import { loadPages } from '../../../test/load-pages';
import { makeUser, renderApp, stubApi } from '../../../test/render-app';

beforeAll(loadPages, 30_000);

const firstRender = { timeout: 10_000 };
const EVENT_ID = '00000000-0000-4000-8000-0000000000e1';
const ticketPath = `/api/events/${EVENT_ID}/ticket`;
const student = { body: { user: makeUser({ name: 'Riya Iyer', studentId: '12340007' }) } };

function ticket(overrides: Partial<Ticket> = {}): Ticket {
  return {
    code: 'T1.AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8',
    registrationId: '00000000-0000-4000-8000-0000000000r1',
    name: 'Riya Iyer',
    studentId: '12340007',
    event: {
      id: EVENT_ID,
      title: 'Robotics Expo',
      // 18:30 to 21:00 on 1 December in Asia/Kolkata
      start: '2026-12-01T13:00:00.000Z',
      end: '2026-12-01T15:30:00.000Z',
      venue: 'Main auditorium',
    },
    checkedInAt: null,
    ...overrides,
  };
}

describe('/events/{id}/ticket', { timeout: 20_000 }, () => {
  it("shows the event, the person and the ticket's QR code, and prints", async () => {
    stubApi({ session: student, [ticketPath]: { body: ticket() } });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderApp(`/events/${EVENT_ID}/ticket`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Robotics Expo' }, firstRender),
    ).toBeInTheDocument();
    expect(screen.getByText('1 Dec 2026, 18:30 – 21:00')).toBeInTheDocument();
    expect(screen.getByText('Main auditorium')).toBeInTheDocument();
    expect(screen.getByText('Name').nextElementSibling).toHaveTextContent('Riya Iyer');
    expect(screen.getByText('Student ID').nextElementSibling).toHaveTextContent('12340007');
    const qr = screen.getByRole('img', { name: 'QR code of the ticket of Riya Iyer' });
    // A QR code of version 3 or more: hundreds of dark modules, each a unit square.
    const modules = qr.querySelector('path')?.getAttribute('d')?.match(/M/g)?.length ?? 0;
    expect(modules).toBeGreaterThan(200);
    expect(screen.queryByText(/Checked in at/)).not.toBeInTheDocument();
    expect(document.title).toBe('Ticket: Robotics Expo · COSA Portal');
    expect(screen.getByRole('link', { name: '← Back to the event' })).toHaveAttribute(
      'href',
      `/events/${EVENT_ID}`,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    // The print stylesheet hides everything but the ticket.
    const styles = [...document.querySelectorAll('style')].map((style) => style.textContent).join('');
    expect(styles).toContain('.ticket-print, .ticket-print * { visibility: visible');
    expect(qr.closest('.ticket-print')).not.toBeNull();
  });

  it('says when the ticket was checked in', async () => {
    stubApi({
      session: student,
      [ticketPath]: { body: ticket({ checkedInAt: '2026-12-01T13:04:00.000Z' }) },
    });
    renderApp(`/events/${EVENT_ID}/ticket`);
    expect(
      await screen.findByText('Checked in at 1 Dec 2026, 18:34', {}, firstRender),
    ).toBeInTheDocument();
  });

  it('explains that only a confirmed registration has a ticket, with the way to the event', async () => {
    stubApi({
      session: student,
      [ticketPath]: {
        status: 409,
        body: {
          error: {
            code: 'CONFLICT',
            message: 'There is no ticket: only a confirmed registration has one.',
          },
        },
      },
    });
    renderApp(`/events/${EVENT_ID}/ticket`);
    expect(
      await screen.findByText(
        'There is no ticket: only a confirmed registration has one.',
        {},
        firstRender,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the event' })).toHaveAttribute(
      'href',
      `/events/${EVENT_ID}`,
    );
    expect(screen.queryByRole('img', { name: /QR code/ })).not.toBeInTheDocument();
  });

  it("says 'Event not found.' for an event the person may not see", async () => {
    stubApi({
      session: student,
      [ticketPath]: { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Event not found.' } } },
    });
    renderApp(`/events/${EVENT_ID}/ticket`);
    expect(await screen.findByText('Event not found.', {}, firstRender)).toBeInTheDocument();
  });

  it('offers to try again when the ticket could not be loaded', async () => {
    stubApi({ session: student, [ticketPath]: 'network-error' });
    renderApp(`/events/${EVENT_ID}/ticket`);
    expect(
      await screen.findByText(
        'Your ticket could not be loaded. Check the connection and try again.',
        {},
        firstRender,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
