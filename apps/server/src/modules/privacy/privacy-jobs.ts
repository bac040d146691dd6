import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/client';
import { startDataExportWorker } from './data-export-jobs';
import { startPrivacySweep } from './privacy-sweep';

/**
 * Starts this process's share of the privacy jobs: building the copies of students' data asked
 * for, and the hourly sweep that erases accounts whose grace period ended and purges what is kept
 * only for a while. Resolves to a function that stops both.
 */
export async function startPrivacyJobs(
  app: FastifyInstance,
  database: DatabaseHandle,
): Promise<() => Promise<void>> {
  const stopExports = await startDataExportWorker(app, database);
  const stopSweep = await startPrivacySweep(app, database);
  return async () => {
    await stopExports();
    await stopSweep();
  };
}
