import type { Config } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { describeDatabaseError } from '../lib/describe-error';
import { CliError, oneLine } from './cli-error';
import { DataDirInUseError } from '../db/data-dir-lock';

const STOP_FIRST = 'stop the portal first, or set DATABASE_URL to work on a PostgreSQL server';

/** Opens and migrates the database the configuration names, refusing an embedded one another process has open. */
export async function openCliDatabase(config: Config): Promise<DatabaseHandle> {
  let handle: DatabaseHandle;
  try {
    handle = await openDatabase(config);
  } catch (error) {
    if (config.DATABASE_URL) throw new CliError(describeDatabaseError(error, config.DATABASE_URL));
    if (error instanceof DataDirInUseError) throw new CliError(`${error.message}: ${STOP_FIRST}.`);
    throw new CliError(
      `Cannot open the embedded database in ${config.DATA_DIR} (${oneLine(error)}): if the portal is running, ${STOP_FIRST}.`,
    );
  }
  try {
    await handle.migrate();
  } catch (error) {
    await handle.close().catch(() => undefined);
    throw new CliError(`Cannot update the database schema: ${oneLine(error)}`);
  }
  return handle;
}
