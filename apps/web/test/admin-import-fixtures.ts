import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RollImportResult, RollPreview, RollRow } from '@cosa/contracts';
import { makeUser } from './render-app';

// What the /admin/import test files share: data typed by hand, the API stubbed, steps.

export const firstRender = { timeout: 10_000 };
export const session = {
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
export const DIGEST = 'a'.repeat(64);

export const DOMAIN_REASON = 'Email must be an @iitbhilai.ac.in address.';

export const row = (overrides: Partial<RollRow>): RollRow => ({
  row: 2,
  outcome: 'new',
  studentId: '25000001',
  name: 'Asha Verma',
  email: 'asha.verma@iitbhilai.ac.in',
  program: 'B.Tech',
  discipline: 'Physics',
  admissionYear: '2024',
  cgpa: '',
  reasons: [],
  changes: [],
  ...overrides,
});

const refusedRow = row({
  row: 4,
  outcome: 'refused',
  studentId: '25000003',
  name: 'Bad Domain',
  email: 'bad@gmail.com',
  reasons: [DOMAIN_REASON],
});

export const preview: RollPreview = {
  fileName: 'batch.csv',
  digest: DIGEST,
  totals: { rows: 4, new: 2, changed: 1, unchanged: 0, refused: 1 },
  ignoredColumns: ['Hostel'],
  maxAdmissionYear: 2027,
  rows: [
    row({ row: 2 }),
    row({ row: 3, studentId: '25000002', name: 'Rahul Nair', email: 'rahul.nair@iitbhilai.ac.in' }),
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
  refusals: [{ reason: DOMAIN_REASON, count: 1, rows: [refusedRow] }],
};

export const result: RollImportResult = {
  fileName: 'batch.csv',
  digest: DIGEST,
  totals: preview.totals,
  created: 2,
  updated: 1,
  refusedRows: [refusedRow],
};

export const csvFile = (name = 'batch.csv') =>
  new File(['Student ID,Name,Email,Program,Discipline,Admission year\n'], name, { type: 'text/csv' });

export async function choose(file = csvFile()) {
  await userEvent.upload(await screen.findByLabelText('Roll file (CSV)', {}, firstRender), file);
  await userEvent.click(screen.getByRole('button', { name: 'Preview import' }));
  return file;
}
