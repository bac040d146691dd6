/*
 * The in-app page the viewer came from, which the API client names in the X-Came-From header: the
 * access log tells a student from which page an official opened their record. Null on a full page
 * load, before any navigation inside the app.
 */

let current: string | null = null;
let previous: string | null = null;

/** Notes the page now shown (path and search); the one before it becomes the page the viewer came from. */
export function notePage(page: string): void {
  if (page === current) return;
  previous = current;
  current = page;
}

/** The page shown before the current one, or null. */
export const cameFrom = (): string | null => previous;
