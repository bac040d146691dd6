/**
 * Runs `callback` once the browser is idle after the page has shown (within 3 seconds), or after
 * a second where it cannot tell; answers a function that cancels it.
 */
export function whenIdle(callback: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const idle = window.requestIdleCallback(callback, { timeout: 3000 });
    return () => window.cancelIdleCallback(idle);
  }
  const timer = window.setTimeout(callback, 1000);
  return () => window.clearTimeout(timer);
}
