import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPages } from '../../../test/load-pages';
import { makeUser, renderApp, stubApi } from '../../../test/render-app';
import { eventList, eventSummary, TECH_FEST_ID } from './event-fixtures';

beforeAll(loadPages, 30_000);

// The first render of a lazy page in a file is cold; the query that waits for it waits longer.
const firstRender = { timeout: 10_000 };
const session = { body: { user: makeUser() } };

const techFest = eventSummary();
const danceNight = eventSummary({
  id: '00000000-0000-4000-8000-0000000000e2',
  eventCode: 'EVT-0002',
  title: 'Dance Night',
  description: null,
  category: 'cultural',
  mode: null,
  venue: null,
  // 22:00 on 5 December to 01:00 on 6 December in Asia/Kolkata
  start: '2026-12-05T16:30:00.000Z',
  end: '2026-12-05T19:30:00.000Z',
  status: 'cancelled',
  unitName: null,
});
const quiz = eventSummary({
  id: '00000000-0000-4000-8000-0000000000e3',
  title: 'Quiz Bowl',
  start: null,
  end: null,
});

/** The query strings of the list requests sent so far, oldest first. */
function listRequests(fetchMock: ReturnType<typeof stubApi>): Record<string, string>[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/events')
    .map((url) => Object.fromEntries(url.searchParams));
}

const lastRequest = (fetchMock: ReturnType<typeof stubApi>) => listRequests(fetchMock).at(-1);
const card = (title: string) => within(screen.getByRole('heading', { name: title }).closest('article')!);

