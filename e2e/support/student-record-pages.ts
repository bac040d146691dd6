import type { Locator, Page, TestInfo } from '@playwright/test';
import { expect } from './fixtures';
import { onboardedStudentByApi, type NewStudent } from './accounts';
import { DESKTOP, pick as choose, screenshot } from './page-steps';

// Steps the browser tests of the student's own record share beyond page-steps.ts: a fresh student,
// closing toasts, checked pickers and page checks.

/** The admission year the fresh students give at onboarding. */
export const ADMISSION_YEAR = new Date().getFullYear() - 1;

/**
 * A student registered, verified and onboarded through the API with the page's own cookies, so the
 * browser is signed in to a record that holds nothing yet.
 */
export function freshStudent(page: Page, label: string): Promise<NewStudent & { mobile: string }> {
  return onboardedStudentByApi(page.request, label, { admissionYear: ADMISSION_YEAR });
}

/**
 * Closes a toast with its close button. At 1280 px the profile's toasts lie over its Save and Cancel
 * buttons and stay while the pointer rests on them (pause on hover), so the student closes them first.
 */
export async function closeToast(shown: Locator): Promise<void> {
  await shown.getByRole('button', { name: /close/i }).click();
  await expect(shown).toHaveCount(0);
}

/** axe, the 375 px check, then a full-page desktop screenshot in the test's output folder. */
export async function checkPage(
  page: Page,
  testInfo: TestInfo,
  name: string,
  checks: { checkAccessible: () => Promise<void>; checkPhoneWidth: () => Promise<void> },
): Promise<void> {
  await checks.checkAccessible();
  await checks.checkPhoneWidth();
  await page.setViewportSize(DESKTOP);
  await screenshot(page, testInfo, name);
}

/** Chooses the option `option` of a searchable picker after typing `search` into it, and sees it chosen. */
export async function pick(
  scope: Locator,
  label: string,
  search: string,
  option: string,
): Promise<void> {
  await choose(scope, label, search, option);
  await expect(scope.getByRole('combobox', { name: label, exact: true })).toHaveValue(option);
}
