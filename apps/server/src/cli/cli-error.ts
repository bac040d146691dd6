/** A failure the CLI reports as one line, without a stack trace. */
export class CliError extends Error {
  override name = 'CliError';
}

/** The first line of an error's message. */
export function oneLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0] ?? message;
}
