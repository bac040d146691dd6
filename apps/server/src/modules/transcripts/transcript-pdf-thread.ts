import { Worker } from 'node:worker_threads';
import type { TranscriptPdfInput } from './transcript-pdf';
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
export function renderTranscriptPdfOffThread(input: TranscriptPdfInput): Promise<Buffer> {
  const id = (nextId += 1);
  const job: PdfJob = { id, input: { ...input, issuedAt: input.issuedAt.toISOString() } };
  return new Promise<Buffer>((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    pdfWorker().postMessage(job);
  });
}
