import { existsSync } from 'node:fs';

/**
 * The Chromium the browser tests and the page-weight benchmark drive: CHROMIUM_PATH when set,
 * else Debian's headless shell (package chromium-headless-shell, the same engine without the
 * browser's own windows, about a fifth quicker over the whole run on two cores), else Debian's
 * full Chromium.
 */
export function chromiumExecutable(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  const headlessShell = '/usr/bin/chromium-headless-shell';
  return existsSync(headlessShell) ? headlessShell : '/usr/bin/chromium';
}
