import type { FastifyInstance } from 'fastify';
import { sessionLifetime, sweepExpired } from './session.service';

const SWEEP_INTERVAL_MS = 15 * 60 * 1000;

/**
 * Removes expired sessions, spent links and ended rate-limit windows soon after start and then
 * every 15 minutes, in every process (a sweep is idempotent); stops when the app closes.
 */
export function startSweeping(app: FastifyInstance): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const sweep = () =>
    (running = sweepExpired(app.deps.db, sessionLifetime(app.deps.config)).catch((error: unknown) =>
      app.log.warn({ err: error }, 'the sweep of expired sessions failed'),
    ));
  app.addHook('onReady', async () => {
    timer = setInterval(() => void sweep(), SWEEP_INTERVAL_MS);
    timer.unref();
    void sweep();
  });
  // A sweep under way finishes before the app closes, so it never runs into a closed database.
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
