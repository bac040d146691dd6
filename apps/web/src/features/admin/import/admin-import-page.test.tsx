import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RollImportResult, RollPreview, RollRow } from '@cosa/contracts';
import { toast } from '../../../lib/toast';
import { loadPages } from '../../../../test/load-pages';
import { makeUser, renderApp, stubApi } from '../../../../test/render-app';

beforeAll(loadPages, 30_000);
afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
});

const firstRender = { timeout: 10_000 };
const session = {
  body: {
    user: makeUser({
      id: '00000000-0000-4000-8000-00000000ad01',
      role: 'ADMIN',
      name: 'Priya Venkatesh',
      studentId: null,
      onboardingComplete: false,
    }),
  },
};
const DIGEST = 'a'.repeat(64);

// Typed by hand from issue 13.
const CLAIM_HELP =
  'Imported students have no password yet. Each claims their account with "Forgot Password?" on the sign-in page (a link arrives at the imported e-mail address) or with "Sign in with Google" using that address; their profile is already filled in.';
const DOMAIN_REASON = 'Email must be an @iitbhilai.ac.in address.';
// Typed by hand: the roll never gives a proven or claimed account another address.
const PROVEN_REASON =
  "This Student ID's account has another e-mail address, which its student has proven or signs in with; the roll never changes it. Correct the file's e-mail, or leave the row out.";

const row = (overrides: Partial<RollRow>): RollRow => ({
  row: 2,
  outcome: 'new',
  studentId: '25000001',
  name: 'Asha Verma',
  email: 'asha.verma@iitbhilai.ac.in',
  program: 'B.Tech',
  discipline: 'Physics',
  admissionYear: '2024',
  reasons: [],
  changes: [],
  ...overrides,
});

const preview: RollPreview = {
  fileName: 'batch.csv',
  digest: DIGEST,
  totals: { rows: 4, new: 2, changed: 1, unchanged: 0, refused: 1 },
  ignoredColumns: ['Hostel'],
  maxAdmissionYear: 2027,
  rows: [
    row({ row: 2 }),
    row({ row: 3, studentId: '25000002', name: 'Rahul Nair', email: 'rahul.nair@iitbhilai.ac.in' }),
    row({
      row: 4,
      outcome: 'refused',
      studentId: '25000003',
      name: 'Bad Domain',
      email: 'bad@gmail.com',
      reasons: [DOMAIN_REASON],
    }),
    row({
      row: 5,
      outcome: 'changed',
      studentId: '25000004',
      name: 'Kiran S. Rao',
      changes: [
        { field: 'name', before: 'Kiran Rao', after: 'Kiran S. Rao' },
        { field: 'admissionYear', before: null, after: '2024' },
      ],
    }),
  ],
};

const result: RollImportResult = {
  fileName: 'batch.csv',
  digest: DIGEST,
  totals: preview.totals,
  created: 2,
  updated: 1,
  refusedRows: [preview.rows[2]!],
};

