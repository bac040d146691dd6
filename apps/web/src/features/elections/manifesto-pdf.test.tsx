import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { giveBlobsArrayBuffer } from '../../../test/blob-array-buffer';
import { loadPages } from '../../../test/load-pages';
import { renderApp, sentBodies, stubApi } from '../../../test/render-app';
import {
  ASHA_NOMINATION,
  candidate,
  CULT_POST_ID,
  election,
  ELECTION_ID,
  post,
  ROHAN_NOMINATION,
  student,
} from './election-fixtures';

beforeAll(loadPages, 30_000);

beforeAll(giveBlobsArrayBuffer);

const firstRender = { timeout: 10_000 };
const electionPath = `/api/elections/${ELECTION_ID}`;
const nominationsPath = `/api/elections/${ELECTION_ID}/posts/${CULT_POST_ID}/nominations`;
const pdfPath = (id: string) => `/api/elections/nominations/${id}/manifesto-pdf`;

/** A small PDF as a producer lays one out, typed by hand. */
const PDF = `%PDF-1.7
1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj
xref
0 3
0000000000 65535 f 
0000000009 00000 n 
0000000058 00000 n 
trailer << /Size 3 /Root 1 0 R >>
startxref
110
%%EOF
`;
const pdfFile = (content: BlobPart, name = 'manifesto.pdf') =>
  new File([content], name, { type: 'application/pdf' });

