import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { giveBlobsArrayBuffer } from '../../../test/blob-array-buffer';
import { loadPages } from '../../../test/load-pages';
import { currentPath, renderApp, sentBodies, stubApi } from '../../../test/render-app';
import {
  claim,
  CLAIM_ID,
  claimOptions,
  coordinator,
  QUIZ_CLUB_ID,
  QUIZ_EVENT_ID,
  QUIZ_EVENTS_LINE_ID,
  unitLines,
} from './money-fixtures';

beforeAll(loadPages, 30_000);

beforeAll(giveBlobsArrayBuffer);

const firstRender = { timeout: 10_000 };
const claimPath = `/api/money/claims/${CLAIM_ID}`;
const draft = claim({
  status: 'draft',
  receipts: [],
  submittedAt: null,
  version: 'v1',
  may: { edit: true, submit: true, decide: false, pay: false, withdraw: false, delete: true },
});
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
const pngFile = new File([PNG], 'bill.png', { type: 'image/png' });

function stubFiling(overrides: Record<string, unknown> = {}) {
  return stubApi({
    session: coordinator,
    '/api/money/claims/options': claimOptions,
    [`/api/money/units/${QUIZ_CLUB_ID}/lines`]: unitLines,
    'POST /api/money/claims': { status: 201, body: { claim: draft } },
    [`POST ${claimPath}/receipts`]: {
      status: 201,
      body: {
        claim: {
          ...draft,
          version: 'v2',
          receipts: [
            { id: 'r1', contentType: 'image/jpeg', bytes: 12, uploadedAt: '2026-09-01T05:00:00.000Z' },
          ],
        },
      },
    },
    [`POST ${claimPath}/submission`]: { body: { claim: claim({ version: 'v3' }) } },
    [claimPath]: { body: { claim: claim() } },
    ...overrides,
  });
}

const form = async () => within(await screen.findByRole('form', { name: 'New claim' }, firstRender));

describe('/money/claims/new', { timeout: 30_000 }, () => {
  it('says what is missing before sending: no line, no amount, no payee, no description, no receipt', async () => {
    const fetchMock = stubFiling();
    renderApp('/money/claims/new');
    const claimForm = await form();
    // The one club the reader files for is chosen already.
    expect(claimForm.getByRole('combobox', { name: /^Club/ })).toHaveValue(QUIZ_CLUB_ID);
    await userEvent.click(claimForm.getByRole('button', { name: 'Submit' }));
    expect(
      await claimForm.findByText('The claim cannot be submitted yet: see what is missing below.'),
    ).toBeInTheDocument();
    expect(
      claimForm.getByText('Budget line: choose the line this expense is paid from.'),
    ).toBeInTheDocument();
    expect(claimForm.getByText('Payee: say who is to be paid.')).toBeInTheDocument();
    expect(claimForm.getByText('Description: say what was bought or paid for.')).toBeInTheDocument();
    expect(
      claimForm.getByText('Receipts: attach at least one receipt (PDF, JPEG or PNG) before submitting.'),
    ).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/money/claims')).toEqual([]);
  });

  it('refuses to submit without a receipt even when every field is filled, but saves a draft', async () => {
    const fetchMock = stubFiling();
    renderApp('/money/claims/new');
    const claimForm = await form();
    await userEvent.selectOptions(
      await claimForm.findByRole('combobox', { name: /^Budget line/ }),
      'Events: ₹12,500.00 available',
    );
    await userEvent.type(claimForm.getByRole('textbox', { name: /^Amount/ }), '4500');
    await userEvent.type(claimForm.getByRole('textbox', { name: /^Payee/ }), 'Sharma Printers');
    await userEvent.type(claimForm.getByRole('textbox', { name: /^Description/ }), 'Question booklets');
    await userEvent.click(claimForm.getByRole('button', { name: 'Submit' }));
    expect(
      await claimForm.findByText(
        'Receipts: attach at least one receipt (PDF, JPEG or PNG) before submitting.',
      ),
    ).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/money/claims')).toEqual([]);

    await userEvent.click(claimForm.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(currentPath()).toBe(`/money/claims/${CLAIM_ID}`));
    expect(sentBodies(fetchMock, 'POST', '/api/money/claims')).toEqual([
      {
        unitId: QUIZ_CLUB_ID,
        lineId: QUIZ_EVENTS_LINE_ID,
        eventId: null,
        amount: 4500,
        payee: 'Sharma Printers',
        description: 'Question booklets',
      },
    ]);
    expect(sentBodies(fetchMock, 'POST', `${claimPath}/submission`)).toEqual([]);
  });

  it('refuses a file that is not a PDF, JPEG or PNG by its bytes, then files, attaches and submits with the latest version', async () => {
    const fetchMock = stubFiling();
    renderApp('/money/claims/new');
    const claimForm = await form();
    await userEvent.selectOptions(
      claimForm.getByRole('combobox', { name: /^Event/ }),
      'Inter-college quiz',
    );
    await userEvent.selectOptions(
      await claimForm.findByRole('combobox', { name: /^Budget line/ }),
      'Events: ₹12,500.00 available',
    );
    await userEvent.type(claimForm.getByRole('textbox', { name: /^Amount/ }), '4500.50');
    await userEvent.type(claimForm.getByRole('textbox', { name: /^Payee/ }), 'Sharma Printers');
    await userEvent.type(claimForm.getByRole('textbox', { name: /^Description/ }), 'Question booklets');

    const input = claimForm.getByLabelText('Add receipts');
    await userEvent.upload(
      input,
      new File(['<html>not a bill</html>'], 'bill.png', { type: 'image/png' }),
    );
    expect(
      await claimForm.findByText(
        'bill.png: Receipt: this file is not a PDF, JPEG or PNG, whatever its name says. Save it as one of these and try again.',
      ),
    ).toBeInTheDocument();
    await userEvent.upload(input, pngFile);
    expect(await claimForm.findByText('bill.png', { selector: 'span' })).toBeInTheDocument();

    await userEvent.click(claimForm.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(currentPath()).toBe(`/money/claims/${CLAIM_ID}`));
    expect(sentBodies(fetchMock, 'POST', '/api/money/claims')).toEqual([
      {
        unitId: QUIZ_CLUB_ID,
        lineId: QUIZ_EVENTS_LINE_ID,
        eventId: QUIZ_EVENT_ID,
        amount: 4500.5,
        payee: 'Sharma Printers',
        description: 'Question booklets',
      },
    ]);
    const [sent] = sentBodies(fetchMock, 'POST', `${claimPath}/receipts`) as FormData[];
    expect((sent!.get('receipt') as File).name).toBe('bill.png');
    expect(sentBodies(fetchMock, 'POST', `${claimPath}/submission`)).toEqual([{ version: 'v2' }]);
  });

  it('keeps the draft when the server refuses a receipt, and says what to do', async () => {
    stubFiling({
      [`POST ${claimPath}/receipts`]: {
        status: 400,
        body: {
          error: {
            code: 'VALIDATION_ERROR',
            message: 'Receipt: the picture could not be read. Take or save it again and try again.',
            fields: {
              receipt: 'Receipt: the picture could not be read. Take or save it again and try again.',
            },
          },
        },
      },
    });
    renderApp('/money/claims/new');
    const claimForm = await form();
    await userEvent.selectOptions(
      await claimForm.findByRole('combobox', { name: /^Budget line/ }),
      'Events: ₹12,500.00 available',
    );
    await userEvent.type(claimForm.getByRole('textbox', { name: /^Amount/ }), '4500');
    await userEvent.type(claimForm.getByRole('textbox', { name: /^Payee/ }), 'Sharma Printers');
    await userEvent.type(claimForm.getByRole('textbox', { name: /^Description/ }), 'Question booklets');
    await userEvent.upload(claimForm.getByLabelText('Add receipts'), pngFile);
    await userEvent.click(await claimForm.findByRole('button', { name: 'Submit' }));
    expect(
      await claimForm.findByText(
        'The claim is saved as a draft, but bill.png was not attached: Receipt: the picture could not be read. Take or save it again and try again. Remove it or choose another file, then save again.',
      ),
    ).toBeInTheDocument();
    expect(currentPath()).toBe('/money/claims/new');
  });
});

describe('/money/claims/{id}/edit', { timeout: 30_000 }, () => {
  it('changes the draft with the version it was read at', async () => {
    const fetchMock = stubFiling({
      [claimPath]: { body: { claim: draft } },
      [`PUT ${claimPath}`]: { body: { claim: { ...draft, version: 'v5' } } },
    });
    renderApp(`/money/claims/${CLAIM_ID}/edit`);
    const claimForm = within(
      await screen.findByRole('form', { name: 'Edit claim CLM-2026-0007' }, firstRender),
    );
    await waitFor(() =>
      expect(claimForm.getByRole('combobox', { name: /^Budget line/ })).toHaveValue(QUIZ_EVENTS_LINE_ID),
    );
    const payee = claimForm.getByRole('textbox', { name: /^Payee/ });
    await userEvent.clear(payee);
    await userEvent.type(payee, 'Sharma Print House');
    await userEvent.click(claimForm.getByRole('button', { name: 'Save draft' }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, 'PUT', claimPath)).toEqual([
        {
          unitId: QUIZ_CLUB_ID,
          lineId: QUIZ_EVENTS_LINE_ID,
          eventId: QUIZ_EVENT_ID,
          amount: 4500,
          payee: 'Sharma Print House',
          description: 'Question booklets for the quiz',
          version: 'v1',
        },
      ]),
    );
  });
});