describe('/events', { timeout: 20_000 }, () => {
  it('shows each card with its time on the institute clock, place, unit and status', async () => {
    stubApi({
      session,
      '/api/events': eventList([techFest, danceNight, quiz], { counts: { upcoming: 3, past: 7 } }),
    });
    renderApp('/events');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Events' }, firstRender),
    ).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Tech Fest' });

    const fest = card('Tech Fest');
    for (const text of [
      'Three days of talks and hacks.',
      '1 Dec 2026, 18:30 – 21:00',
      'Technical',
      'Hybrid',
      'Lecture Hall 1',
      'Coding Club',
    ]) {
      expect(fest.getByText(text)).toBeInTheDocument();
    }
    expect(fest.queryByText('Cancelled')).not.toBeInTheDocument();

    const dance = card('Dance Night');
    expect(dance.getByText('5 Dec 2026, 22:00 – 6 Dec 2026, 01:00')).toBeInTheDocument();
    expect(dance.getByText('Cultural')).toBeInTheDocument();
    expect(dance.getByText('Cancelled')).toBeInTheDocument();
    // No mode, no venue, no unit.
    expect(dance.getAllByText('N/A')).toHaveLength(3);

    expect(card('Quiz Bowl').getByText('To be announced')).toBeInTheDocument();
  });

  it("links 'View More', named with the event's title, to the event's page", async () => {
    stubApi({ session, '/api/events': eventList([techFest, danceNight]) });
    renderApp('/events');
    const link = await screen.findByRole('link', { name: 'View More about Tech Fest' }, firstRender);
    expect(link).toHaveAttribute('href', `/events/${TECH_FEST_ID}`);
    expect(link).toHaveTextContent('View More');
    expect(screen.getByRole('link', { name: 'View More about Dance Night' })).toHaveAttribute(
      'href',
      '/events/00000000-0000-4000-8000-0000000000e2',
    );
  });

  it('opens on the upcoming tab with both counts, and the past tab asks for past events', async () => {
    const fetchMock = stubApi({
      session,
      '/api/events': eventList([techFest], { counts: { upcoming: 1, past: 7 } }),
    });
    renderApp('/events');
    const upcoming = await screen.findByRole('tab', { name: 'Upcoming (1)' }, firstRender);
    expect(upcoming).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Upcoming (1)',
      'Past (7)',
    ]);
    expect(lastRequest(fetchMock)).toEqual({ when: 'upcoming', page: '1', pageSize: '20' });

    await userEvent.click(screen.getByRole('tab', { name: 'Past (7)' }));
    await waitFor(() =>
      expect(lastRequest(fetchMock)).toEqual({ when: 'past', page: '1', pageSize: '20' }),
    );
    expect(screen.getByRole('tab', { name: 'Past (7)' })).toHaveAttribute('aria-selected', 'true');
  });

  it('sends the search once typing pauses, and keeps the tab', async () => {
    const fetchMock = stubApi({ session, '/api/events': eventList([techFest]) });
    renderApp('/events?when=past');
    await screen.findByRole('heading', { name: 'Tech Fest' }, firstRender);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search events' }), 'fest');
    await waitFor(() =>
      expect(lastRequest(fetchMock)).toEqual({ q: 'fest', when: 'past', page: '1', pageSize: '20' }),
    );
    // One request for the whole word, none for each letter typed.
    expect(listRequests(fetchMock).filter((params) => 'q' in params)).toHaveLength(1);
  });

  it('reads the tab, search and page from the address', async () => {
    const fetchMock = stubApi({
      session,
      '/api/events': eventList([techFest], { total: 45, page: 2, counts: { upcoming: 3, past: 45 } }),
    });
    renderApp('/events?when=past&q=fest&page=2');
    await screen.findByRole('heading', { name: 'Tech Fest' }, firstRender);
    expect(listRequests(fetchMock)).toEqual([{ q: 'fest', when: 'past', page: '2', pageSize: '20' }]);
    expect(screen.getByRole('searchbox', { name: 'Search events' })).toHaveValue('fest');
    expect(screen.getByRole('tab', { name: 'Past (45)' })).toHaveAttribute('aria-selected', 'true');
  });

  it("offers the tab's CSV as a download carrying the search and unit, never the page", async () => {
    const clubId = '00000000-0000-4000-8000-0000000000d1';
    stubApi({
      session: { body: { user: makeUser({ role: 'PRESIDENT' }) } },
      '/api/events': eventList([techFest], { total: 45, page: 2 }),
    });
    renderApp(`/events?when=past&q=fest&unitId=${clubId}&page=2`);
    await screen.findByRole('heading', { name: 'Tech Fest' }, firstRender);
    const link = screen.getByRole('link', { name: 'Export CSV' });
    expect(link).toHaveAttribute('href', `/api/events/export?q=fest&unitId=${clubId}&when=past`);
    expect(link).toHaveAttribute('download');
    await userEvent.click(screen.getByRole('tab', { name: /^Upcoming/ }));
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
        'href',
        `/api/events/export?q=fest&unitId=${clubId}&when=upcoming`,
      ),
    );
  });

  it('pages through a long list on the server', async () => {
    const fetchMock = stubApi({
      session,
      '/api/events': eventList([techFest], { total: 45, counts: { upcoming: 45, past: 0 } }),
    });
    renderApp('/events');
    expect(await screen.findByText('Page 1 of 3', {}, firstRender)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(lastRequest(fetchMock)).toEqual({ when: 'upcoming', page: '2', pageSize: '20' }),
    );
  });

  it.each([
    ['/events', 'No upcoming events.'],
    ['/events?when=past', 'No past events.'],
    ['/events?q=zzz', 'No events match your search.'],
  ])('on %s with nothing to show says %j', async (path, text) => {
    stubApi({ session, '/api/events': eventList([], { counts: { upcoming: 0, past: 0 } }) });
    renderApp(path);
    expect(await screen.findByText(text, {}, firstRender)).toBeInTheDocument();
  });

  it('says the list could not be loaded, with Retry', async () => {
    let calls = 0;
    stubApi({
      session,
      '/api/events': () =>
        ++calls === 1
          ? { status: 500, body: { error: { code: 'INTERNAL_ERROR', message: 'Internal error' } } }
          : eventList([techFest]),
    });
    renderApp('/events');
    expect(await screen.findByRole('alert', {}, firstRender)).toHaveTextContent(
      'Events could not be loaded. Please try again.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Tech Fest' })).toBeInTheDocument();
  });

  it("offers 'Create Event' only to those who may create events", async () => {
    stubApi({
      session: { body: { user: makeUser({ role: 'PRESIDENT' }) } },
      '/api/events': eventList([techFest], { canCreate: true }),
    });
    renderApp('/events');
    expect(await screen.findByRole('link', { name: 'Create Event' }, firstRender)).toHaveAttribute(
      'href',
      '/add-event',
    );
  });

  it("hides 'Create Event' from students", async () => {
    stubApi({ session, '/api/events': eventList([techFest], { canCreate: false }) });
    renderApp('/events');
    await screen.findByRole('heading', { name: 'Tech Fest' }, firstRender);
    expect(screen.queryByRole('link', { name: 'Create Event' })).not.toBeInTheDocument();
  });

  it("narrows the list to one unit from ?unitId, says which, and clears it with 'Show all events'", async () => {
    const clubId = '00000000-0000-4000-8000-0000000000d1';
    const fetchMock = stubApi({
      session,
      '/api/events': () =>
        eventList(
          [techFest],
          lastRequest(fetchMock)?.unitId ? { unit: { id: clubId, name: 'Coding Club' } } : {},
        ),
    });
    renderApp(`/events?unitId=${clubId}`);
    const filter = await screen.findByText(/^Showing the events of/, {}, firstRender);
    await waitFor(() => expect(filter).toHaveTextContent('Showing the events of Coding Club'));
    expect(lastRequest(fetchMock)).toMatchObject({ unitId: clubId });
    await userEvent.click(screen.getByRole('button', { name: 'Show all events' }));
    await waitFor(() => expect(screen.queryByText(/^Showing the events of/)).not.toBeInTheDocument());
    expect(lastRequest(fetchMock)).not.toHaveProperty('unitId');
  });

  it('ignores a unit that is no id', async () => {
    const fetchMock = stubApi({ session, '/api/events': eventList([techFest]) });
    renderApp('/events?unitId=coding-club');
    await screen.findByRole('heading', { name: 'Tech Fest' }, firstRender);
    expect(lastRequest(fetchMock)).not.toHaveProperty('unitId');
    expect(screen.queryByText(/^Showing the events of/)).not.toBeInTheDocument();
  });
});
