import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPages } from '../../../test/load-pages';
import { renderApp, sentBodies, stubApi } from '../../../test/render-app';
import { booking, myList, ROOM_A_ID, roomList, secretary } from './room-fixtures';

beforeAll(loadPages, 30_000);

const firstRender = { timeout: 10_000 };
const slots = { body: { date: '2099-03-14', taken: [] } };

/** /roombooking with an empty list, a free Room A and a POST that succeeds. */
function bookingPage(replies: Record<string, unknown> = {}) {
  const fetchMock = stubApi({
    session: secretary,
    '/api/rooms': roomList,
    [`/api/rooms/${ROOM_A_ID}/slots`]: slots,
    '/api/room-bookings/mine': myList([]),
    'POST /api/room-bookings': { status: 201, body: { booking: booking() } },
    ...replies,
  });
  renderApp('/roombooking');
  return fetchMock;
}

async function fillForm(times: { start: string; end: string }, description?: string) {
  const form = within(await screen.findByRole('form', { name: 'New booking' }, firstRender));
  await userEvent.type(form.getByLabelText(/^Date/), '2099-03-14');
  await userEvent.selectOptions(await form.findByLabelText(/^Room/), 'Room A');
  await userEvent.type(form.getByLabelText(/^Start time/), times.start);
  await userEvent.type(form.getByLabelText(/^End time/), times.end);
  if (description !== undefined) {
    await userEvent.click(form.getByLabelText(/^Description/));
    await userEvent.paste(description);
  }
  return form;
}

describe('/roombooking form', { timeout: 20_000 }, () => {
  it('sends one request however quickly Submit is pressed', async () => {
    const fetchMock = bookingPage();
    await fillForm({ start: '10:00', end: '11:30' }, 'Quiz club final');
    const submit = screen.getByRole('button', { name: 'Submit request' });
    fireEvent.click(submit);
    fireEvent.click(submit);
    fireEvent.click(submit);
    expect(await screen.findByText('Booking request submitted!')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/room-bookings')).toHaveLength(1);
    // Once answered, the next request goes through.
    await userEvent.type(screen.getByLabelText(/^Start time/), '12:00');
    await userEvent.type(screen.getByLabelText(/^End time/), '13:00');
    await userEvent.click(screen.getByLabelText(/^Description/));
    await userEvent.paste('Second request');
    await userEvent.click(submit);
    await waitFor(() => expect(sentBodies(fetchMock, 'POST', '/api/room-bookings')).toHaveLength(2));
  });

  it('takes as many characters as the server does: 300 emoji are 300 of 500', async () => {
    const fetchMock = bookingPage();
    const emoji = '🎉'.repeat(300);
    await fillForm({ start: '10:00', end: '11:30' }, emoji);
    expect(screen.getByText('300 of 500 characters')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Submit request' }));
    expect(await screen.findByText('Booking request submitted!')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/room-bookings')).toEqual([
      {
        date: '2099-03-14',
        startTime: '10:00',
        endTime: '11:30',
        roomId: ROOM_A_ID,
        description: emoji,
      },
    ]);
  });

  it('books until midnight when the end is 00:00, and says so beside the field', async () => {
    const fetchMock = bookingPage();
    await fillForm({ start: '22:00', end: '00:00' }, 'Night sky watch');
    expect(screen.getByText('For midnight, choose 00:00 (12:00 AM).')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Submit request' }));
    expect(await screen.findByText('Booking request submitted!')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/room-bookings')).toEqual([
      {
        date: '2099-03-14',
        startTime: '22:00',
        endTime: '24:00',
        roomId: ROOM_A_ID,
        description: 'Night sky watch',
      },
    ]);
  });

  it('refuses an end after midnight with a message that says why', async () => {
    const fetchMock = bookingPage();
    await fillForm({ start: '23:00', end: '01:00' }, 'Too late');
    await userEvent.click(screen.getByRole('button', { name: 'Submit request' }));
    expect(
      await screen.findByText(
        'The end time must be after the start time, on the same day (midnight at the latest).',
      ),
    ).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/room-bookings')).toEqual([]);
  });
});

describe('/roombooking list', { timeout: 20_000 }, () => {
  it('forgets a failed withdrawal once the dialog is closed with Keep it', async () => {
    stubApi({
      session: secretary,
      '/api/rooms': roomList,
      '/api/room-bookings/mine': myList([booking()]),
      'POST /api/room-bookings/80000000-0000-4000-8000-000000000001/withdrawal': {
        status: 409,
        body: { error: { code: 'CONFLICT', message: 'This request is already approved.' } },
      },
    });
    renderApp('/roombooking');
    const withdrawButton = await screen.findByRole(
      'button',
      { name: /^Withdraw the request/ },
      firstRender,
    );
    await userEvent.click(withdrawButton);
    const dialog = within(await screen.findByRole('dialog', { name: 'Withdraw this request?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Withdraw' }));
    expect(await dialog.findByText('This request is already approved.')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: /^Withdraw the request/ }));
    const again = await screen.findByRole('dialog', { name: 'Withdraw this request?' });
    expect(within(again).queryByRole('alert')).toBeNull();
    expect(within(again).queryByText('This request is already approved.')).toBeNull();
  });

  it('shows an expired request without Withdraw, and names the approved booking a request overlaps', async () => {
    stubApi({
      session: secretary,
      '/api/rooms': roomList,
      '/api/room-bookings/mine': myList([
        booking({
          id: '80000000-0000-4000-8000-000000000021',
          description: 'Mock parliament',
          date: '2026-01-05',
          status: 'Expired',
        }),
        booking({
          id: '80000000-0000-4000-8000-000000000022',
          description: 'Music jam',
          startTime: '11:00',
          endTime: '13:00',
          approvedOverlap: { startTime: '10:00', endTime: '12:00' },
        }),
      ]),
    });
    renderApp('/roombooking');
    const expired = within(await screen.findByRole('row', { name: /Mock parliament/ }, firstRender));
    expect(expired.getByText('Expired')).toBeInTheDocument();
    expect(expired.getByText('Its time passed without a decision.')).toBeInTheDocument();
    expect(expired.queryByRole('button')).toBeNull();
    const jam = within(screen.getByRole('row', { name: /Music jam/ }));
    expect(jam.getByText('Overlaps the approved booking 10:00 – 12:00')).toBeInTheDocument();
    expect(jam.getByRole('button', { name: /^Withdraw/ })).toBeInTheDocument();
  });
});
