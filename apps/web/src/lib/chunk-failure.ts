/**
 * Whether an error is the browser failing to fetch a part of the app: the connection is down, or a
 * new release replaced the file (Chromium, Safari and Firefox each word it their own way).
 */
export function isChunkFailure(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(
      error.message,
    )
  );
}
