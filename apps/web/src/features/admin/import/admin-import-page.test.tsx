import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast';
import { loadPages } from '../../../../test/load-pages';
import { renderApp, stubApi, testConfig } from '../../../../test/render-app';
import {
  firstRender,
  session,
  DIGEST,
  DOMAIN_REASON,
  preview,
  result,
  choose,
} from '../../../../test/admin-import-fixtures';
import { fakeXhr } from '../../../../test/fake-xhr';

beforeAll(loadPages, 30_000);
afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
});

// Typed by hand from issue 13: Google is named only where Google sign-in is configured.
const CLAIM_HELP =
  'Imported students have no password yet. Each claims their account with "Forgot Password?" on the sign-in page (a link arrives at the imported e-mail address); their profile is already filled in.';
const CLAIM_HELP_GOOGLE =
  'Imported students have no password yet. Each claims their account with "Forgot Password?" on the sign-in page (a link arrives at the imported e-mail address) or with "Sign in with Google" using that address; their profile is already filled in.';

describe('/admin/import', { timeout: 30_000 }, () => {
  it('explains the columns, offers a template made here and says how students claim their accounts', async () => {
    stubApi({ session });
    renderApp('/admin/import');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Import students' }, firstRender),
    ).toBeInTheDocument();
    for (const column of [
      'Student ID',
      'Name',
      'Email',
      'Program',
      'Discipline',
      'Admission year',
      'CGPA (optional)',
    ])
      expect(screen.getByText(column, { selector: 'dt' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'The institute’s CGPA, 0 to 10 with at most two decimals; position requirements check it. A blank cell, or a file without the column, keeps the CGPA on record.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText('The student’s @iitbhilai.ac.in address; they claim the account with it.'),
    ).toBeInTheDocument();
    const template = screen.getByRole('link', { name: 'Download template' });
    expect(template).toHaveAttribute('download', 'student-roll-template.csv');
    const text = decodeURIComponent(
      template.getAttribute('href')!.replace('data:text/csv;charset=utf-8,', ''),
    );
    expect(
      text.startsWith('\uFEFFStudent ID,Name,Email,Program,Discipline,Admission year,CGPA\r\n'),
    ).toBe(true);
    expect(text).toContain(
      'Asha Verma,asha.verma@iitbhilai.ac.in,B.Tech,"Computer Science & Engineering"',
    );
    expect(screen.getByText(CLAIM_HELP)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Preview import' })).toBeDisabled();
  });

  it('names "Sign in with Google" in the claim advice only when Google sign-in is configured', async () => {
    stubApi({ session, config: { body: { ...testConfig, googleEnabled: true } } });
    renderApp('/admin/import');
    expect(await screen.findByText(CLAIM_HELP_GOOGLE, {}, firstRender)).toBeInTheDocument();
    expect(screen.queryByText(CLAIM_HELP)).not.toBeInTheDocument();
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
});
