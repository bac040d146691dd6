import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadPages } from '../../../test/load-pages';
import { renderApp, stubApi } from '../../../test/render-app';
import { coordinator, emptyReport, president, termReport } from './report-fixtures';

beforeAll(loadPages, 30_000);

const firstRender = { timeout: 10_000 };
const section = (name: string) => within(screen.getByRole('region', { name }));
const reportUrls = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.startsWith('/api/reports/'));
const rowOf = (table: HTMLElement, name: string) =>
  within(within(table).getByRole('rowheader', { name }).closest('tr')!);

describe('/reports', { timeout: 30_000 }, () => {
  it('shows the scope, the period and each section with its summary, chart, table and CSV file', async () => {
    const fetchMock = stubApi({ session: president, '/api/reports/term': { body: termReport } });
    renderApp('/reports?tenure=2025-2026');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Term report' }, firstRender),
    ).toBeInTheDocument();
    expect(await screen.findByText('All of the council')).toBeInTheDocument();
    expect(screen.getByText('Tenure 2025-2026 (1 Jul 2025 to 30 Jun 2026)')).toBeInTheDocument();
    expect(reportUrls(fetchMock)).toEqual(['/api/reports/term?tenure=2025-2026']);

    const reach = section('Reach');
    expect(reach.getByText('412 of 1,980 students (21%) took part.')).toBeInTheDocument();
    expect(
      reach.getByRole('img', {
        name: 'By batch, the share who took part ranged from 14% (2024) to 31% (2022).',
      }),
    ).toBeInTheDocument();
    const byBatch = reach.getByRole('table', { name: 'Students who took part, by batch' });
    expect(
      rowOf(byBatch, '2022')
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['480', '150', '31%']);
    expect(reach.getByRole('link', { name: 'Download CSV of the reach' })).toHaveAttribute(
      'href',
      '/api/reports/term/export?chart=reach&tenure=2025-2026',
    );

    await userEvent.click(reach.getByRole('tab', { name: 'By program' }));
    const byProgram = await reach.findByRole('table', { name: 'Students who took part, by program' });
    expect(
      rowOf(byProgram, 'Other groups (fewer than 5 each)')
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['480', 'fewer than 5', '—']);

    expect(
      section('Concentration').getByText('The busiest tenth of participants had 38% of all activities.'),
    ).toBeInTheDocument();

    const events = section('Events');
    expect(
      events.getByText('34 events, 1,200 registrations and 950 attended; no-show rate 12%.'),
    ).toBeInTheDocument();
    const tiles = within(events.getByLabelText('Events in all'));
    expect(tiles.getByText('No-show rate').nextSibling).toHaveTextContent('12%');
    const byCategory = events.getByRole('table', { name: 'Events by category' });
    expect(
      rowOf(byCategory, 'Technical')
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['20', '800', '640', '96', '12%']);
    expect(
      rowOf(byCategory, 'All events')
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['34', '1,200', '950', '144', '12%']);
    const byClub = events.getByRole('table', { name: 'Events by club' });
    expect(
      rowOf(byClub, 'Chess Club')
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2', '12', 'fewer than 5', 'fewer than 5', '—']);
    expect(events.getByRole('link', { name: 'Download CSV of the events by club' })).toHaveAttribute(
      'href',
      '/api/reports/term/export?chart=events-by-club&tenure=2025-2026',
    );

    const feedback = section('Feedback');
    expect(
      feedback.getByText(
        '120 feedback received, 90 resolved (75%). Half were resolved within 36 h, nine in ten within 5 days.',
      ),
    ).toBeInTheDocument();
    const byType = feedback.getByRole('table', { name: 'Feedback by type' });
    expect(
      rowOf(byType, 'Suggestion')
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['50', '30', '60%', '2.5 days', '8.3 days']);

    expect(
      section('Endorsements and verifications').getByText(
        'Achievements: 40 decided, 6 waiting, half within 36 h; Skills: fewer than 5 decided, 12 waiting; Position records: 9 decided, 0 waiting, half within 12 h.',
      ),
    ).toBeInTheDocument();

    const budgets = section('Budgets');
    expect(
      budgets.getByText(
        'Budget lines of 2025-2026: ₹2,00,000 allocated, ₹12,500 committed and ₹29,000 paid; ₹31 per attendee.',
      ),
    ).toBeInTheDocument();
    const costs = budgets.getByRole('table', { name: 'Budgets and cost per attendee' });
    expect(
      rowOf(costs, 'Quiz Club')
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['₹50,000', '₹12,500', '₹27,000', '180', '₹150']);
    expect(
      rowOf(costs, 'Chess Club')
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['₹10,000', '₹0', '₹2,000', 'fewer than 5', '—']);

    const elections = section('Elections');
    expect(
      elections.getByText('2 posts were voted on; turnout ranged from 34% to 70%.'),
    ).toBeInTheDocument();
    expect(
      rowOf(elections.getByRole('table', { name: 'Turnout by post' }), 'President')
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['General elections 2026', '1,980', '1,386', '70%']);
  });

  it('draws no bar for a hidden figure and says "fewer than 5" in its place', async () => {
    stubApi({ session: president, '/api/reports/term': { body: termReport } });
    renderApp('/reports?tenure=2025-2026');
    const chart = await screen.findByRole(
      'img',
      { name: /^Cost per attendee by council and club\./ },
      firstRender,
    );
    // Quiz Club has a bar and its cost; Chess Club's attendances are hidden: no bar, the words.
    expect(chart.querySelectorAll('rect')).toHaveLength(1);
    expect(within(chart).getByText('₹150')).toBeInTheDocument();
    expect(within(chart).getByText('fewer than 5')).toBeInTheDocument();
  });

  it('asks for the current tenure when none is chosen, and follows the tenure chosen in the address and the CSV links', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2027-03-15T10:00:00+05:30'));
    const fetchMock = stubApi({ session: president, '/api/reports/term': { body: termReport } });
    renderApp('/reports');
    const tenure = await screen.findByRole('combobox', { name: 'Tenure' }, firstRender);
    expect(tenure).toHaveValue('2026-2027');
    await waitFor(() => expect(reportUrls(fetchMock)).toEqual(['/api/reports/term?tenure=2026-2027']));
    await userEvent.selectOptions(tenure, '2024-2025');
    await waitFor(() => expect(reportUrls(fetchMock)).toContain('/api/reports/term?tenure=2024-2025'));
    expect(screen.getByRole('link', { name: 'Download CSV of the budgets' })).toHaveAttribute(
      'href',
      '/api/reports/term/export?chart=budgets&tenure=2024-2025',
    );
  });

  it('checks a date range before asking for it', async () => {
    const fetchMock = stubApi({ session: president, '/api/reports/term': { body: termReport } });
    renderApp('/reports?tenure=2025-2026');
    await userEvent.selectOptions(
      await screen.findByRole('combobox', { name: 'Period' }, firstRender),
      'Date range',
    );
    const form = within(screen.getByRole('form', { name: 'Date range' }));
    const from = form.getByLabelText('From');
    const to = form.getByLabelText('To');
    await userEvent.clear(from);
    await userEvent.type(from, '2026-08-10');
    await userEvent.clear(to);
    await userEvent.type(to, '2026-08-01');
    await userEvent.click(form.getByRole('button', { name: 'Show report' }));
    expect(
      await form.findByText('The end date must be on or after the start date.'),
    ).toBeInTheDocument();
    expect(to).toHaveAccessibleDescription('The end date must be on or after the start date.');
    expect(reportUrls(fetchMock)).toEqual(['/api/reports/term?tenure=2025-2026']);

    await userEvent.clear(to);
    await userEvent.type(to, '2026-12-31');
    await userEvent.click(form.getByRole('button', { name: 'Show report' }));
    await waitFor(() =>
      expect(reportUrls(fetchMock)).toContain('/api/reports/term?from=2026-08-10&to=2026-12-31'),
    );
    expect(screen.getByRole('link', { name: 'Download CSV of the reach' })).toHaveAttribute(
      'href',
      '/api/reports/term/export?chart=reach&from=2026-08-10&to=2026-12-31',
    );
  });

  it('tells a coordinator without a club that there is nothing to report on', async () => {
    stubApi({
      session: coordinator,
      '/api/reports/term': {
        status: 404,
        body: {
          error: {
            code: 'NOT_FOUND',
            message: 'Your account is not linked to a club, so there is no club to report on.',
          },
        },
      },
    });
    renderApp('/reports');
    expect(
      await screen.findByText(
        'Your account is not linked to a club, so there is no club to report on.',
        {},
        firstRender,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Tenure' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('says when a section has nothing, and when the report could not be loaded', async () => {
    stubApi({ session: president, '/api/reports/term': { body: emptyReport } });
    const { unmount } = renderApp('/reports?tenure=2025-2026');
    await screen.findByRole('region', { name: 'Events' }, firstRender);
    expect(section('Events').getByText('No events in this period.')).toBeInTheDocument();
    expect(section('Events').queryByLabelText('Events in all')).toBeNull();
    expect(section('Feedback').getByText('No feedback in this period.')).toBeInTheDocument();
    expect(section('Budgets').getByText('No budget lines for this period.')).toBeInTheDocument();
    expect(
      section('Elections').getByText('No election closed its voting in this period.'),
    ).toBeInTheDocument();
    expect(section('Concentration').getByText('No one took part in this period.')).toBeInTheDocument();
    unmount();
    stubApi({ session: president, '/api/reports/term': 'network-error' });
    renderApp('/reports?tenure=2025-2026');
    expect(
      await screen.findByText(
        'The report could not be loaded. Check your connection and try again.',
        {},
        firstRender,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
