import { expect, test } from './support/fixtures';
import { freshStudent } from './support/student-record-pages';

/** A search picker keeps every key of fast typing: each key lands in the field, in order. */
test('a search picker keeps every character typed quickly', async ({ page }) => {
  await freshStudent(page, 'typing');
  await page.goto('/add-achievement');
  const picker = page.getByRole('combobox', { name: /^Event/ });
  await picker.click();
  await page.keyboard.type('technical fest');
  await expect(picker).toHaveValue('technical fest');
});
