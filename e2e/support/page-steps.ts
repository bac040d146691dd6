import type { APIRequestContext, Locator, Page, TestInfo } from '@playwright/test';
import { expectAccessible, expectNoHorizontalScroll } from './fixtures';

// Steps every area's browser tests share: records made and looked up through the API, toasts,
// searchable pickers, page checks and screenshots.

/** The desktop viewport the tests return to after a phone-width check. */
export const DESKTOP = { width: 1280, height: 800 } as const;

/** POST `path` with `data` as the owner of `request`; fails the test on anything but 201. */
export async function created<T>(request: APIRequestContext, path: string, data: object): Promise<T> {
  const response = await request.post(path, { data });
  if (response.status() !== 201)
    throw new Error(`POST ${path} failed: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The id of the first lookup choice of `kind` whose label is exactly `label`. */
export async function lookupId(
  request: APIRequestContext,
  kind: 'events' | 'positions' | 'units',
  label: string,
): Promise<string> {
  const response = await request.get(`/api/lookup/${kind}?q=${encodeURIComponent(label)}`);
  const { items } = (await response.json()) as { items: Array<{ id: string; label: string }> };
  const item = items.find((candidate) => candidate.label === label);
  if (!item) throw new Error(`No ${kind} named ${label}`);
  return item.id;
}

/** The toast that says `text` (the app's one toast region). */
export function toast(page: Page, text: string | RegExp): Locator {
  return page.locator('[data-sonner-toast]').filter({ hasText: text });
}

/** Chooses the option `option` of a searchable picker after typing `search` into it. */
export async function pick(
  scope: Locator | Page,
  label: string,
  search: string,
  option: string | RegExp,
): Promise<void> {
  await scope.getByRole('combobox', { name: label, exact: true }).fill(search);
  await scope
    .getByRole('listbox', { name: label, exact: true })
    .getByRole('option', { name: option })
    .first()
    .click();
}

/** axe and the 375 px check of a page of a second browser, then back to the desktop width. */
export async function checkPage(page: Page): Promise<void> {
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  await page.setViewportSize(DESKTOP);
}

/** Full-page desktop screenshot in the test's output folder. */
export async function screenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.screenshot({ path: testInfo.outputPath(`${name}-desktop.png`), fullPage: true });
}
