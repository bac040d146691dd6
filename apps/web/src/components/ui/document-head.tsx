import { useEffect } from 'react';

/**
 * The page's title in the browser's tab and history and, for a page that asks, a robots meta tag
 * in the document's head; both go back to what they were when the page goes.
 */
export function DocumentHead({ title, robots }: { title: string; robots?: string }) {
  useEffect(() => {
    const before = document.title;
    document.title = title;
    return () => {
      document.title = before;
    };
  }, [title]);
  useEffect(() => {
    if (!robots) return;
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = robots;
    document.head.append(meta);
    return () => meta.remove();
  }, [robots]);
  return null;
}
