import { parentPort } from 'node:worker_threads';
import { renderTranscriptPdf, type TranscriptPdfInput } from './transcript-pdf';
import type { TranscriptScriptMode } from './transcript-pdf-fonts';

/** A render request as it crosses to the worker: the issue time travels as text. */
export type PdfJob = {
  id: number;
  input: Omit<TranscriptPdfInput, 'issuedAt'> & { issuedAt: string };
  mode: TranscriptScriptMode;
};
export type PdfAnswer = { id: number; pdf: Uint8Array } | { id: number; error: string };

// Drawing a PDF keeps the thread busy for a fifth of a second to seconds; here it keeps no request waiting.
parentPort?.on('message', (job: PdfJob) => {
  renderTranscriptPdf({ ...job.input, issuedAt: new Date(job.input.issuedAt) }, job.mode).then(
    (pdf) => {
      const bytes = new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength);
      parentPort!.postMessage({ id: job.id, pdf: bytes } satisfies PdfAnswer);
    },
    (error: unknown) =>
      parentPort!.postMessage({
        id: job.id,
        error: error instanceof Error ? error.message : String(error),
      } satisfies PdfAnswer),
  );
});
