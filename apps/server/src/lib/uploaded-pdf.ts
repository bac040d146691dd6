import type { FastifyReply, FastifyRequest } from 'fastify';
import { pdfProblem, type PdfProblem } from '@cosa/contracts';
import { AppError } from './app-error';
import { readUploadedFile, sendUploadedFile, type UploadField } from './uploaded-file';

/* PDF files people upload, judged by their bytes, and how they are served back: saved, never shown. */

/** The field of a PDF upload, and what each refusal says. */
export type PdfField = UploadField & Record<PdfProblem, string>;

/**
 * The bytes of the PDF in the multipart field `field.name`: refused (400, naming the field) when
 * they are not a PDF, whatever the file's name and declared type, or when they are also a web page.
 */
export async function readUploadedPdf(request: FastifyRequest, field: PdfField): Promise<Buffer> {
  const bytes = await readUploadedFile(request, field);
  const problem = pdfProblem(bytes);
  if (problem) throw AppError.badRequest(field[problem], { [field.name]: field[problem] });
  return bytes;
}

/**
 * A file name safe in a header and on any disk: `prefix`, then the ASCII letters and digits of
 * `words` (accents dropped) joined by hyphens, when it has any ('manifesto-asha-verma.pdf').
 */
export function pdfFileName(prefix: string, words: string): string {
  const stem = words
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${prefix}${stem ? `-${stem}` : ''}.pdf`;
}

/** Sends a stored PDF to be saved, never opened in the portal's own page; no copy is kept. */
export function sendPdf(reply: FastifyReply, pdf: Buffer, filename: string) {
  return sendUploadedFile(reply, pdf, {
    contentType: 'application/pdf',
    disposition: 'attachment',
    filename,
    cacheControl: 'private, no-store',
  });
}
