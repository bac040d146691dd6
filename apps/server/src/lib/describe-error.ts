import { DataDirInUseError } from '../db/data-dir-lock';

/** One readable line for a start-up failure, never a stack trace. */
export function describeDatabaseError(error: unknown, url: string | undefined): string {
  if (error instanceof DataDirInUseError)
    return `${error.message}: stop it first, or set DATA_DIR to another folder.`;
  const where = (() => {
    if (!url) return 'the embedded database';
    try {
      const parsed = new URL(url);
      return `the PostgreSQL server at ${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
    } catch {
      return 'the PostgreSQL server';
    }
  })();
  const err = error as { code?: string; message?: string; errors?: Array<{ code?: string }> };
  const code = err?.code ?? err?.errors?.[0]?.code;
  const reason =
    code === 'ECONNREFUSED'
      ? 'connection refused'
      : code === 'ENOTFOUND'
        ? 'host not found'
        : (err?.message ?? String(error)).split('\n')[0];
  return `Cannot open ${where}: ${reason}. Check DATABASE_URL and that the database is running.`;
}
