import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { DatabaseHandle } from '../client';
import { backupFileParts, type BackupManifest } from './backup-file';
import { databaseFacts } from './database-facts';

const gzipAsync = promisify(gzip);
export const EMBEDDED_PAYLOAD = 'database.tar.gz';

/**
 * A backup file of an open embedded database: its data folder as of one moment (see
 * DatabaseHandle.snapshot), compressed after the moment so that requests wait only for the copy.
 */
export async function embeddedBackupFile(
  handle: DatabaseHandle,
): Promise<{ parts: Buffer[]; facts: Omit<BackupManifest, 'payload' | 'format' | 'formatVersion'> }> {
  if (!handle.snapshot) throw new Error('only the embedded database copies its data folder');
  const createdAt = new Date().toISOString();
  const { facts, dataDir } = await handle.snapshot(databaseFacts);
  const payload = await gzipAsync(await dataDir.tar());
  const manifestFacts = {
    createdAt,
    database: {
      kind: 'pglite' as const,
      serverVersion: facts.serverVersion,
      serverMajor: facts.serverMajor,
      tool: 'PGlite data folder (tar)',
    },
    schema: facts.schema,
    rows: facts.rows,
  };
  return { parts: backupFileParts(manifestFacts, EMBEDDED_PAYLOAD, payload), facts: manifestFacts };
}
