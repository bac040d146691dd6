import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, otherBrowser, test } from './support/fixtures';
import { onboardedStudentByApi, suffix } from './support/accounts';
import { demoAccount, signInByApi } from './support/demo-accounts';
import { checkPage, created, DESKTOP, lookupId } from './support/page-steps';

const SCITECH = demoAccount('GENSEC_SCITECH');
const HOUR = 3_600_000;

/**
 * Replaces the camera, before the page's own scripts run, with a canvas on which a picture (a
 * ticket's QR code, as the ticket page drew it) is painted: `window.camera.show(false)` takes it
 * out of sight, `window.camera.picture(url)` puts another in front of the lens.
 */
async function cameraShowing(page: Page, png: Buffer): Promise<void> {
  await page.addInitScript(
    (firstPicture: string) => {
      const canvas = document.createElement('canvas');
      canvas.width = 640;
      canvas.height = 480;
      const context = canvas.getContext('2d')!;
      let picture: HTMLImageElement | null = null;
      let visible = true;
      const load = (url: string) => {
        const image = new Image();
        image.onload = () => (picture = image);
        image.src = url;
      };
      load(firstPicture);
      setInterval(() => {
        context.fillStyle = '#ffffff';
        context.fillRect(0, 0, canvas.width, canvas.height);
        if (picture && visible) context.drawImage(picture, 170, 90, 300, 300);
      }, 40);
      const stream = canvas.captureStream(25);
      Object.defineProperty(navigator, 'mediaDevices', {
        configurable: true,
        value: { getUserMedia: async () => stream },
      });
      Object.assign(window, {
        camera: { show: (shown: boolean) => (visible = shown), picture: load },
      });
    },
    `data:image/png;base64,${png.toString('base64')}`,
  );
}

type Camera = { show: (shown: boolean) => void; picture: (url: string) => void };

/** A student who registered for the event, and the picture of their ticket's QR code from their ticket page. */
async function ticketHolder(
  browser: Browser,
  baseURL: string | undefined,
  eventId: string,
  label: string,
) {
  const holder = await otherBrowser(browser, baseURL);
  const student = await onboardedStudentByApi(holder.context.request, label);
  const registered = await holder.context.request.post(`/api/events/${eventId}/registration`);
  expect(registered.status()).toBe(201);
  await holder.page.goto(`/events/${eventId}/ticket`);
  const qr = holder.page.getByRole('img', { name: `QR code of the ticket of ${student.name}` });
  await expect(qr).toBeVisible();
  return { ...holder, student, qr: await qr.screenshot() };
}

/**
 * An event of the Coding Club, made by the sci-tech secretary (an official's event needs no
 * approval), open for registration, that started an hour ago: its door is open, and it is not one
 * of the upcoming events the home page lists (another test counts the demo campus's there).
 */
async function openEvent(request: APIRequestContext, title: string): Promise<string> {
  const start = Date.now() - HOUR;
  const { event } = await created<{ event: { id: string } }>(request, '/api/events', {
    title,
    category: 'technical',
    organizingUnitId: await lookupId(request, 'units', 'Coding Club'),
    start: new Date(start).toISOString(),
    end: new Date(start + 4 * HOUR).toISOString(),
    venue: 'Lecture Hall 2',
    registrationRequired: true,
    registrationStart: new Date(start - HOUR).toISOString(),
    registrationEnd: new Date(start + 3 * HOUR).toISOString(),
    maxParticipants: 50,
  });
  return event.id;
}

