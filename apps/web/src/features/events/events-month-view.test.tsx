import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadPages } from '../../../test/load-pages';
import { makeUser, renderApp, stubApi } from '../../../test/render-app';
import { eventList, eventSummary, TECH_FEST_ID } from './event-fixtures';

beforeAll(loadPages, 30_000);

const firstRender = { timeout: 10_000 };
const session = { body: { user: makeUser() } };

// 1 December 2026 is a Tuesday; 'today' is 10 December on the institute's clock (Asia/Kolkata).
const NOW = new Date('2026-12-10T06:00:00.000Z');
const DANCE_ID = '00000000-0000-4000-8000-0000000000e2';
const MIDNIGHT_ID = '00000000-0000-4000-8000-0000000000e3';

const month = [
  // 18:30 on 1 December in Asia/Kolkata
  eventSummary(),
  eventSummary({
    id: DANCE_ID,
    title: 'Dance Night',
    // 22:00 on 5 December
    start: '2026-12-05T16:30:00.000Z',
    end: '2026-12-05T19:30:00.000Z',
    status: 'cancelled',
  }),
  eventSummary({
    id: MIDNIGHT_ID,
    title: 'Stargazing',
    approval: 'proposed',
    // 00:30 on 7 December in Asia/Kolkata, still 6 December in UTC
    start: '2026-12-06T19:00:00.000Z',
    end: '2026-12-06T21:00:00.000Z',
  }),
];

function listRequests(fetchMock: ReturnType<typeof stubApi>): Record<string, string>[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/events')
    .map((url) => Object.fromEntries(url.searchParams));
}
const lastRequest = (fetchMock: ReturnType<typeof stubApi>) => listRequests(fetchMock).at(-1);

