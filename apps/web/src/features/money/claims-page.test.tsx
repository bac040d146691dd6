import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPages } from '../../../test/load-pages';
import { renderApp, stubApi } from '../../../test/render-app';
import { CLAIM_ID, claimList, claimRow, secretary, student } from './money-fixtures';

beforeAll(loadPages, 30_000);

const firstRender = { timeout: 10_000 };
const urlsOf = (fetchMock: ReturnType<typeof stubApi>, path: string) =>
  fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.startsWith(path));

describe('/money/claims', { timeout: 30_000 }, () => {
  it('lists the claims with their club, line, payee, amount and status, and how many await the reader', async () => {
    stubApi({
      session: secretary,
      '/api/money/claims': claimList(
        [
          claimRow(),
          claimRow({
            id: '00000000-0000-4000-8000-0000000000ca',
            claimCode: 'CLM-2026-0003',
            status: 'approved',
            event: null,
            line: { id: 'l2', heading: null, tenureYear: '2026-2027' },
            amount: 9000,
            approvedAmount: 8000,
            payee: 'Café Coffee',
          }),
        ],
        1,
      ),
    });
    renderApp('/money/claims');
    const link = await screen.findByRole('link', { name: 'CLM-2026-0007' }, firstRender);
    expect(link).toHaveAttribute('href', `/money/claims/${CLAIM_ID}`);
    expect(within(link.closest('tr')!).getByText('Awaiting the general secretary')).toBeInTheDocument();
    expect(within(link.closest('tr')!).getByText('Inter-college quiz')).toBeInTheDocument();
    expect(within(link.closest('tr')!).getByText('Events, 2026-2027')).toBeInTheDocument();
    const approved = within(screen.getByRole('link', { name: 'CLM-2026-0003' }).closest('tr')!);
    expect(approved.getByText('Approved, awaiting payment')).toBeInTheDocument();
    expect(approved.getByText('General, 2026-2027')).toBeInTheDocument();
    expect(approved.getByText('₹9,000.00')).toBeInTheDocument();
    expect(approved.getByText('₹8,000.00 approved')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Awaiting me (1)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New claim' })).toHaveAttribute('href', '/money/claims/new');
  });

  it('carries the filters of the address to the list and to the CSV link, and follows a change', async () => {
    const fetchMock = stubApi({ session: secretary, '/api/money/claims': claimList([claimRow()], 3) });
    renderApp('/money/claims?status=submitted&tenureYear=2026-2027&q=print&mine=awaiting');
    const exportLink = await screen.findByRole('link', { name: 'Export CSV' }, firstRender);
    expect(exportLink).toHaveAttribute(
      'href',
      '/api/money/claims/export?status=submitted&tenureYear=2026-2027&mine=awaiting&q=print',
    );
    await waitFor(() =>
      expect(urlsOf(fetchMock, '/api/money/claims?')).toContain(
        '/api/money/claims?status=submitted&tenureYear=2026-2027&mine=awaiting&q=print&page=1&pageSize=20',
      ),
    );
    expect(screen.getByRole('tab', { name: 'Awaiting me (3)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Paid');
    await userEvent.click(screen.getByRole('tab', { name: 'All claims' }));
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
        'href',
        '/api/money/claims/export?status=paid&tenureYear=2026-2027&q=print',
      ),
    );
  });

  it('filters by every status, a withdrawn approval too', async () => {
    const fetchMock = stubApi({ session: secretary, '/api/money/claims': claimList([claimRow()]) });
    renderApp('/money/claims');
    const status = await screen.findByRole('combobox', { name: 'Status' }, firstRender);
    expect(
      within(status)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'All statuses',
      'Draft',
      'Awaiting the general secretary',
      'Sent back for changes',
      'Awaiting the president',
      'Approved, awaiting payment',
      'Rejected',
      'Paid',
      'Approval withdrawn, not paid',
    ]);
    await userEvent.selectOptions(status, 'Approval withdrawn, not paid');
    await waitFor(() =>
      expect(urlsOf(fetchMock, '/api/money/claims?')).toContain(
        '/api/money/claims?status=cancelled&page=1&pageSize=20',
      ),
    );
  });

  it('tells a student with no claims how claims come about', async () => {
    stubApi({ session: student, '/api/money/claims': claimList([]) });
    renderApp('/money/claims');
    expect(await screen.findByText('No claims yet.', {}, firstRender)).toBeInTheDocument();
    expect(
      screen.getByText(
        'A club’s coordinator or an organiser of its event files a claim with its receipts.',
      ),
    ).toBeInTheDocument();
  });
});
