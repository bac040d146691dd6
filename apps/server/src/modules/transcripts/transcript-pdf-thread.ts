import { Worker } from 'node:worker_threads';
import type { TranscriptPdfInput } from './transcript-pdf';
import type { TranscriptScriptMode } from './transcript-pdf-fonts';
import type { PdfAnswer, PdfJob } from './transcript-pdf-worker';

/** A render that outlasted its time limit: its worker was stopped and replaced. */
export class PdfTimeoutError extends Error {
  constructor(readonly limitMs: number) {
    super(`The transcript PDF was not drawn within ${limitMs} ms; its worker was stopped.`);
    this.name = 'PdfTimeoutError';
  }
}

/** A render waiting for the worker, or being drawn by it. */
type Job = {
  message: PdfJob;
  limitMs: number;
  resolve: (pdf: Buffer) => void;
  reject: (error: Error) => void;
};

let worker: Worker | null = null;
let nextId = 0;
/** The renders not handed to the worker yet, oldest first. */
const queue: Job[] = [];
/** The render the worker is drawing, and the timer of its limit. */
let current: { job: Job; timer: NodeJS.Timeout } | null = null;

/**
 * One worker thread draws every PDF of this process, one render at a time: the server's own thread
 * stays free for other requests. The worker runs TypeScript through tsx like the server; it does
 * not keep the process alive. One that dies is replaced for the next render.
 */
function startWorker(): Worker {
  const entry = new URL('./transcript-pdf-worker.ts', import.meta.url).href;
  // The worker registers tsx itself, then loads the TypeScript entry. It takes none of the parent's
  // node options: a parent started with --import tsx would register it twice, and the worker hangs.
  const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry)}); })`;
  const started = new Worker(bootstrap, { eval: true, execArgv: [] });
  started.unref();
  started.on('message', (answer: PdfAnswer) => {
    if (worker !== started || current?.job.message.id !== answer.id) return;
    const { job } = finishCurrent();
    if ('pdf' in answer)
      job.resolve(Buffer.from(answer.pdf.buffer, answer.pdf.byteOffset, answer.pdf.byteLength));
    else job.reject(new Error(`The transcript PDF could not be drawn: ${answer.error}`));
    drawNext();
  });
  const lost = (error: Error) => {
    if (worker !== started) return;
    worker = null;
    if (current) finishCurrent().job.reject(error);
    drawNext();
  };
  started.on('error', lost);
  started.on('exit', (code) => lost(new Error(`The PDF worker stopped (exit code ${code}).`)));
  return started;
}

function finishCurrent(): { job: Job } {
  const done = current!;
  clearTimeout(done.timer);
  current = null;
  return done;
}

/**
 * A render past its limit: the worker is stopped (a drawing that hangs would hold it for ever),
 * the render is refused, and the next one starts on a new worker.
 */
function timeOut(job: Job): void {
  if (current?.job !== job) return;
  finishCurrent();
  const stopped = worker;
  worker = null;
  void stopped?.terminate();
  job.reject(new PdfTimeoutError(job.limitMs));
  drawNext();
}

/** Hands the oldest waiting render to the worker, starting one if none runs, with its time limit. */
function drawNext(): void {
  if (current) return;
  const job = queue.shift();
  if (!job) return;
  worker ??= startWorker();
  current = { job, timer: setTimeout(() => timeOut(job), job.limitMs) };
  current.timer.unref();
  worker.postMessage(job.message);
}

/** The thread id of the PDF worker running now, or null when none runs (none started yet, or one was stopped). */
export function pdfWorkerThreadId(): number | null {
  return worker?.threadId ?? null;
}

/**
 * Draws a transcript's PDF on the PDF worker thread; renders wait their turn. A render not done
 * within `limitMs` (from the moment the worker takes it, starting the worker included) rejects
 * with PdfTimeoutError, and its worker is replaced.
 */
export function renderTranscriptPdfOffThread(
  input: TranscriptPdfInput,
  mode: TranscriptScriptMode,
  limitMs: number,
): Promise<Buffer> {
  const id = (nextId += 1);
  const message: PdfJob = { id, input: { ...input, issuedAt: input.issuedAt.toISOString() }, mode };
  return new Promise<Buffer>((resolve, reject) => {
    queue.push({ message, limitMs, resolve, reject });
    drawNext();
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
 * scripts in Latin letters, and at last in the PDF's built-in font. Each failure is logged. A
 * render past its time limit ends the attempt (PdfTimeoutError): the request has waited long
 * enough, and the next one starts afresh.
 */
export async function drawTranscriptPdf(
  input: TranscriptPdfInput,
  log: FailureLog,
  limitMs: number,
  draw: Draw = (input, mode) => renderTranscriptPdfOffThread(input, mode, limitMs),
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
      if (error instanceof PdfTimeoutError) break;
    }
  }
  throw failure;
}