/** A window `width` pixels wide, as far as CSS media queries go. */
function windowOf(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: /max-width: 639/.test(query) ? width < 640 : false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

const day = (name: RegExp) => within(screen.getByRole('cell', { name }));

beforeEach(() => {
  // Only the clock is faked: the page's timers and the user's typing run as usual.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});

describe('/events month view', { timeout: 20_000 }, () => {
  it("opens this month on the institute's clock, weeks from Monday, each event on its day", async () => {
    const fetchMock = stubApi({ session, '/api/events': eventList(month) });
    renderApp('/events');
    await userEvent.click(await screen.findByRole('button', { name: 'Month' }, firstRender));
    expect(await screen.findByRole('heading', { name: 'December 2026' })).toBeInTheDocument();
    await waitFor(() => expect(lastRequest(fetchMock)).toEqual({ month: '2026-12' }));
    expect(screen.getByRole('button', { name: 'Month' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();

    const table = screen.getByRole('table', { name: 'Events in December 2026' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    const [firstWeek] = within(table).getAllByRole('row').slice(1);
    const firstCells = within(firstWeek!).getAllByRole('cell');
    expect(firstCells[0]).toHaveTextContent(/^$/);
    expect(firstCells[1]).toHaveTextContent(/^1/);
    expect(within(table).getAllByRole('row')).toHaveLength(6);

    expect(day(/^Tue, 1 Dec 2026/).getByRole('link', { name: '18:30 Tech Fest' })).toHaveAttribute(
      'href',
      `/events/${TECH_FEST_ID}`,
    );
    expect(
      day(/^Sat, 5 Dec 2026/).getByRole('link', { name: '22:00 Dance Night (Cancelled)' }),
    ).toHaveAttribute('href', `/events/${DANCE_ID}`);
    // Past midnight on the institute's clock: the next day, though UTC still says the 6th.
    expect(
      day(/^Mon, 7 Dec 2026/).getByRole('link', { name: '00:30 Stargazing (Awaiting approval)' }),
    ).toHaveAttribute('href', `/events/${MIDNIGHT_ID}`);
    expect(day(/^Sun, 6 Dec 2026/).queryByRole('link')).not.toBeInTheDocument();

    const today = day(/^Thu, 10 Dec 2026/);
    expect(screen.getByRole('cell', { name: /^Thu, 10 Dec 2026/ })).toHaveAttribute(
      'aria-current',
      'date',
    );
    expect(today.getByText('Today')).toBeInTheDocument();
    expect(screen.getAllByText('Today')).toHaveLength(1);
  });

  it('moves to the previous and next months, and back to this month', async () => {
    const fetchMock = stubApi({ session, '/api/events': eventList([]) });
    renderApp('/events?month=2026-12');
    await screen.findByRole('heading', { name: 'December 2026' }, firstRender);
    expect(screen.queryByRole('button', { name: 'This month' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next month' }));
    expect(await screen.findByRole('heading', { name: 'January 2027' })).toBeInTheDocument();
    await waitFor(() => expect(lastRequest(fetchMock)).toEqual({ month: '2027-01' }));
    expect(screen.getByText('No events in January 2027.')).toBeInTheDocument();
    // January 2027 starts on a Friday.
    const [firstWeek] = screen.getAllByRole('row').slice(1);
    expect(within(firstWeek!).getAllByRole('cell')[4]).toHaveTextContent(/^1/);
    expect(screen.queryByText('Today')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(await screen.findByRole('heading', { name: 'November 2026' })).toBeInTheDocument();
    await waitFor(() => expect(lastRequest(fetchMock)).toEqual({ month: '2026-11' }));
    await userEvent.click(screen.getByRole('button', { name: 'This month' }));
    expect(await screen.findByRole('heading', { name: 'December 2026' })).toBeInTheDocument();
  });

  it('sends the filters with the month, and goes back to the list', async () => {
    const fetchMock = stubApi({ session, '/api/events': eventList(month) });
    renderApp('/events?month=2027-02&category=cultural&week=true&q=jam');
    expect(
      await screen.findByRole('heading', { name: 'February 2027' }, firstRender),
    ).toBeInTheDocument();
    expect(listRequests(fetchMock)).toEqual([
      { q: 'jam', category: 'cultural', week: 'true', month: '2027-02' },
    ]);
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/events/export?q=jam&category=cultural&week=true&month=2027-02',
    );
    await userEvent.click(screen.getByRole('button', { name: 'List' }));
    expect(await screen.findByRole('tab', { name: /^Upcoming/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await waitFor(() =>
      expect(lastRequest(fetchMock)).toEqual({
        q: 'jam',
        category: 'cultural',
        week: 'true',
        when: 'upcoming',
        page: '1',
        pageSize: '20',
      }),
    );
  });

  it('ignores a month that is none', async () => {
    const fetchMock = stubApi({ session, '/api/events': eventList(month) });
    renderApp('/events?month=2026-13');
    expect(await screen.findByRole('tab', { name: /^Upcoming/ }, firstRender)).toBeInTheDocument();
    expect(listRequests(fetchMock)).toEqual([{ when: 'upcoming', page: '1', pageSize: '20' }]);
  });

  it('is a day-by-day agenda on a phone, today kept in sight', async () => {
    windowOf(375);
    stubApi({ session, '/api/events': eventList(month) });
    renderApp('/events?month=2026-12');
    const agenda = await screen.findByRole('list', { name: 'Events in December 2026' }, firstRender);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(
      within(agenda)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Tue, 1 Dec 2026', 'Sat, 5 Dec 2026', 'Mon, 7 Dec 2026', 'Thu, 10 Dec 2026 · Today']);
    const days = within(agenda)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === agenda);
    expect(within(days[0]!).getByRole('link', { name: '18:30 Tech Fest' })).toHaveAttribute(
      'href',
      `/events/${TECH_FEST_ID}`,
    );
    expect(days[3]).toHaveAttribute('aria-current', 'date');
    expect(within(days[3]!).getByText('No events today.')).toBeInTheDocument();
  });

  it('says the month has no events on a phone', async () => {
    windowOf(375);
    stubApi({ session, '/api/events': eventList([]) });
    renderApp('/events?month=2027-03');
    expect(await screen.findByText('No events in March 2027.', {}, firstRender)).toBeInTheDocument();
  });

  it('says the month could not be loaded, with Retry', async () => {
    let calls = 0;
    stubApi({
      session,
      '/api/events': () =>
        ++calls === 1
          ? { status: 500, body: { error: { code: 'INTERNAL_ERROR', message: 'Internal error' } } }
          : eventList(month),
    });
    renderApp('/events?month=2026-12');
    expect(await screen.findByRole('alert', {}, firstRender)).toHaveTextContent(
      'Events could not be loaded. Please try again.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: '18:30 Tech Fest' })).toBeInTheDocument();
  });
});
