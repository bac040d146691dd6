import { Worker } from 'node:worker_threads';
import type { TranscriptPdfInput } from './transcript-pdf';
import type { TranscriptScriptMode } from './transcript-pdf-fonts';
import type { PdfAnswer, PdfJob } from './transcript-pdf-worker';

type Waiting = { resolve: (pdf: Buffer) => void; reject: (error: Error) => void };

let worker: Worker | null = null;
let nextId = 0;
const waiting = new Map<number, Waiting>();

function failAll(error: Error): void {
  for (const job of waiting.values()) job.reject(error);
  waiting.clear();
  worker = null;
}

/**
 * One worker thread draws every PDF of this process, one after another: the server's own thread
 * stays free for other requests. The worker runs TypeScript through tsx like the server; it does
 * not keep the process alive, and one that dies is replaced at the next render.
 */
function pdfWorker(): Worker {
  if (worker) return worker;
  const entry = new URL('./transcript-pdf-worker.ts', import.meta.url).href;
  // The worker registers tsx itself, then loads the TypeScript entry. It takes none of the parent's
  // node options: a parent started with --import tsx would register it twice, and the worker hangs.
  const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry)}); })`;
  const started = new Worker(bootstrap, { eval: true, execArgv: [] });
  started.unref();
  started.on('message', (answer: PdfAnswer) => {
    const job = waiting.get(answer.id);
    if (!job) return;
    waiting.delete(answer.id);
    if ('pdf' in answer)
      job.resolve(Buffer.from(answer.pdf.buffer, answer.pdf.byteOffset, answer.pdf.byteLength));
    else job.reject(new Error(`The transcript PDF could not be drawn: ${answer.error}`));
  });
  started.on('error', (error) => failAll(error));
  started.on('exit', (code) => {
    if (worker === started) failAll(new Error(`The PDF worker stopped (exit code ${code}).`));
  });
  worker = started;
  return started;
}

/** Draws a transcript's PDF on the PDF worker thread. */
export function renderTranscriptPdfOffThread(
  input: TranscriptPdfInput,
  mode: TranscriptScriptMode,
): Promise<Buffer> {
  const id = (nextId += 1);
  const job: PdfJob = { id, input: { ...input, issuedAt: input.issuedAt.toISOString() }, mode };
  return new Promise<Buffer>((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    pdfWorker().postMessage(job);
  });
}

/** Where a failed drawing is reported: the request's logger. */
export type FailureLog = { error(details: object, message: string): void };

type Draw = (input: TranscriptPdfInput, mode: TranscriptScriptMode) => Promise<Buffer>;

/** Each way of drawing, from the truest to the one that needs the least: tried in this order. */
const MODES: TranscriptScriptMode[] = ['shaped', 'latin', 'basic'];

/**
 * Draws a transcript's PDF so that an issued transcript can always be downloaded: if its text
 * cannot be drawn in its own scripts (a font or layout fault), it is drawn again with Indian
 * scripts in Latin letters, and at last in the PDF's built-in font. Each failure is logged.
 */
export async function drawTranscriptPdf(
  input: TranscriptPdfInput,
  log: FailureLog,
  draw: Draw = renderTranscriptPdfOffThread,
): Promise<Buffer> {
  let failure: unknown;
  for (const mode of MODES) {
    try {
      return await draw(input, mode);
    } catch (error) {
      failure = error;
      log.error(
        { err: error, transcriptId: input.transcriptId, mode },
        `The transcript PDF could not be drawn in the ${mode} mode`,
      );
    }
  }
  throw failure;
}
