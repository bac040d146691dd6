import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPages } from '../../../test/load-pages';
import { makeUser, renderApp, stubApi } from '../../../test/render-app';
import { eventList, eventSummary } from './event-fixtures';

beforeAll(loadPages, 30_000);

// The first render of a lazy page in a file is cold; the query that waits for it waits longer.
const firstRender = { timeout: 10_000 };
const student = { body: { user: makeUser() } };
const secretary = { body: { user: makeUser({ role: 'GENSEC_CULTURAL', name: 'Kavya Rao' }) } };
const CLUB_ID = '00000000-0000-4000-8000-0000000000d1';

/** The query strings of the list requests sent so far, oldest first. */
function listRequests(fetchMock: ReturnType<typeof stubApi>): Record<string, string>[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/events')
    .map((url) => Object.fromEntries(url.searchParams));
}
const lastRequest = (fetchMock: ReturnType<typeof stubApi>) => listRequests(fetchMock).at(-1);
const card = (title: string) => within(screen.getByRole('heading', { name: title }).closest('article')!);

const techFest = eventSummary();

describe('/events filters', { timeout: 20_000 }, () => {
  it('narrows the list by category, registration open and this week, each sent to the server', async () => {
    const fetchMock = stubApi({ session: student, '/api/events': eventList([techFest]) });
    renderApp('/events');
    const category = await screen.findByRole('combobox', { name: 'Category' }, firstRender);
    expect(
      within(category)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All categories', 'Cultural', 'Technical', 'Sports', 'Academic', 'Other']);
    await userEvent.selectOptions(category, 'sports');
    await waitFor(() =>
      expect(lastRequest(fetchMock)).toEqual({
        category: 'sports',
        when: 'upcoming',
        page: '1',
        pageSize: '20',
      }),
    );
    await userEvent.click(screen.getByRole('checkbox', { name: 'Registration open' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'This week' }));
    await waitFor(() =>
      expect(lastRequest(fetchMock)).toEqual({
        category: 'sports',
        open: 'true',
        week: 'true',
        when: 'upcoming',
        page: '1',
        pageSize: '20',
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() =>
      expect(lastRequest(fetchMock)).toEqual({ when: 'upcoming', page: '1', pageSize: '20' }),
    );
    expect(screen.getByRole('checkbox', { name: 'Registration open' })).not.toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('');
  });

  it('reads the filters from the address, ignoring a category that is none, and carries them into the CSV', async () => {
    const fetchMock = stubApi({ session: student, '/api/events': eventList([techFest]) });
    renderApp('/events?category=cultural&open=true&week=true&when=past');
    await screen.findByRole('heading', { name: 'Tech Fest' }, firstRender);
    expect(listRequests(fetchMock)).toEqual([
      { category: 'cultural', open: 'true', week: 'true', when: 'past', page: '1', pageSize: '20' },
    ]);
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('cultural');
    expect(screen.getByRole('checkbox', { name: 'Registration open' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'This week' })).toBeChecked();
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/events/export?category=cultural&open=true&week=true&when=past',
    );
  });

  it('ignores a category and flags that make no sense', async () => {
    const fetchMock = stubApi({ session: student, '/api/events': eventList([techFest]) });
    renderApp('/events?category=parties&open=yes&pending=1');
    await screen.findByRole('heading', { name: 'Tech Fest' }, firstRender);
    expect(listRequests(fetchMock)).toEqual([{ when: 'upcoming', page: '1', pageSize: '20' }]);
  });

  it('picks a club from the units lookup and names it', async () => {
    const fetchMock = stubApi({
      session: student,
      '/api/events': () =>
        eventList(
          [techFest],
          lastRequest(fetchMock)?.unitId ? { unit: { id: CLUB_ID, name: 'Music Club' } } : {},
        ),
      '/api/lookup/units': { body: { items: [{ id: CLUB_ID, label: 'Music Club', detail: 'club' }] } },
    });
    renderApp('/events');
    await userEvent.click(await screen.findByRole('combobox', { name: 'Club' }, firstRender));
    await userEvent.click(await screen.findByRole('option', { name: /^Music Club/ }));
    await waitFor(() => expect(lastRequest(fetchMock)).toMatchObject({ unitId: CLUB_ID }));
    expect(screen.getByRole('combobox', { name: 'Club' })).toHaveValue('Music Club');
    expect(await screen.findByText(/^Showing the events of/)).toHaveTextContent(
      'Showing the events of Music Club',
    );
  });

  it("offers 'Awaiting your decision (N)' only with proposals to decide, and asks for them", async () => {
    const fetchMock = stubApi({
      session: secretary,
      '/api/events': eventList([techFest], { awaitingDecision: 3 }),
    });
    renderApp('/events');
    const pending = await screen.findByRole(
      'checkbox',
      { name: 'Awaiting your decision (3)' },
      firstRender,
    );
    await userEvent.click(pending);
    await waitFor(() =>
      expect(lastRequest(fetchMock)).toEqual({
        pending: 'true',
        when: 'upcoming',
        page: '1',
        pageSize: '20',
      }),
    );
  });

  it("shows no 'Awaiting your decision' filter to a student", async () => {
    stubApi({ session: student, '/api/events': eventList([techFest]) });
    renderApp('/events');
    await screen.findByRole('heading', { name: 'Tech Fest' }, firstRender);
    expect(screen.queryByRole('checkbox', { name: /^Awaiting your decision/ })).not.toBeInTheDocument();
  });

  it('says no event matches the filters', async () => {
    stubApi({ session: student, '/api/events': eventList([], { counts: { upcoming: 0, past: 0 } }) });
    renderApp('/events?open=true');
    expect(
      await screen.findByText('No events match these filters.', {}, firstRender),
    ).toBeInTheDocument();
  });

  it("links 'My events' in the header", async () => {
    stubApi({ session: student, '/api/events': eventList([techFest]) });
    renderApp('/events');
    expect(await screen.findByRole('link', { name: 'My events' }, firstRender)).toHaveAttribute(
      'href',
      '/events/mine',
    );
  });
});

describe('/events cards', { timeout: 20_000 }, () => {
  it('marks proposals and open registration', async () => {
    const id = (n: number) => `00000000-0000-4000-8000-0000000000f${n}`;
    stubApi({
      session: secretary,
      '/api/events': eventList([
        eventSummary({ id: id(1), title: 'Open Mic', approval: 'proposed' }),
        eventSummary({ id: id(2), title: 'Jam Session', approval: 'changes_requested' }),
        eventSummary({ id: id(3), title: 'Rave', approval: 'rejected' }),
        eventSummary({
          id: id(4),
          title: 'Hackathon',
          start: '2099-03-01T04:30:00.000Z',
          end: '2099-03-02T04:30:00.000Z',
          registrationRequired: true,
          registrationStart: '2020-01-01T04:30:00.000Z',
          registrationEnd: '2099-02-28T18:00:00.000Z',
        }),
        eventSummary({
          id: id(5),
          title: 'Closed Quiz',
          start: '2099-03-01T04:30:00.000Z',
          registrationRequired: true,
          registrationStart: '2020-01-01T04:30:00.000Z',
          registrationEnd: '2021-01-01T04:30:00.000Z',
        }),
        eventSummary({
          id: id(6),
          title: 'Proposed Workshop',
          approval: 'proposed',
          start: '2099-03-01T04:30:00.000Z',
          registrationRequired: true,
          registrationStart: '2020-01-01T04:30:00.000Z',
          registrationEnd: null,
        }),
      ]),
    });
    renderApp('/events');
    await screen.findByRole('heading', { name: 'Open Mic' }, firstRender);
    expect(card('Open Mic').getByText('Awaiting approval')).toBeInTheDocument();
    expect(card('Jam Session').getByText('Changes requested')).toBeInTheDocument();
    expect(card('Rave').getByText('Rejected')).toBeInTheDocument();
    expect(card('Hackathon').getByText('Registration open')).toBeInTheDocument();
    expect(card('Hackathon').queryByText('Awaiting approval')).not.toBeInTheDocument();
    expect(card('Closed Quiz').queryByText('Registration open')).not.toBeInTheDocument();
    // A proposal takes no registrations, whatever its window says.
    expect(card('Proposed Workshop').queryByText('Registration open')).not.toBeInTheDocument();
    expect(card('Proposed Workshop').getByText('Awaiting approval')).toBeInTheDocument();
  });
});
