import { useCallback, useRef } from 'react';

/**
 * Runs an action unless the last one it ran has not ended: a double click sends one request. A
 * button's pending state shows only after the next render, which a second click can beat.
 */
export function useOneAtATime(): <T>(action: () => Promise<T>) => Promise<T | undefined> {
  const running = useRef(false);
  return useCallback(async <T>(action: () => Promise<T>) => {
    if (running.current) return undefined;
    running.current = true;
    try {
      return await action();
    } finally {
      running.current = false;
    }
  }, []);
}
