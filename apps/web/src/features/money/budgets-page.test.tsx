import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPages } from '../../../test/load-pages';
import { renderApp, sentBodies, stubApi } from '../../../test/render-app';
import {
  admin,
  coordinator,
  COUNCIL_LINE_ID,
  overview,
  president,
  QUIZ_CLUB_ID,
  QUIZ_EVENTS_LINE_ID,
  secretary,
} from './money-fixtures';

beforeAll(loadPages, 30_000);

const firstRender = { timeout: 10_000 };
const unitCard = (name: string) => within(screen.getByRole('region', { name: new RegExp(`^${name}`) }));
const urlsOf = (fetchMock: ReturnType<typeof stubApi>, path: string) =>
  fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.startsWith(path));

describe('/money', { timeout: 30_000 }, () => {
  it('shows each unit’s lines with allocated, committed, paid and available, the totals, and links to each line', async () => {
    stubApi({ session: coordinator, '/api/money/budgets': overview() });
    renderApp('/money');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Club money' }, firstRender),
    ).toBeInTheDocument();
    const totals = within(await screen.findByRole('region', { name: 'Totals for 2026-2027' }));
    expect(totals.getByText('₹2,00,000.00')).toBeInTheDocument();
    expect(totals.getByText('₹1,72,500.00')).toBeInTheDocument();
    expect(
      screen.getByText('Claims above ₹25,000.00 also need the president’s approval.'),
    ).toBeInTheDocument();

    const quiz = unitCard('Quiz Club');
    const events = quiz.getByRole('link', { name: 'Events line of Quiz Club' });
    expect(events).toHaveAttribute('href', `/money/lines/${QUIZ_EVENTS_LINE_ID}`);
    const eventsRow = within(events.closest('tr')!);
    expect(eventsRow.getByText('₹40,000.00')).toBeInTheDocument();
    expect(eventsRow.getAllByText('₹12,500.00')).toHaveLength(2);
    expect(eventsRow.getByText('₹15,000.00')).toBeInTheDocument();
    expect(eventsRow.getByText('69% used')).toBeInTheDocument();
    expect(quiz.getByRole('link', { name: 'General line of Quiz Club' })).toBeInTheDocument();
    expect(within(quiz.getByText('Total').closest('tr')!).getByText('₹22,500.00')).toBeInTheDocument();

    // A coordinator neither allocates, passes money down nor sets the threshold.
    expect(screen.queryByRole('button', { name: 'Allocate' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Pass down/ })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Approval by the president' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/money/budgets/export?tenureYear=2026-2027',
    );
  });

  it('asks for another tenure and searches by name, and the CSV link follows the tenure', async () => {
    const fetchMock = stubApi({ session: coordinator, '/api/money/budgets': overview() });
    renderApp('/money');
    const tenure = await screen.findByRole('combobox', { name: 'Tenure' }, firstRender);
    expect(tenure).toHaveValue('2026-2027');
    await userEvent.selectOptions(tenure, '2024-2025');
    await waitFor(() =>
      expect(urlsOf(fetchMock, '/api/money/budgets')).toContain(
        '/api/money/budgets?tenureYear=2024-2025',
      ),
    );
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/money/budgets/export?tenureYear=2024-2025',
    );
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'quiz');
    await waitFor(() =>
      expect(urlsOf(fetchMock, '/api/money/budgets')).toContain(
        '/api/money/budgets?tenureYear=2024-2025&q=quiz',
      ),
    );
  });

  it('pages through many councils and clubs, the totals staying those of all of them', async () => {
    const fetchMock = stubApi({
      session: president,
      '/api/money/budgets': overview({ unitCount: 45, mayAllocate: true }),
    });
    renderApp('/money');
    const pages = await screen.findByRole('navigation', { name: 'Budget pages' }, firstRender);
    expect(within(pages).getByText('Page 1 of 3')).toBeInTheDocument();
    await userEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(urlsOf(fetchMock, '/api/money/budgets')).toContain('/api/money/budgets?page=2'),
    );
  });

  it('turns an old link past the last page to the last page', async () => {
    const fetchMock = stubApi({
      session: president,
      '/api/money/budgets': overview({ unitCount: 45, units: [], page: 7 }),
    });
    renderApp('/money?page=7');
    await waitFor(
      () => expect(urlsOf(fetchMock, '/api/money/budgets')).toContain('/api/money/budgets?page=3'),
      firstRender,
    );
  });

  it('says when no budget is there yet, and when the budgets could not be loaded', async () => {
    stubApi({ session: coordinator, '/api/money/budgets': overview({ units: [] }) });
    const { unmount } = renderApp('/money');
    expect(
      await screen.findByText('No budgets for 2026-2027 yet.', {}, firstRender),
    ).toBeInTheDocument();
    unmount();
    stubApi({ session: coordinator, '/api/money/budgets': 'network-error' });
    renderApp('/money');
    expect(
      await screen.findByText(
        'The budgets could not be loaded. Check your connection and try again.',
        {},
        firstRender,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('lets the president allocate, checking the form before sending', async () => {
    const fetchMock = stubApi({
      session: president,
      '/api/money/budgets': overview({ mayAllocate: true }),
      '/api/lookup/units': { body: { items: [] } },
      'POST /api/money/allocations': {
        status: 201,
        body: {
          line: {
            id: QUIZ_EVENTS_LINE_ID,
            heading: 'events',
            allocated: 45000,
            committed: 12500,
            paid: 15000,
            available: 17500,
          },
        },
      },
    });
    renderApp('/money');
    await userEvent.click(await screen.findByRole('button', { name: 'Allocate' }, firstRender));
    const dialog = within(await screen.findByRole('dialog', { name: 'Allocate money for 2026-2027' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Allocate' }));
    expect(await dialog.findByText('Unit: choose a council or a club.')).toBeInTheDocument();
    expect(
      dialog.getByText('Amount: enter rupees above 0 with at most two decimals (up to ₹10,00,00,000).'),
    ).toBeInTheDocument();
    expect(dialog.getByText('Reason: say why, in a line or two.')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/money/allocations')).toEqual([]);

    await userEvent.click(await dialog.findByRole('combobox', { name: /^Council or club/ }));
    await userEvent.click(await screen.findByRole('option', { name: /^Quiz Club/ }));
    await userEvent.selectOptions(dialog.getByRole('combobox', { name: /^Heading/ }), 'Events');
    await userEvent.type(dialog.getByRole('textbox', { name: /^Amount/ }), '5000');
    await userEvent.type(dialog.getByRole('textbox', { name: /^Reason/ }), 'Second quiz');
    await userEvent.click(dialog.getByRole('button', { name: 'Allocate' }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, 'POST', '/api/money/allocations')).toEqual([
        {
          tenureYear: '2026-2027',
          unitId: QUIZ_CLUB_ID,
          heading: 'events',
          change: 'add',
          amount: 5000,
          reason: 'Second quiz',
        },
      ]),
    );
  });

  it('lets an official pass a council’s money down to a club, and shows the server’s refusal', async () => {
    const fetchMock = stubApi({
      session: secretary,
      '/api/money/budgets': overview(),
      '/api/lookup/units': {
        body: { items: [{ id: QUIZ_CLUB_ID, label: 'Quiz Club', detail: 'club' }] },
      },
      'POST /api/money/transfers': {
        status: 409,
        body: { error: { code: 'CONFLICT', message: 'The line has ₹1,000.00 left.' } },
      },
    });
    renderApp('/money');
    const passDown = await screen.findByRole(
      'button',
      { name: 'Pass down to a club from Technical Council, General' },
      firstRender,
    );
    // Only the council's line passes money down.
    expect(unitCard('Quiz Club').queryByRole('button', { name: /^Pass down/ })).toBeNull();
    await userEvent.click(passDown);
    const dialog = within(await screen.findByRole('dialog', { name: 'Pass down to a club' }));
    await userEvent.click(await dialog.findByRole('combobox', { name: /^Club/ }));
    await userEvent.click(await screen.findByRole('option', { name: /^Quiz Club/ }));
    await userEvent.type(dialog.getByRole('textbox', { name: /^Amount/ }), '2500.50');
    await userEvent.type(dialog.getByRole('textbox', { name: /^Reason/ }), 'Quiz season');
    await userEvent.click(dialog.getByRole('button', { name: 'Pass down' }));
    expect(await dialog.findByText('The line has ₹1,000.00 left.')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/money/transfers')).toEqual([
      {
        fromLineId: COUNCIL_LINE_ID,
        toUnitId: QUIZ_CLUB_ID,
        heading: null,
        amount: 2500.5,
        reason: 'Quiz season',
      },
    ]);
  });

  it('gives the administrator the threshold of the president’s approval', async () => {
    const fetchMock = stubApi({
      session: admin,
      '/api/money/budgets': overview(),
      'PUT /api/money/settings': { body: { presidentAbove: 30000 } },
    });
    renderApp('/money');
    const form = within(
      await screen.findByRole('form', { name: 'Approval by the president' }, firstRender),
    );
    const amount = form.getByRole('textbox', {
      name: /^Claims above this amount also need the president’s approval/,
    });
    expect(amount).toHaveValue('25000');
    await userEvent.clear(amount);
    await userEvent.type(amount, 'lots');
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    expect(
      await form.findByText('Amount: enter rupees, 0 or more, with at most two decimals.'),
    ).toBeInTheDocument();
    await userEvent.clear(amount);
    await userEvent.type(amount, '30000');
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, 'PUT', '/api/money/settings')).toEqual([{ presidentAbove: 30000 }]),
    );
  });
});
