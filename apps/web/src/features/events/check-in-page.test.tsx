import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ZXING_WASM_VERSION } from 'barcode-detector/ponyfill';
import type { CheckInResult, Registrant } from '@cosa/contracts';
import { loadPages } from '../../../test/load-pages';
import { renderApp, sentBodies } from '../../../test/render-app';
import { isoDateIn } from '../../lib/format';
import zxingPackage from '../../../node_modules/zxing-wasm/package.json';
import {
  answering,
  checkInsPath,
  CODE,
  doorEvent,
  lastPost,
  searchPath,
  storageKey,
  stubDoor,
} from './check-in/check-in-fixtures';
import { TECH_FEST_ID } from './event-fixtures';

beforeAll(loadPages, 30_000);
afterEach(() => localStorage.clear());

const firstRender = { timeout: 10_000 };
/** The newest scan's result (the list of recent scans repeats it). */
const LATEST = { selector: '[role="status"] p' };
const page = `/events/${TECH_FEST_ID}/check-in`;

async function typeTicket(code: string) {
  await userEvent.type(await screen.findByLabelText('Ticket code', {}, firstRender), code);
  await userEvent.click(screen.getByRole('button', { name: 'Check ticket' }));
}

describe('/events/{id}/check-in', { timeout: 20_000 }, () => {
  it('checks a ticket in and says so in large type, with the counts', async () => {
    let reply: (body: { scans: Record<string, string>[] }) => CheckInResult = answering(() => ({
      outcome: 'checked_in',
      name: 'Arjun Mehta',
      studentId: '12340042',
      checkedInAt: new Date().toISOString(),
      checkedInBy: 'Nisha Rao',
    }));
    const fetchMock = stubDoor(doorEvent(), (body) => reply(body));
    renderApp(page);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Check-in' }, firstRender),
    ).toBeInTheDocument();
    expect(screen.getByText('12 of 40 checked in')).toBeInTheDocument();
    expect(screen.getByText('Ready to scan')).toBeInTheDocument();

    await typeTicket(CODE);
    expect(await screen.findByText('Checked in: Arjun Mehta', LATEST)).toBeInTheDocument();
    expect(screen.getByText('13 of 40 checked in')).toBeInTheDocument();
    expect(screen.getByText('All scans synced')).toBeInTheDocument();
    const [scan] = lastPost(fetchMock).scans;
    expect(scan).toEqual({
      scanId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      ticket: CODE,
      scannedAt: expect.any(String),
    });
    expect(localStorage.getItem(storageKey)).toBeNull();

    // The same ticket again: the server says when and by whom it was checked in.
    // 18:04 today on the institute's clock (Asia/Kolkata).
    const at = new Date(`${isoDateIn(new Date(), 'Asia/Kolkata')}T18:04:00+05:30`);
    reply = answering(() => ({
      outcome: 'already',
      name: 'Arjun Mehta',
      studentId: '12340042',
      checkedInAt: at.toISOString(),
      checkedInBy: 'Kabir Das',
    }));
    await typeTicket(CODE);
    const status = await screen.findByText('Already checked in at 18:04 by Kabir Das', LATEST);
    expect(status.nextElementSibling).toHaveTextContent('Arjun Mehta · 12340042');
    expect(status.closest('[role="status"]')).toHaveAttribute('data-tone', 'warning');
    expect(screen.getByRole('heading', { name: 'Recent scans' })).toBeInTheDocument();
  });

  it('shows why a ticket was not let in', async () => {
    const outcomes: Partial<CheckInResult['results'][number]>[] = [
      { outcome: 'invalid' },
      { outcome: 'other_event' },
      { outcome: 'waitlisted', name: 'Meera Nair' },
      { outcome: 'cancelled', name: 'Vihaan Joshi' },
    ];
    const texts = [
      'Not a valid ticket',
      'This ticket is for another event',
      'Not checked in: Meera Nair is on the waitlist',
      "Not checked in: Vihaan Joshi's registration is cancelled",
    ];
    let next = 0;
    stubDoor(doorEvent(), (body) => answering(() => outcomes[next++]!)(body));
    renderApp(page);
    for (const text of texts) {
      await typeTicket(`T1.code${next}`);
      const shown = await screen.findByText(text, LATEST);
      expect(shown.closest('[role="status"]')).toHaveAttribute('data-tone', 'danger');
    }
  });

  it('keeps scans on the device while offline and sends them, with the same ids, once back online', async () => {
    let online = false;
    const fetchMock = stubDoor(doorEvent(), (body) =>
      online ? answering(() => ({ outcome: 'checked_in', name: 'Diya Sharma' }))(body) : 'network-error',
    );
    renderApp(page);
    await typeTicket(CODE);
    expect(await screen.findByText('1 scan waiting to sync', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('Saved on this device')).toBeInTheDocument();
    await typeTicket(`${CODE}x`);
    expect(await screen.findByText(/^2 scans waiting to sync/)).toBeInTheDocument();
    const stored = JSON.parse(localStorage.getItem(storageKey) ?? '[]') as { scanId: string }[];
    expect(stored).toHaveLength(2);

    online = true;
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByText('All scans synced')).toBeInTheDocument();
    expect(screen.getByText('Checked in: Diya Sharma', LATEST)).toBeInTheDocument();
    expect(lastPost(fetchMock).scans.map((scan) => scan.scanId)).toEqual(
      stored.map((scan) => scan.scanId),
    );
    expect(localStorage.getItem(storageKey)).toBeNull();
  });

  it('sends the scans an earlier visit left on the device', async () => {
    const left = [
      {
        scanId: '6f1c2c9e-7d4b-4a55-9a36-2f7b1d0c8e11',
        ticket: CODE,
        scannedAt: '2026-12-01T13:02:00.000Z',
        label: 'Ticket',
      },
    ];
    localStorage.setItem(storageKey, JSON.stringify(left));
    const fetchMock = stubDoor(
      doorEvent(),
      answering(() => ({ outcome: 'checked_in', name: 'Kabir Joshi' })),
    );
    renderApp(page);
    expect(
      await screen.findByText('Checked in: Kabir Joshi', { ...LATEST, ...firstRender }),
    ).toBeInTheDocument();
    expect(lastPost(fetchMock)).toEqual({
      scans: [{ scanId: left[0]!.scanId, ticket: CODE, scannedAt: '2026-12-01T13:02:00.000Z' }],
    });
  });

  it('keeps the scans when the server refuses them, with its reason and a way to try again', async () => {
    stubDoor(doorEvent(), () => ({
      status: 409,
      body: { error: { code: 'CONFLICT', message: 'This event is cancelled.' } },
    }));
    renderApp(page);
    await typeTicket(CODE);
    expect(
      await screen.findByText('This event is cancelled. The scans are kept on this device.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/^1 scan waiting to sync/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(storageKey) ?? '[]')).toHaveLength(1);
  });

  it('finds a registrant by name and checks them in', async () => {
    const arjun: Registrant = {
      id: '00000000-0000-4000-8000-0000000000a1',
      userId: '00000000-0000-4000-8000-0000000000a2',
      name: 'Arjun Mehta',
      studentId: '12340042',
      email: 'arjun@iitbhilai.ac.in',
      status: 'confirmed',
      waitlistPlace: null,
      walkIn: false,
      paid: false,
      checkedInAt: null,
      checkedInBy: null,
      registeredAt: '2026-11-21T06:00:00.000Z',
    };
    const list = {
      items: [arjun],
      total: 1,
      overall: 40,
      page: 1,
      pageSize: 8,
      counts: { confirmed: 40, waitlisted: 3, cancelled: 0, checkedIn: 12, noShows: 0 },
    };
    const fetchMock = stubDoor(
      doorEvent(),
      answering(() => ({ outcome: 'checked_in', name: 'Arjun Mehta' })),
      { [searchPath]: { body: list } },
    );
    renderApp(page);
    await userEvent.type(
      await screen.findByLabelText('Find by name or student ID', {}, firstRender),
      'Arj',
    );
    const found = await screen.findByRole('list', { name: 'Registrants found' });
    expect(fetchMock.mock.calls.some(([input]) => String(input).startsWith(`${searchPath}?q=Arj`))).toBe(
      true,
    );
    await userEvent.click(within(found).getByRole('button', { name: 'Check in Arjun Mehta' }));
    expect(await screen.findByText('Checked in: Arjun Mehta', LATEST)).toBeInTheDocument();
    expect(lastPost(fetchMock).scans[0]).toMatchObject({ registrationId: arjun.id });
  });

  it('takes walk-ins by student ID only when the event allows them', async () => {
    const fetchMock = stubDoor(
      doorEvent({ walkIns: true }),
      answering(() => ({ outcome: 'unknown_student' })),
    );
    renderApp(page);
    const field = await screen.findByLabelText('Student ID', {}, firstRender);
    await userEvent.type(field, '12ab');
    await userEvent.click(screen.getByRole('button', { name: 'Check in walk-in' }));
    expect(await screen.findByText('A student ID has digits only.')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', checkInsPath)).toEqual([]);
    await userEvent.clear(field);
    await userEvent.type(field, '99999999');
    await userEvent.click(screen.getByRole('button', { name: 'Check in walk-in' }));
    expect(await screen.findByText('No student has this student ID.', LATEST)).toBeInTheDocument();
    expect(lastPost(fetchMock).scans[0]).toMatchObject({ walkInStudentId: '99999999' });
  });

  it('offers no walk-in form when the event takes none', async () => {
    stubDoor(doorEvent({ walkIns: false }));
    renderApp(page);
    await screen.findByLabelText('Ticket code', {}, firstRender);
    expect(screen.queryByLabelText('Student ID')).not.toBeInTheDocument();
  });

  it('says when the door opens before it does, and that an event with no date has none', async () => {
    // 18:30 on 1 December in Asia/Kolkata: the door opens at 15:30.
    stubDoor(doorEvent({ start: '2030-12-01T13:00:00.000Z', end: null }));
    renderApp(page);
    expect(
      await screen.findByText(
        'The door opens 3 hours before the event starts. It opens 1 Dec 2030, 15:30.',
        {},
        firstRender,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Ticket code')).not.toBeInTheDocument();

    stubDoor(doorEvent({ start: null, end: null }));
    renderApp(page);
    expect(
      await screen.findByText(
        'This event has no date yet: the door opens once it has one.',
        {},
        firstRender,
      ),
    ).toBeInTheDocument();
  });

  it('tells someone who does not run the event that only its organisers and officials check in', async () => {
    stubDoor(doorEvent({ canManage: false }));
    renderApp(page);
    expect(
      await screen.findByText(
        "Only the event's organisers and the council's officials can do this.",
        {},
        firstRender,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Ticket code')).not.toBeInTheDocument();
  });

  it('refuses a cancelled event and an unknown one', async () => {
    stubDoor(doorEvent({ status: 'cancelled' }));
    const { unmount } = renderApp(page);
    expect(await screen.findByText('This event is cancelled.', {}, firstRender)).toBeInTheDocument();
    unmount();
    stubDoor({ status: 404, body: { error: { code: 'NOT_FOUND', message: 'Event not found.' } } });
    renderApp(page);
    expect(await screen.findByText('Event not found.', {}, firstRender)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByLabelText('Ticket code')).not.toBeInTheDocument());
  });

  it("serves the scanner's WebAssembly of the very version the scanner expects", () => {
    expect(zxingPackage.version).toBe(ZXING_WASM_VERSION);
  });
});