test.describe('tickets and check-in', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a ticket scanned at the door with the camera, scanned again, and scanned offline then synced', async ({
    page,
    context,
    browser,
    baseURL,
    checkAccessible,
    checkPhoneWidth,
  }) => {
    const title = `Hack Night ${suffix()}`;
    await signInByApi(page.request, SCITECH.email);
    const eventId = await openEvent(page.request, title);

    // The student's ticket: the event, their name and id, and a QR code; readable on a phone.
    const asha = await ticketHolder(browser, baseURL, eventId, 'asha');
    const ticket = asha.page.getByRole('main');
    await expect(ticket.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(ticket.getByText(asha.student.name, { exact: true })).toBeVisible();
    await expect(ticket.getByText(asha.student.studentId, { exact: true })).toBeVisible();
    await expect(ticket.getByRole('button', { name: 'Print' })).toBeVisible();
    await checkPage(asha.page);

    // The door: the secretary turns the camera on and holds Asha's ticket up to it. Everything the
    // scanner needs, its WebAssembly too, comes from the portal itself.
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(request.url()));
    await cameraShowing(page, asha.qr);
    await page.goto(`/events/${eventId}/check-in`);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Check-in' })).toBeVisible();
    await expect(main.getByText('0 of 1 checked in')).toBeVisible();
    await main.getByRole('button', { name: 'Scan with the camera' }).click();
    // The newest scan's result, in large type.
    const latest = main.locator('[role="status"][data-tone]');
    await expect(latest).toContainText('Ready to scan');
    await expect(latest).toContainText(`Checked in: ${asha.student.name}`, { timeout: 20_000 });
    await expect(main.getByText('1 of 1 checked in')).toBeVisible();
    await expect(main.getByText('All scans synced')).toBeVisible();
    expect(fetched.filter((url) => /\/assets\/zxing_reader-[\w-]+\.wasm$/.test(url))).toHaveLength(1);
    expect(
      fetched.filter((url) => !url.startsWith(`${baseURL}/`) && !/^(data|blob):/.test(url)),
    ).toEqual([]);

    // The same ticket a second time: already checked in, when and by whom.
    await page.evaluate(() => (window as unknown as { camera: Camera }).camera.show(false));
    await page.waitForTimeout(3_000);
    await page.evaluate(() => (window as unknown as { camera: Camera }).camera.show(true));
    await expect(latest).toContainText(
      new RegExp(`^Already checked in at \\d\\d:\\d\\d by ${SCITECH.name}`),
      { timeout: 10_000 },
    );
    await expect(main.getByText('1 of 1 checked in')).toBeVisible();

    // Asha's phone shows the ticket checked in.
    await asha.page.reload();
    await expect(asha.page.getByText(/^Checked in at /)).toBeVisible();

    // The attendance is on Asha's record, offered for her transcript, and the event is in her calendar.
    await asha.page.goto('/profile');
    await expect(
      asha.page.getByRole('main').getByText(new RegExp(`^Attended ${title} on \\d{1,2} \\w{3} \\d{4}`)),
    ).toBeVisible();
    await asha.page.goto('/transcript');
    await expect(
      asha.page
        .getByRole('main')
        .getByText(new RegExp(`Attended ${title} on`))
        .first(),
    ).toBeVisible();
    const feed = (await (await asha.context.request.post('/api/me/calendar-feed')).json()) as {
      url: string;
    };
    const calendar = await (await asha.context.request.get(new URL(feed.url).pathname)).text();
    expect(calendar).toContain(`SUMMARY:${title}`);

    // The connection drops: Bala's ticket is kept on the device, and sent once it is back.
    const bala = await ticketHolder(browser, baseURL, eventId, 'bala');
    await context.setOffline(true);
    await page.evaluate(
      (url) => (window as unknown as { camera: Camera }).camera.picture(url),
      `data:image/png;base64,${bala.qr.toString('base64')}`,
    );
    await expect(latest).toContainText('Saved on this device', { timeout: 10_000 });
    await expect(main.getByText(/^1 scan waiting to sync/)).toBeVisible();
    await context.setOffline(false);
    await expect(latest).toContainText(`Checked in: ${bala.student.name}`, { timeout: 40_000 });
    await expect(main.getByText('All scans synced')).toBeVisible();
    await expect(main.getByText('2 of 2 checked in')).toBeVisible();

    // Counted once each, on the server.
    const seats = (await (await page.request.get(`/api/events/${eventId}`)).json()) as {
      event: { seats: { checkedIn: number } };
    };
    expect(seats.event.seats.checkedIn).toBe(2);

    await page.evaluate(() => (window as unknown as { camera: Camera }).camera.show(false));
    await checkAccessible();
    await checkPhoneWidth();
    await page.setViewportSize(DESKTOP);
    for (const other of [asha, bala]) await other.context.close();
  });

  test('a student who does not run the event is told the door is for its organisers', async ({
    page,
    browser,
    baseURL,
  }) => {
    const secretary = await otherBrowser(browser, baseURL);
    await signInByApi(secretary.context.request, SCITECH.email);
    const eventId = await openEvent(secretary.context.request, `Quiz ${suffix()}`);
    await onboardedStudentByApi(page.request, 'visitor');
    await page.goto(`/events/${eventId}/check-in`);
    await expect(
      page.getByText("Only the event's organisers and the council's officials can do this."),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Scan with the camera' })).toHaveCount(0);
    await secretary.context.close();
  });
});
