import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect } from './fixtures';
import { registerVerifiedByApi, uniqueStudent, type NewStudent } from './accounts';

// Steps the browser tests of position admin and the position views share.

/** A student registered, verified and onboarded through the API with the cookies of `request`. */
export async function freshStudent(
  request: APIRequestContext,
  label: string,
): Promise<NewStudent & { id: string }> {
  const student = uniqueStudent(label);
  await registerVerifiedByApi(request, student);
  const response = await request.post('/api/onboarding', {
    data: {
      idNumber: student.studentId,
      mobile: `98${student.studentId.slice(-8)}`,
      admissionYear: new Date().getFullYear() - 1,
      program: 'B.Tech',
      discipline: 'Physics',
    },
  });
  if (!response.ok()) throw new Error(`Onboarding ${student.email} failed: ${response.status()}`);
  const session = (await (await request.get('/api/auth/session')).json()) as { user: { id: string } };
  return { ...student, id: session.user.id };
}

/** The id of the unit named exactly `name`. */
export async function unitId(request: APIRequestContext, name: string): Promise<string> {
  const { items } = (await (
    await request.get(`/api/lookup/units?q=${encodeURIComponent(name)}`)
  ).json()) as { items: Array<{ id: string; label: string }> };
  const item = items.find((candidate) => candidate.label === name);
  if (!item) throw new Error(`No unit named ${name}`);
  return item.id;
}

/** POST `path` with `data` as the owner of `request`; fails the test on anything but 201. */
export async function created<T>(request: APIRequestContext, path: string, data: object): Promise<T> {
  const response = await request.post(path, { data });
  if (response.status() !== 201)
    throw new Error(`POST ${path} failed: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

export const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });

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

/** The open tab's panel once its list or empty state has loaded. */
export async function loaded(page: Page): Promise<Locator> {
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByText(/^Showing \d+ of \d+ position/)).toBeVisible();
  await expect(panel.locator('ul[aria-busy="true"]')).toHaveCount(0);
  return panel;
}

/** Types `text` into the open tab's search box `label` and waits for `expected` and the list. */
export async function search(
  page: Page,
  label: string,
  text: string,
  expected: string | RegExp,
): Promise<Locator> {
  const panel = page.getByRole('tabpanel');
  await panel.getByRole('searchbox', { name: label }).fill(text);
  await expect(panel.getByText(expected)).toBeVisible();
  await expect(panel.locator('ul[aria-busy="true"]')).toHaveCount(0);
  return panel;
}
