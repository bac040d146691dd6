import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createThrowawayDatabase } from '../e2e/support/throwaway-database';
import { openDatabase } from '../apps/server/src/db/client';
import { seedScaleCampus } from '../apps/server/src/db/seed/scale';

/** Where a benchmark's server finds its database. */
export type Where = { DATABASE_URL?: string; DATA_DIR: string };

/**
 * A fresh database with a generated campus of `students`: a throwaway database on DATABASE_URL's
 * server when it is set, else PGlite in a temporary folder; with how to remove it afterwards.
 */
export async function seededCampus(
  prefix: string,
  students: number,
): Promise<{ where: Where; kind: string; remove: () => Promise<void> }> {
  const server = process.env.DATABASE_URL;
  const tempDir = mkdtempSync(path.join(os.tmpdir(), prefix));
  const throwaway = server ? await createThrowawayDatabase(server) : null;
  const where: Where = {
    ...(throwaway ? { DATABASE_URL: throwaway.url } : {}),
    DATA_DIR: path.join(tempDir, 'data'),
  };
  const handle = await openDatabase(where);
  try {
    await handle.migrate();
    const seeded = await seedScaleCampus(handle.db, { students, domain: 'iitbhilai.ac.in' });
    process.stdout.write(`Seeded ${students} students in ${(seeded.elapsedMs / 1000).toFixed(1)} s.\n`);
  } finally {
    await handle.close();
  }
  return {
    where,
    kind: throwaway ? 'PostgreSQL server' : 'PGlite (temporary folder)',
    remove: async () => {
      await throwaway?.drop();
      rmSync(tempDir, { recursive: true, force: true });
    },
  };
}