/** A stand-in for XMLHttpRequest that the test drives: progress, the end of the upload, an answer, or a failure. */
function fakeXhr() {
  const sent: FakeXhr[] = [];
  class FakeXhr {
    method = '';
    url = '';
    body: unknown;
    status = 0;
    responseText = '';
    upload: {
      onprogress: ((event: Partial<ProgressEvent>) => void) | null;
      onload: (() => void) | null;
    } = { onprogress: null, onload: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader() {}
    send(body: unknown) {
      this.body = body;
      sent.push(this);
    }
    abort() {
      this.onabort?.();
    }
    progress(loaded: number, total: number) {
      act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total }));
    }
    uploaded() {
      act(() => this.upload.onload?.());
    }
    respond(status: number, body: unknown) {
      this.status = status;
      this.responseText = JSON.stringify(body);
      act(() => this.onload?.());
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

const csvFile = (name = 'batch.csv') =>
  new File(['Student ID,Name,Email,Program,Discipline,Admission year\n'], name, { type: 'text/csv' });

async function choose(file = csvFile()) {
  await userEvent.upload(await screen.findByLabelText('Roll file (CSV)', {}, firstRender), file);
  await userEvent.click(screen.getByRole('button', { name: 'Preview import' }));
  return file;
}

describe('/admin/import', { timeout: 30_000 }, () => {
  it('explains the columns, offers a template made here and says how students claim their accounts', async () => {
    stubApi({ session });
    renderApp('/admin/import');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Import students' }, firstRender),
    ).toBeInTheDocument();
    for (const column of ['Student ID', 'Name', 'Email', 'Program', 'Discipline', 'Admission year'])
      expect(screen.getByText(column, { selector: 'dt' })).toBeInTheDocument();
    expect(
      screen.getByText('The student’s @iitbhilai.ac.in address; they claim the account with it.'),
    ).toBeInTheDocument();
    const template = screen.getByRole('link', { name: 'Download template' });
    expect(template).toHaveAttribute('download', 'student-roll-template.csv');
    const text = decodeURIComponent(
      template.getAttribute('href')!.replace('data:text/csv;charset=utf-8,', ''),
    );
    expect(text.startsWith('\uFEFFStudent ID,Name,Email,Program,Discipline,Admission year\r\n')).toBe(
      true,
    );
    expect(text).toContain(
      'Asha Verma,asha.verma@iitbhilai.ac.in,B.Tech,"Computer Science & Engineering"',
    );
    expect(screen.getByText(CLAIM_HELP)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Preview import' })).toBeDisabled();
  });

  it('uploads with a progress bar, previews the counts and rows, and imports after a confirmation', async () => {
    stubApi({ session });
    const sent = fakeXhr();
    renderApp('/admin/import');
    const file = await choose();
    const request = sent[0]!;
    expect(request).toMatchObject({ method: 'POST', url: '/api/admin/imports/preview' });
    expect((request.body as FormData).get('file')).toBe(file);
    expect(screen.getByRole('progressbar', { name: 'Roll upload' })).toHaveAttribute(
      'aria-valuenow',
      '0',
    );
    request.progress(512, 1024);
    expect(screen.getByRole('progressbar', { name: 'Roll upload' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    expect(screen.getByText('Uploading... 50%')).toBeInTheDocument();
    request.uploaded();
    expect(screen.getByRole('progressbar', { name: 'Roll upload' })).toHaveAttribute(
      'aria-valuetext',
      'Checking every row...',
    );
    request.respond(200, preview);

    const card = within(await screen.findByRole('region', { name: 'Preview of batch.csv' }));
    const counts = Object.fromEntries(
      card.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(counts).toEqual({ New: '2', Changed: '1', Unchanged: '0', Refused: '1' });
    expect(card.getByText('Ignored columns: Hostel.')).toBeInTheDocument();
    // Refused rows first, with their reasons.
    expect(card.getByRole('tab', { name: 'Refused (1)' })).toHaveAttribute('aria-selected', 'true');
    const refused = within(card.getByRole('article', { name: 'Row 4' }));
    expect(
      within(refused.getByRole('list', { name: 'Why row 4 is refused' })).getByText(DOMAIN_REASON),
    ).toBeInTheDocument();
    await userEvent.click(card.getByRole('tab', { name: 'Changed (1)' }));
    const changed = within(card.getByRole('list', { name: 'What row 5 changes' }));
    expect(changed.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Name: Kiran Rao → Kiran S. Rao',
      'Admission year: (none) → 2024',
    ]);
    await userEvent.click(card.getByRole('tab', { name: 'New (2)' }));
    expect(card.getByRole('article', { name: 'Row 2' })).toHaveTextContent(
      '25000001 · Asha Verma · asha.verma@iitbhilai.ac.in',
    );

    await userEvent.click(card.getByRole('button', { name: 'Import 3 students' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Import 3 students?' }));
    expect(
      dialog.getByText(
        'From batch.csv: 2 new accounts are created and 1 existing account updated, all in one step. 1 refused row is skipped.',
      ),
    ).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    await userEvent.click(dialog.getByRole('button', { name: 'Import 3 students' }));
    const commit = sent[1]!;
    expect(commit).toMatchObject({ method: 'POST', url: '/api/admin/imports' });
    expect((commit.body as FormData).get('digest')).toBe(DIGEST);
    expect((commit.body as FormData).get('file')).toBe(file);
    commit.progress(1024, 1024);
    expect(dialog.getByRole('progressbar', { name: 'Import upload' })).toHaveAttribute(
      'aria-valuetext',
      'Importing the students...',
    );
    commit.respond(200, result);

    const done = within(await screen.findByRole('region', { name: 'Import finished' }));
    expect(
      done.getByText(
        'Imported batch.csv: 2 new and 1 changed students. 1 refused row was skipped; correct them and import the file again.',
      ),
    ).toBeInTheDocument();
    expect(done.getByText(CLAIM_HELP)).toBeInTheDocument();
    expect(done.getByRole('article', { name: 'Row 4' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Import finished' })).toHaveFocus();
    await userEvent.click(done.getByRole('button', { name: 'Import another file' }));
    expect(await screen.findByRole('button', { name: 'Preview import' })).toBeDisabled();
  });

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
      rows: [refusedRow],
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
});
