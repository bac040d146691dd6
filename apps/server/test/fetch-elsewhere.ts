import { Worker } from 'node:worker_threads';

/** The worker's own code: one fetch, its answer posted back whole. Plain JavaScript, run as given. */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const { url, method, headers, body } = workerData;
  const answer = await fetch(url, { method, headers, body: body ? new Uint8Array(body) : undefined });
  const bytes = await answer.arrayBuffer();
  parentPort.postMessage({ status: answer.status, headers: [...answer.headers], bytes }, [bytes]);
})().catch((error) => parentPort.postMessage({ error: String(error && error.stack || error) }));
`;

type Answer = { status: number; headers: [string, string][]; bytes: ArrayBuffer } | { error: string };

/**
 * Sends one request from a thread of its own and gives its answer as a Response. A test that
 * measures how the server's thread keeps answering while a large body arrives sends that body from
 * elsewhere, so the client's own work of sending it does not count against the server.
 */
export function fetchElsewhere(
  url: string,
  init: { method: string; headers: Record<string, string>; body?: ArrayBuffer },
): Promise<Response> {
  // The body's bytes move to the worker, not copied: the caller's ArrayBuffer is left empty.
  const body = init.body;
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: { url, method: init.method, headers: init.headers, body },
    transferList: body ? [body] : [],
  });
  return new Promise<Response>((resolve, reject) => {
    worker.once('message', (answer: Answer) => {
      void worker.terminate();
      if ('error' in answer) reject(new Error(answer.error));
      else resolve(new Response(answer.bytes, { status: answer.status, headers: answer.headers }));
    });
    worker.once('error', reject);
  });
}
