import { ERROR_CODES } from '@cosa/contracts';
import { AppError } from './app-error';

/**
 * At most `most` of a heavy kind of work at once in this server process (storing a 5 MB upload
 * holds the embedded database's one connection for about 2 s; re-encoding a picture holds a core):
 * work beyond them is answered 503 at once, with Retry-After 5 s and `busy` as the message, so that
 * a burst of it cannot hold every other request of the portal behind it.
 */
export function fewAtOnce(most: number, busy: string): <T>(work: () => Promise<T>) => Promise<T> {
  let running = 0;
  return async (work) => {
    if (running >= most) throw new AppError(503, ERROR_CODES.unavailable, busy, undefined, 5);
    running += 1;
    try {
      return await work();
    } finally {
      running -= 1;
    }
  };
}
