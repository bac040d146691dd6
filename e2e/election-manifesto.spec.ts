import { readFile } from 'node:fs/promises';
import { expect, otherBrowser, test } from './support/fixtures';
import { onboardedStudentByApi, suffix } from './support/accounts';
import { demoAccount, signInByApi } from './support/demo-accounts';
import { checkPage, created, lookupId, toast } from './support/page-steps';

const ADMIN = demoAccount('ADMIN');
/** A position of the demo campus's Music Club that any student may hold (no CGPA, year or skill needed). */
const VOLUNTEER = 'Sound and Stage Volunteer';
const MINUTE = 60_000;

/** A one-page PDF, laid out by hand with its cross-reference table, that any reader opens. */
function onePagePdf(line: string): Buffer {
  const content = `BT /F1 18 Tf 72 760 Td (${line}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object, index) => {
    const at = body.length;
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return at;
  });
  const table = offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n \n`).join('');
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${table}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/**
 * A nominee's manifesto PDF (decision 0038): the administrator sets up an election whose
 * nominations are open now, a student files a nomination with a PDF in the browser (the form
 * refusing a picture named .pdf before sending it), and the administrator downloads the PDF from
 * the election's page. Each page is scanned by axe and checked at a phone's width.
 */
test('a nomination with its manifesto PDF, downloaded by the administrator', async ({
  page,
  browser,
  baseURL,
  checkAccessible,
  checkPhoneWidth,
}) => {
  test.setTimeout(90_000);
  await signInByApi(page.request, ADMIN.email);
  const now = Date.now();
  const { election } = await created<{ election: { id: string } }>(page.request, '/api/elections', {
    title: `Manifesto elections ${suffix()}`,
    tenureYear: '2026-2027',
    nominationsOpenAt: new Date(now).toISOString(),
    nominationsCloseAt: new Date(now + 30 * MINUTE).toISOString(),
    votingOpenAt: new Date(now + 30 * MINUTE).toISOString(),
    votingCloseAt: new Date(now + 60 * MINUTE).toISOString(),
    posts: [{ positionId: await lookupId(page.request, 'positions', VOLUNTEER), seats: 1 }],
  });
  const pdf = onePagePdf('A sound check before every show.');

  // The student files a nomination with a PDF; the form refuses a picture named .pdf first.
  const asha = await otherBrowser(browser, baseURL);
  const student = await onboardedStudentByApi(asha.context.request, 'asha');
  await asha.page.goto(`/elections/${election.id}`);
  const form = asha.page.getByRole('form', { name: `Nominate yourself for ${VOLUNTEER}` });
  await form
    .getByRole('textbox', { name: 'Manifesto', exact: true })
    .fill('Sound checks before every show.');
  const pdfField = form.getByRole('group', { name: 'Manifesto (PDF)' });
  await expect(
    pdfField.getByText('Optional. One PDF file of at most 5 MB, checked by its contents.'),
  ).toBeVisible();
  const picture = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
  await pdfField
    .getByLabel('PDF file')
    .setInputFiles({ name: 'poster.pdf', mimeType: 'application/pdf', buffer: picture });
  await expect(
    pdfField.getByText(
      'Manifesto (PDF): this file is not a PDF document, whatever its name says. Save or export it as PDF and try again.',
    ),
  ).toBeVisible();
  await checkPage(asha.page);
  await pdfField
    .getByLabel('PDF file')
    .setInputFiles({ name: 'my manifesto.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(pdfField.getByRole('alert')).toHaveCount(0);
  await form.getByRole('button', { name: 'File my nomination' }).click();
  await expect(
    toast(
      asha.page,
      'Your nomination is filed with its manifesto PDF. The election’s officer will accept or reject it.',
    ),
  ).toBeVisible();
  const own = asha.page.getByRole('article', { name: `${student.name} (you)` });
  await expect(own.getByRole('link', { name: `Manifesto (PDF) of ${student.name}` })).toBeVisible();
  await expect(own.getByRole('button', { name: 'Replace the manifesto PDF' })).toBeVisible();
  await checkPage(asha.page);

  // The administrator downloads it from the election's page: the same bytes, a safe name.
  await page.goto(`/elections/${election.id}`);
  const entry = page.getByRole('article', { name: student.name });
  await expect(entry.getByText('Awaiting decision')).toBeVisible();
  const downloading = page.waitForEvent('download');
  await entry.getByRole('link', { name: `Manifesto (PDF) of ${student.name}` }).click();
  const download = await downloading;
  const slug = student.name.toLowerCase().replaceAll(' ', '-');
  expect(download.suggestedFilename()).toBe(`manifesto-${slug}.pdf`);
  expect((await readFile(await download.path())).equals(pdf)).toBe(true);
  await checkAccessible();
  await checkPhoneWidth();
  await asha.context.close();
});
