import { useEffect, useId, useLayoutEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The search boxes on the page, newest last: only the newest answers the shortcuts, so that a page
 * showing two (the header's and a dashboard's) opens one palette, not two.
 */
const mounted: string[] = [];

/** The query that opens the search on arrival: the web app manifest's Search shortcut is '/?search'. */
const OPEN_PARAM = 'search';

/** Typing in a field (or an editable region) is typing, not a shortcut. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  );
}

/**
 * Ctrl+K (Cmd+K on a Mac) from anywhere, and "/" when not typing in a field, call `open`; neither
 * reaches the browser (Ctrl+K would focus its own search bar). "/" inside another dialog is left to it.
 * An address with '?search' (the installed app's Search shortcut) calls it once on arrival, and
 * loses the query.
 */
export function useSearchShortcut(open: () => void): void {
  const id = useId();
  // The newest `open`, read when a key is pressed: the box keeps its place among the mounted ones.
  const latest = useRef(open);
  // Both take effect with the render, before the page is painted: the shortcut works from the moment
  // the search box can be seen (an effect after painting could miss a key pressed at once).
  useLayoutEffect(() => {
    latest.current = open;
  });
  useLayoutEffect(() => {
    mounted.push(id);
    const onKeyDown = (event: KeyboardEvent) => {
      if (mounted.at(-1) !== id || event.defaultPrevented) return;
      const command =
        (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k';
      const slash =
        event.key === '/' &&
        !event.ctrlKey &&
        !event.metaKey &&
        !event.altKey &&
        !isTyping(event.target) &&
        !(event.target instanceof Element && event.target.closest('[role="dialog"]'));
      if (!command && !slash) return;
      event.preventDefault();
      latest.current();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      mounted.splice(mounted.indexOf(id), 1);
    };
  }, [id]);
  const [params, setParams] = useSearchParams();
  const asked = params.has(OPEN_PARAM);
  // After every layout effect of the page: each box is counted, and only the newest opens.
  useEffect(() => {
    if (!asked || mounted.at(-1) !== id) return;
    latest.current();
    setParams(
      (current) => {
        current.delete(OPEN_PARAM);
        return current;
      },
      { replace: true },
    );
  }, [asked, id, setParams]);
}
