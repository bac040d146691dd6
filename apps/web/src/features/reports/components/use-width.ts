import { useLayoutEffect, useRef, useState } from 'react';

/** A width to draw at where the browser cannot measure one (no ResizeObserver, as in tests). */
const UNMEASURED_WIDTH = 360;

/**
 * The width of an element, kept up to date as the window or the layout changes, so that a chart
 * draws its text at its real size on a phone and on a desktop alike (0 until measured).
 */
export function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(() =>
    typeof ResizeObserver === 'undefined' ? UNMEASURED_WIDTH : 0,
  );
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}
