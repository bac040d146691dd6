/** A failure the CLI reports as one line, without a stack trace. */
export class CliError extends Error {
  override name = 'CliError';
}

/** Longest part of a message kept in one line: a failed query's text can run to megabytes. */
const MAX_PART = 200;

/**
 * An error in one short line: the first line of its message, cut at 200 characters, led by the
 * error that caused it (the database's own words under a failed query).
 */
export function oneLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const first = message.split('\n')[0] ?? message;
  const short = first.length > MAX_PART ? `${first.slice(0, MAX_PART)}...` : first;
  const cause = error instanceof Error ? error.cause : undefined;
  return cause instanceof Error ? `${oneLine(cause)} (${short})` : short;
}
