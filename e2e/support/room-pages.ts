import { randomInt } from 'node:crypto';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, expectAccessible, expectNoHorizontalScroll, portalContext } from './fixtures';
import { signIn } from './accounts';
import { DEMO_PASSWORD } from './demo-accounts';

// Steps the browser tests of room booking, the approval panel and the president's dashboard share.

const DESKTOP = { width: 1280, height: 800 } as const;

/** A day some years ahead, different for each call of a run. */
export function farDay(): string {
  const day = new Date(Date.UTC(2090 + randomInt(0, 9), randomInt(0, 12), randomInt(1, 29)));
  return day.toISOString().slice(0, 10);
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * 'Tue, 25 Nov 2026' as the tables show a date, spelt out by hand: Node's own Intl writes 'Sept'
 * for September where the portal writes 'Sep'.
 */
export const shown = (date: string) => {
  const day = new Date(`${date}T00:00:00Z`);
  return `${WEEKDAYS[day.getUTCDay()]}, ${day.getUTCDate()} ${MONTHS[day.getUTCMonth()]} ${day.getUTCFullYear()}`;
};

/** The id of the room named `name`. */
export async function roomId(request: APIRequestContext, name: string): Promise<string> {
  const { rooms } = (await (await request.get('/api/rooms')).json()) as {
    rooms: Array<{ id: string; name: string }>;
  };
  return rooms.find((room) => room.name === name)!.id;
}

/** A booking request made through the API by the signed-in owner of `request`; returns its id. */
export async function requestRoom(
  request: APIRequestContext,
  body: { date: string; startTime: string; endTime: string; room: string; description: string },
): Promise<string> {
  const response = await request.post('/api/room-bookings', {
    data: {
      date: body.date,
      startTime: body.startTime,
      endTime: body.endTime,
      roomId: await roomId(request, body.room),
      description: body.description,
    },
  });
  if (response.status() !== 201)
    throw new Error(`Booking failed: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { booking: { id: string } }).booking.id;
}

/** A second signed-in browser for the requester's side of a round trip. */
export async function secretaryPage(
  browser: Browser,
  baseURL: string | undefined,
  email: string,
): Promise<Page> {
  const context = await portalContext(browser, baseURL, { viewport: DESKTOP });
  const page = await context.newPage();
  await signIn(page, email, DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/\/login$/);
  return page;
}

/** axe at desktop width, the 375 px check, axe again, then back to the desktop width. */
export async function checkPage(page: Page): Promise<void> {
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await page.setViewportSize(DESKTOP);
}

/** The table row (or phone card) of the request whose description is `text`. */
export const rowOf = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });
