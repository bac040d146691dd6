import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast';
import { loadPages } from '../../../../test/load-pages';
import { renderApp, stubApi } from '../../../../test/render-app';
import {
  firstRender,
  session,
  row,
  preview,
  csvFile,
  choose,
} from '../../../../test/admin-import-fixtures';
import { fakeXhr } from '../../../../test/fake-xhr';

beforeAll(loadPages, 30_000);
afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
});

// Typed by hand: the roll never gives a proven or claimed account another address.
const PROVEN_REASON =
  "This Student ID's account has another e-mail address, which its student has proven or signs in with; the roll never changes it. Correct the file's e-mail, or leave the row out.";

// Typed by hand: the reason of one of 20,000 identical rows.
const SAME_ID_ROW =
  'The same Student ID is on 20,000 rows of the file: rows 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 and 19,990 more.';

describe('/admin/import: refusals', { timeout: 30_000 }, () => {
  it("shows the server's reason when it refuses the file, and when the file changed since its preview", async () => {
    stubApi({ session });
    const sent = fakeXhr();
    renderApp('/admin/import');
    await choose();
    sent[0]!.respond(400, {
      error: {
        code: 'VALIDATION_FAILED',
        message: 'The file is empty.',
        fields: { file: 'The file is empty.' },
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('The file is empty.');
    expect(screen.queryByRole('region', { name: /Preview of/ })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Preview import' }));
    sent[1]!.respond(200, preview);
    await userEvent.click(await screen.findByRole('button', { name: 'Import 3 students' }));
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Import 3 students' }));
    const mismatch = 'This file is not the one you previewed. Preview it again before importing.';
    sent[2]!.respond(409, { error: { code: 'CONFLICT', message: mismatch } });
    expect(await dialog.findByRole('alert')).toHaveTextContent(mismatch);
    expect(screen.queryByRole('region', { name: 'Import finished' })).toBeNull();
  });

  it('refuses a file over 10 MB before uploading it, and offers no import when nothing would be written', async () => {
    stubApi({ session });
    const sent = fakeXhr();
    renderApp('/admin/import');
    const big = new File(['x'], 'big.csv', { type: 'text/csv' });
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    await userEvent.upload(await screen.findByLabelText('Roll file (CSV)', {}, firstRender), big);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The file is larger than 10 MB. Split the roll into smaller files.',
    );
    expect(screen.getByRole('button', { name: 'Preview import' })).toBeDisabled();

    await userEvent.upload(screen.getByLabelText('Roll file (CSV)'), csvFile('same.csv'));
    await userEvent.click(screen.getByRole('button', { name: 'Preview import' }));
    sent[0]!.respond(200, {
      ...preview,
      fileName: 'same.csv',
      totals: { rows: 1, new: 0, changed: 0, unchanged: 1, refused: 0 },
      rows: [row({ outcome: 'unchanged' })],
      ignoredColumns: [],
    });
    const card = within(await screen.findByRole('region', { name: 'Preview of same.csv' }));
    expect(card.getByRole('button', { name: 'Import 0 students' })).toBeDisabled();
    expect(card.getByRole('tab', { name: 'Unchanged (1)' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(card.getByRole('tab', { name: 'Refused (0)' }));
    expect(card.getByText('No refused rows')).toBeInTheDocument();
    await waitFor(() => expect(sent).toHaveLength(1));
  });

  it("lists the refusal of another address for a student's proven account with the row, and offers nothing to import", async () => {
    stubApi({ session });
    const sent = fakeXhr();
    renderApp('/admin/import');
    await choose(csvFile('proven.csv'));
    const refusedRow = row({
      row: 2,
      outcome: 'refused',
      studentId: '12230120',
      name: 'Meera Iyer',
      email: 'someone.else@iitbhilai.ac.in',
      reasons: [PROVEN_REASON],
    });
    sent[0]!.respond(200, {
      ...preview,
      fileName: 'proven.csv',
      totals: { rows: 1, new: 0, changed: 0, unchanged: 0, refused: 1 },
      rows: [],
      refusals: [{ reason: PROVEN_REASON, count: 1, rows: [refusedRow] }],
      ignoredColumns: [],
    });
    const card = within(await screen.findByRole('region', { name: 'Preview of proven.csv' }));
    expect(card.getByRole('tab', { name: 'Refused (1)' })).toHaveAttribute('aria-selected', 'true');
    const refused = within(card.getByRole('article', { name: 'Row 2' }));
    expect(
      refused.getByText('12230120 · Meera Iyer · someone.else@iitbhilai.ac.in'),
    ).toBeInTheDocument();
    const reasons = within(refused.getByRole('list', { name: 'Why row 2 is refused' }));
    expect(reasons.getAllByRole('listitem').map((item) => item.textContent)).toEqual([PROVEN_REASON]);
    expect(card.getByRole('button', { name: 'Import 0 students' })).toBeDisabled();
  });

  it('counts 20,000 refused rows by reason, lists the first 50 of each and offers them all as CSV', async () => {
    stubApi({ session });
    const sent = fakeXhr();
    renderApp('/admin/import');
    await choose(csvFile('same.csv'));
    const same = (n: number) =>
      row({ row: n, outcome: 'refused', studentId: '31000001', reasons: [SAME_ID_ROW] });
    sent[0]!.respond(200, {
      ...preview,
      fileName: 'same.csv',
      totals: { rows: 20_000, new: 0, changed: 0, unchanged: 0, refused: 20_000 },
      rows: [],
      refusals: [
        {
          reason: 'The same Student ID is on more than one row of the file.',
          count: 20_000,
          rows: Array.from({ length: 50 }, (_, index) => same(index + 2)),
        },
      ],
      ignoredColumns: [],
    });
    const card = within(await screen.findByRole('region', { name: 'Preview of same.csv' }));
    expect(card.getByRole('tab', { name: 'Refused (20,000)' })).toHaveAttribute('aria-selected', 'true');
    expect(
      card.getByText('The same Student ID is on more than one row of the file.', { exact: false }),
    ).toHaveTextContent('The same Student ID is on more than one row of the file. (20,000 rows)');
    expect(
      card.getByText('Listing the first 50 of 20,000 rows; the download has them all.'),
    ).toBeInTheDocument();
    expect(card.getAllByRole('article')).toHaveLength(50);
    expect(card.getByRole('button', { name: 'Download refused rows (CSV)' })).toBeEnabled();
  });
});
