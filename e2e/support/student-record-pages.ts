import type { Locator, Page, TestInfo } from '@playwright/test';
import { expect } from './fixtures';
import { registerVerifiedByApi, uniqueStudent, type NewStudent } from './accounts';

// Steps the browser tests of the student's own record share: a fresh student, toasts, pickers, page checks.

const DESKTOP = { width: 1280, height: 800 } as const;
/** The admission year the fresh students give at onboarding. */
export const ADMISSION_YEAR = new Date().getFullYear() - 1;

type Student = NewStudent & { mobile: string };

/**
 * A student registered, verified and onboarded through the API with the page's own cookies, so the
 * browser is signed in to a record that holds nothing yet.
 */
export async function freshStudent(page: Page, label: string): Promise<Student> {
  const student = uniqueStudent(label);
  await registerVerifiedByApi(page.request, student);
  const mobile = `98${student.studentId.slice(-8)}`;
  const response = await page.request.post('/api/onboarding', {
    data: {
      idNumber: student.studentId,
      mobile,
      admissionYear: ADMISSION_YEAR,
      program: 'B.Tech',
      discipline: 'Physics',
    },
  });
  if (!response.ok())
    throw new Error(`Onboarding ${student.email} failed: ${response.status()} ${await response.text()}`);
  return { ...student, mobile };
}

/** The toast that says `text` (the app's one toast region). */
export function toast(page: Page, text: string | RegExp): Locator {
  return page.locator('[data-sonner-toast]').filter({ hasText: text });
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
  await page.screenshot({ path: testInfo.outputPath(`${name}-desktop.png`), fullPage: true });
}

/** Chooses the option `option` of a searchable picker after typing `search` into it. */
export async function pick(
  scope: Locator,
  label: string,
  search: string,
  option: string,
): Promise<void> {
  const picker = scope.getByRole('combobox', { name: label, exact: true });
  await picker.fill(search);
  await scope
    .getByRole('listbox', { name: label, exact: true })
    .getByRole('option', { name: option })
    .first()
    .click();
  await expect(picker).toHaveValue(option);
}
