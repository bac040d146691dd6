import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPages } from '../../../test/load-pages';
import { renderApp, stubApi } from '../../../test/render-app';
import { CLAIM_ID, coordinator, lineHistory, QUIZ_EVENTS_LINE_ID } from './money-fixtures';

beforeAll(loadPages, 30_000);

const firstRender = { timeout: 10_000 };
const linePath = `/api/money/lines/${QUIZ_EVENTS_LINE_ID}`;

describe('/money/lines/{id}', { timeout: 30_000 }, () => {
  it('shows the line’s figures and its ledger, newest first, on the institute clock', async () => {
    stubApi({ session: coordinator, [linePath]: lineHistory });
    renderApp(`/money/lines/${QUIZ_EVENTS_LINE_ID}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Quiz Club: Events' }, firstRender),
    ).toBeInTheDocument();
    expect(screen.getByText('Budget line for 2026-2027')).toBeInTheDocument();
    const figures = within(screen.getByLabelText("The line's figures"));
    expect(figures.getByText('₹40,000.00')).toBeInTheDocument();
    expect(figures.getAllByText('₹12,500.00')).toHaveLength(2);

    const rows = within(
      screen.getByRole('table', { name: 'Ledger entries, newest first' }),
    ).getAllByRole('row');
    expect(rows.slice(1).map((row) => row.textContent)).toEqual([
      'When3 Sep 2026, 12:00EntryPaidAmount₹15,000.00ByPriya VenkateshReason or referenceReference UTR-7788ClaimView claim',
      'When1 Aug 2026, 09:30EntryPassed down from the councilAmount₹40,000.00ByIshita ReddyReason or referenceQuiz seasonClaim—',
    ]);
    expect(screen.getByRole('link', { name: 'View claim' })).toHaveAttribute(
      'href',
      `/money/claims/${CLAIM_ID}`,
    );
    expect(screen.getByRole('link', { name: '← Back to the budgets' })).toHaveAttribute(
      'href',
      '/money?tenureYear=2026-2027',
    );
  });

  it('says so when the line does not exist', async () => {
    stubApi({
      session: coordinator,
      [linePath]: {
        status: 404,
        body: { error: { code: 'NOT_FOUND', message: 'This budget line does not exist.' } },
      },
    });
    renderApp(`/money/lines/${QUIZ_EVENTS_LINE_ID}`);
    expect(
      await screen.findByText('This budget line does not exist.', {}, firstRender),
    ).toBeInTheDocument();
  });
});