describe('a manifesto PDF on /elections/{id}', { timeout: 30_000 }, () => {
  it('offers an optional "Manifesto (PDF)" with its limits, says what is wrong with a file before sending, then files the nomination with it', async () => {
    const filed = candidate({ id: ASHA_NOMINATION, name: 'Asha Verma', status: 'filed', mine: true });
    const fetchMock = stubApi({
      session: student,
      [electionPath]: { body: { election: election() } },
      [`POST ${nominationsPath}`]: { status: 201, body: { candidate: filed } },
      [`PUT ${pdfPath(ASHA_NOMINATION)}`]: {
        body: { candidate: { ...filed, manifestoPdfBytes: PDF.length } },
      },
    });
    renderApp(`/elections/${ELECTION_ID}`);
    const form = within(
      await screen.findByRole(
        'form',
        { name: 'Nominate yourself for General Secretary, Cultural Affairs' },
        firstRender,
      ),
    );
    const group = within(form.getByRole('group', { name: 'Manifesto (PDF)' }));
    expect(
      group.getByText('Optional. One PDF file of at most 5 MB, checked by its contents.'),
    ).toBeInTheDocument();
    const input = group.getByLabelText('PDF file');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).not.toBeRequired();
    await userEvent.type(form.getByLabelText(/^Manifesto/), 'More jam sessions.');

    // A photo named .pdf, a PDF that is also a web page, and a file over 5 MB: each refused here.
    const refusals = [
      [
        pdfFile(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]), 'me.pdf'),
        'Manifesto (PDF): this file is not a PDF document, whatever its name says. Save or export it as PDF and try again.',
      ],
      [
        pdfFile(PDF.replace('\n', '\n%<html><script>alert(1)</script></html>\n')),
        'Manifesto (PDF): this file carries web page code beside the PDF. Print or export it to PDF again and try again.',
      ],
      [
        pdfFile(new Uint8Array(5 * 1024 * 1024 + 1)),
        'Manifesto (PDF): the file is larger than 5 MB. Make it smaller and try again.',
      ],
    ] as const;
    for (const [file, message] of refusals) {
      await userEvent.upload(input, file);
      expect(await group.findByText(message)).toBeInTheDocument();
      expect(input).toHaveAttribute('aria-invalid', 'true');
      await userEvent.click(form.getByRole('button', { name: 'File my nomination' }));
      expect(group.getByText(message)).toBeInTheDocument();
    }
    expect(sentBodies(fetchMock, 'POST', nominationsPath)).toEqual([]);
    expect(sentBodies(fetchMock, 'PUT', pdfPath(ASHA_NOMINATION))).toEqual([]);

    await userEvent.upload(input, pdfFile(PDF));
    await waitFor(() => expect(group.queryByRole('alert')).not.toBeInTheDocument());
    await userEvent.click(form.getByRole('button', { name: 'File my nomination' }));
    expect(
      await screen.findByText(
        'Your nomination is filed with its manifesto PDF. The election’s officer will accept or reject it.',
      ),
    ).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', nominationsPath)).toEqual([
      { manifesto: 'More jam sessions.', proposerIds: [] },
    ]);
    const [sent] = sentBodies(fetchMock, 'PUT', pdfPath(ASHA_NOMINATION)) as FormData[];
    const part = sent?.get('pdf');
    expect(part).toBeInstanceOf(File);
    expect(new TextDecoder().decode(await (part as File).arrayBuffer())).toBe(PDF);
  });

  it('keeps saying on the nominee’s entry that the PDF was not attached when it failed after the filing', async () => {
    const filed = candidate({ id: ASHA_NOMINATION, name: 'Asha Verma', status: 'filed', mine: true });
    let nominated = false;
    stubApi({
      session: student,
      [electionPath]: () => ({
        body: {
          election: election({ posts: [post({ candidates: nominated ? [filed] : [] })] }),
        },
      }),
      [`POST ${nominationsPath}`]: () => {
        nominated = true;
        return { status: 201, body: { candidate: filed } };
      },
      [`PUT ${pdfPath(ASHA_NOMINATION)}`]: 'network-error',
    });
    renderApp(`/elections/${ELECTION_ID}`);
    const form = within(
      await screen.findByRole(
        'form',
        { name: 'Nominate yourself for General Secretary, Cultural Affairs' },
        firstRender,
      ),
    );
    await userEvent.type(form.getByLabelText(/^Manifesto/), 'More jam sessions.');
    await userEvent.upload(form.getByLabelText('PDF file'), pdfFile(PDF));
    await userEvent.click(form.getByRole('button', { name: 'File my nomination' }));
    const entry = within(await screen.findByRole('article', { name: 'Asha Verma (you)' }));
    expect(
      await entry.findByText(
        'Your nomination is filed, but its manifesto PDF was not attached: the file could not be sent. Attach it again on your nomination below.',
      ),
    ).toBeInTheDocument();
    expect(entry.getByRole('button', { name: 'Attach a manifesto PDF' })).toBeInTheDocument();
  });

  it('links each candidate’s "Manifesto (PDF)" by name with its size, and lets the nominee alone replace or remove theirs', async () => {
    const mine = candidate({
      id: ASHA_NOMINATION,
      name: 'Asha Verma',
      status: 'filed',
      mine: true,
      manifestoPdfBytes: 1_572_864,
    });
    const fetchMock = stubApi({
      session: student,
      [electionPath]: {
        body: {
          election: election({
            posts: [
              post({
                candidates: [
                  candidate({ manifestoPdfBytes: 245_760 }),
                  candidate({ id: '00000000-0000-4000-8000-0000000000c9', name: 'Kavya Nair' }),
                  mine,
                ],
                canStand: { ok: false, reason: 'You have already filed a nomination for this post.' },
              }),
            ],
          }),
        },
      },
      [`DELETE ${pdfPath(ASHA_NOMINATION)}`]: {
        body: { candidate: { ...mine, manifestoPdfBytes: null } },
      },
    });
    renderApp(`/elections/${ELECTION_ID}`);
    const rohan = within(await screen.findByRole('article', { name: 'Rohan Das' }, firstRender));
    const link = rohan.getByRole('link', { name: 'Manifesto (PDF) of Rohan Das' });
    expect(link).toHaveTextContent(/^Manifesto \(PDF\)$/);
    expect(link).toHaveAttribute('href', pdfPath(ROHAN_NOMINATION));
    expect(link).toHaveAttribute('download');
    expect(rohan.getByText('240 KB')).toBeInTheDocument();
    expect(rohan.queryByRole('button')).not.toBeInTheDocument();
    const kavya = within(screen.getByRole('article', { name: 'Kavya Nair' }));
    expect(kavya.queryByRole('link', { name: /Manifesto/ })).not.toBeInTheDocument();

    const own = within(screen.getByRole('article', { name: 'Asha Verma (you)' }));
    expect(own.getByRole('link', { name: 'Manifesto (PDF) of Asha Verma' })).toHaveAttribute(
      'href',
      pdfPath(ASHA_NOMINATION),
    );
    expect(own.getByText('1.5 MB')).toBeInTheDocument();
    expect(own.getByRole('button', { name: 'Replace the manifesto PDF' })).toBeInTheDocument();
    // A photo chosen to replace it is refused here; the refusal goes once the PDF is removed.
    const notPdf =
      'Manifesto (PDF): this file is not a PDF document, whatever its name says. Save or export it as PDF and try again.';
    await userEvent.upload(
      own.getByLabelText('Choose a PDF file'),
      pdfFile(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]), 'me.pdf'),
    );
    expect(await own.findByText(notPdf)).toBeInTheDocument();
    await userEvent.click(own.getByRole('button', { name: 'Remove the manifesto PDF' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Remove your manifesto PDF?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Remove PDF' }));
    expect(await screen.findByText('Your manifesto PDF is removed.')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'DELETE', pdfPath(ASHA_NOMINATION))).toHaveLength(1);
    expect(screen.queryByText(notPdf)).not.toBeInTheDocument();
  });
});
