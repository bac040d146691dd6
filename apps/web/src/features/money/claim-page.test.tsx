import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPages } from '../../../test/load-pages';
import { currentPath, renderApp, sentBodies, stubApi } from '../../../test/render-app';
import { admin, claim, CLAIM_ID, coordinator, secretary } from './money-fixtures';

beforeAll(loadPages, 30_000);

const firstRender = { timeout: 10_000 };
const claimPath = `/api/money/claims/${CLAIM_ID}`;
const deciding = {
  edit: false,
  submit: false,
  decide: true,
  pay: false,
  withdraw: false,
  delete: false,
};
const buttonsOf = () =>
  within(screen.getByRole('region', { name: 'Actions' }))
    .queryAllByRole('button')
    .map((button) => button.textContent);
const detail = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;

describe('/money/claims/{id}', { timeout: 30_000 }, () => {
  it('shows the claim, its receipts and its timeline on the institute clock, and no action it does not allow', async () => {
    stubApi({ session: coordinator, [claimPath]: { body: { claim: claim() } } });
    renderApp(`/money/claims/${CLAIM_ID}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Claim CLM-2026-0007' }, firstRender),
    ).toBeInTheDocument();
    expect(screen.getByText('Awaiting the general secretary')).toBeInTheDocument();
    expect(detail('Club')).toHaveTextContent('Quiz Club');
    expect(detail('Event')).toHaveTextContent('Inter-college quiz');
    expect(detail('Budget line')).toHaveTextContent('Events, 2026-2027');
    expect(detail('Amount claimed')).toHaveTextContent('₹4,500.00');
    expect(detail('Submitted')).toHaveTextContent('1 Sep 2026, 10:30');
    // What the line has left is for those who decide or pay.
    expect(screen.queryByText('Available on the line now')).toBeNull();
    expect(screen.getByRole('link', { name: 'Receipt 1' })).toHaveAttribute(
      'href',
      `${claimPath}/receipts/r1`,
    );
    expect(screen.getByText('PDF, 240 KB · attached 31 Aug 2026, 17:30')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Steps of the claim' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Filed as a draft by Kabir Singh: ₹4,500.0031 Aug 2026, 17:20',
      'Submitted by Kabir Singh1 Sep 2026, 10:30',
    ]);
    expect(screen.queryByRole('region', { name: 'Actions' })).toBeNull();
  });

  it('offers the filer of a draft only Edit, Submit and Delete, and asks before deleting', async () => {
    const fetchMock = stubApi({
      session: coordinator,
      [claimPath]: {
        body: {
          claim: claim({
            status: 'draft',
            may: { edit: true, submit: true, decide: false, pay: false, withdraw: false, delete: true },
          }),
        },
      },
      [`DELETE ${claimPath}`]: { status: 204 },
      '/api/money/claims': { body: { items: [], total: 0, page: 1, pageSize: 20, awaitingMe: 0 } },
    });
    renderApp(`/money/claims/${CLAIM_ID}`);
    expect(await screen.findByRole('link', { name: 'Edit' }, firstRender)).toHaveAttribute(
      'href',
      `/money/claims/${CLAIM_ID}/edit`,
    );
    expect(buttonsOf()).toEqual(['Submit', 'Delete']);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Delete the draft CLM-2026-0007?' }),
    );
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    await userEvent.click(dialog.getByRole('button', { name: 'Delete draft' }));
    await waitFor(() => expect(currentPath()).toBe('/money/claims'));
  });

  it('offers the decider approve, send back and reject, with what the line has left, and refuses a partial approval without a reason', async () => {
    const fetchMock = stubApi({
      session: secretary,
      [claimPath]: { body: { claim: claim({ may: deciding }) } },
      [`POST ${claimPath}/decision`]: {
        body: { claim: claim({ status: 'secretary_approved', approvedAmount: 4000 }) },
      },
    });
    renderApp(`/money/claims/${CLAIM_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Claim CLM-2026-0007' }, firstRender);
    expect(buttonsOf()).toEqual(['Approve', 'Send back', 'Reject']);
    expect(detail('Available on the line now')).toHaveTextContent('₹12,500.00');

    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Approve the claim' }));
    const amount = dialog.getByRole('textbox', { name: /^Amount approved/ });
    expect(amount).toHaveValue('4500');
    await userEvent.clear(amount);
    await userEvent.type(amount, '5000');
    await userEvent.click(dialog.getByRole('button', { name: 'Approve' }));
    expect(await dialog.findByText('Amount: approve at most the amount claimed.')).toBeInTheDocument();
    await userEvent.clear(amount);
    await userEvent.type(amount, '4000');
    await userEvent.click(dialog.getByRole('button', { name: 'Approve' }));
    expect(
      await dialog.findByText('Reason: say why less than the claimed amount is approved.'),
    ).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', `${claimPath}/decision`)).toEqual([]);

    await userEvent.type(dialog.getByRole('textbox', { name: /^Reason/ }), 'Printing capped at ₹4,000');
    await userEvent.click(dialog.getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, 'POST', `${claimPath}/decision`)).toEqual([
        { decision: 'approve', amount: 4000, reason: 'Printing capped at ₹4,000', version: 'v2' },
      ]),
    );
  });

  it('requires a reason to send a claim back, and says to reload when the claim changed meanwhile', async () => {
    const fetchMock = stubApi({
      session: secretary,
      [claimPath]: { body: { claim: claim({ may: deciding }) } },
      [`POST ${claimPath}/decision`]: {
        status: 409,
        body: {
          error: {
            code: 'CONFLICT',
            message: 'This claim changed since you opened it. Reload it to see what changed.',
          },
        },
      },
    });
    renderApp(`/money/claims/${CLAIM_ID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Send back' }, firstRender));
    const dialog = within(await screen.findByRole('dialog', { name: 'Send the claim back' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Send back' }));
    expect(
      await dialog.findByText('Reason: say why, so the filer knows what to do next.'),
    ).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', `${claimPath}/decision`)).toEqual([]);
    await userEvent.type(dialog.getByRole('textbox', { name: /^Reason/ }), 'Attach the GST bill');
    await userEvent.click(dialog.getByRole('button', { name: 'Send back' }));
    expect(
      await screen.findByText('This claim changed since you opened it. Reload it to see what changed.'),
    ).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', `${claimPath}/decision`)).toEqual([
      { decision: 'return', reason: 'Attach the GST bill', version: 'v2' },
    ]);
    expect(screen.getByRole('button', { name: 'Reload the claim' })).toBeInTheDocument();
  });

  it('offers the accounts office Mark paid only on a claim it may pay, with the payment’s reference', async () => {
    const approved = claim({ status: 'approved', approvedAmount: 4000 });
    const fetchMock = stubApi({
      session: admin,
      [claimPath]: {
        body: {
          claim: {
            ...approved,
            may: {
              edit: false,
              submit: false,
              decide: false,
              pay: true,
              withdraw: false,
              delete: false,
            },
          },
        },
      },
      [`POST ${claimPath}/payment`]: {
        body: { claim: { ...approved, status: 'paid', paymentReference: 'UTR-1' } },
      },
    });
    renderApp(`/money/claims/${CLAIM_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Claim CLM-2026-0007' }, firstRender);
    expect(buttonsOf()).toEqual(['Mark paid']);
    await userEvent.click(screen.getByRole('button', { name: 'Mark paid' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Mark the claim paid' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Mark paid' }));
    expect(
      await dialog.findByText(
        'Reference: enter the payment’s reference (a transaction or voucher number).',
      ),
    ).toBeInTheDocument();
    await userEvent.type(dialog.getByRole('textbox', { name: /^Reference/ }), 'UTR-1');
    await userEvent.click(dialog.getByRole('button', { name: 'Mark paid' }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, 'POST', `${claimPath}/payment`)).toEqual([
        { reference: 'UTR-1', version: 'v2' },
      ]),
    );
  });

  it('offers the accounts office Withdraw approval next to Mark paid, asks for the reason, shows a refusal, then the withdrawn claim', async () => {
    const reason = 'The quiz was called off; the printer refunded us';
    const approved = claim({
      status: 'approved',
      approvedAmount: 4000,
      may: { edit: false, submit: false, decide: false, pay: true, withdraw: true, delete: false },
    });
    const withdrawn = claim({
      status: 'cancelled',
      approvedAmount: 4000,
      version: 'v4',
      steps: [
        ...approved.steps,
        {
          action: 'cancelled',
          actor: { id: 'u9', name: 'Priya Venkatesh' },
          amount: 4000,
          reason,
          reference: null,
          at: '2026-09-04T06:30:00.000Z',
        },
      ],
    });
    const answers = [
      {
        status: 403,
        body: {
          error: {
            code: 'FORBIDDEN',
            message: 'Only the institute administrator withdraws approvals here.',
          },
        },
      },
      { body: { claim: withdrawn } },
    ];
    let done = false;
    const fetchMock = stubApi({
      session: admin,
      [claimPath]: () => ({ body: { claim: done ? withdrawn : approved } }),
      [`POST ${claimPath}/withdrawal`]: () => {
        const answer = answers.shift()!;
        done = answer.status === undefined;
        return answer;
      },
    });
    renderApp(`/money/claims/${CLAIM_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Claim CLM-2026-0007' }, firstRender);
    expect(buttonsOf()).toEqual(['Mark paid', 'Withdraw approval']);
    expect(screen.getByText('Approved, awaiting payment')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Withdraw approval' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Withdraw the approval' }));
    expect(
      dialog.getByText(
        'CLM-2026-0007: ₹4,000.00 to Sharma Printers will not be paid, and ₹4,000.00 goes back to the budget line.',
      ),
    ).toBeInTheDocument();
    await userEvent.type(dialog.getByRole('textbox', { name: /^Reason/ }), '   ');
    await userEvent.click(dialog.getByRole('button', { name: 'Withdraw approval' }));
    expect(
      await dialog.findByText(
        'Reason: say why the approval is withdrawn, so the filer and the approvers know.',
      ),
    ).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', `${claimPath}/withdrawal`)).toEqual([]);

    await userEvent.clear(dialog.getByRole('textbox', { name: /^Reason/ }));
    await userEvent.type(dialog.getByRole('textbox', { name: /^Reason/ }), reason);
    await userEvent.click(dialog.getByRole('button', { name: 'Withdraw approval' }));
    expect(
      await dialog.findByText('Only the institute administrator withdraws approvals here.'),
    ).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Withdraw approval' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentBodies(fetchMock, 'POST', `${claimPath}/withdrawal`)).toEqual([
      { reason, version: 'v2' },
      { reason, version: 'v2' },
    ]);
    expect(await screen.findByText('Approval withdrawn, not paid')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Actions' })).toBeNull();
    const steps = within(screen.getByRole('list', { name: 'Steps of the claim' })).getAllByRole(
      'listitem',
    );
    expect(steps.at(-1)).toHaveTextContent(
      `Approval withdrawn by Priya Venkatesh: ₹4,000.00Reason: ${reason}4 Sep 2026, 12:00`,
    );
  });
});
