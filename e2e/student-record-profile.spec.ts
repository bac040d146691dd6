import path from 'node:path';
import { expect, test } from './support/fixtures';
import { e2eDir } from './support/paths';
import { holdRequests } from './support/network';
import { checkPage, closeToast, freshStudent } from './support/student-record-pages';
import { toast } from './support/page-steps';

const PORTRAIT = path.join(e2eDir, 'fixtures', 'portrait.jpg');

/**
 * The student's own record (spec sections 1, 2, 4, 5, 8 and 9): the home dashboard, profile and
 * photo, skills, achievements, positions and the feedback form, each proven with a student made for
 * the test, so that the record starts empty. Expected texts are typed from the spec.
 */
test.describe('student record', () => {
  test('/profile: spinner, then the profile; edit with validation, save, cancel; change and delete the photo', async ({
    page,
    checkAccessible,
    checkPhoneWidth,
  }, testInfo) => {
    const student = await freshStudent(page, 'profile');
    const main = page.getByRole('main');

    const releaseProfile = await holdRequests(page, '**/api/me/profile', 'GET');
    await page.goto('/profile');
    await expect(main.getByRole('status')).toBeVisible();
    await expect(main.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await releaseProfile();

    await expect(main.getByRole('heading', { level: 1, name: student.name })).toBeVisible();
    await expect(main.locator('header').first().getByText(student.studentId)).toBeVisible();
    for (const section of [
      'Basic Information',
      'Academic Information',
      'Contact Information',
      'Social Links',
    ]) {
      await expect(main.getByRole('heading', { level: 2, name: section })).toBeVisible();
    }
    const contact = main.getByRole('region', { name: 'Contact Information' });
    await expect(
      contact.getByText(student.mobile),
      'the mobile number given at onboarding',
    ).toBeVisible();
    await expect(
      main.getByRole('region', { name: 'Academic Information' }).getByText('Physics'),
    ).toBeVisible();
    await expect(main.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await checkPage(page, testInfo, 'profile', { checkAccessible, checkPhoneWidth });

    // Edit: a 5-digit phone, then a LinkedIn address on another host.
    await main.getByRole('button', { name: 'Edit' }).click();
    await expect(main.getByRole('button', { name: 'Save' })).toBeVisible();
    await expect(main.getByRole('button', { name: 'Cancel' })).toBeVisible();
    const phone = main.getByLabel('Phone');
    await expect(phone).toHaveValue(student.mobile);
    await phone.fill('12345');
    await main.getByRole('button', { name: 'Save' }).click();
    await expect(main.getByText('Mobile number must be 10 digits')).toBeVisible();
    const fixErrors = toast(page, 'Please fix validation errors');
    await expect(fixErrors).toBeVisible();
    await expect(fixErrors, 'toasts sit at the top right').toHaveAttribute('data-y-position', 'top');
    await expect(fixErrors).toHaveAttribute('data-x-position', 'right');
    await closeToast(fixErrors);

    const linkedin = main.getByLabel('LinkedIn');
    await linkedin.fill('https://example.com/in/someone');
    await main.getByRole('button', { name: 'Save' }).click();
    await expect(main.getByText('Invalid LinkedIn URL')).toBeVisible();
    await expect(main.getByText('Mobile number must be 10 digits')).toBeVisible();
    await checkAccessible();
    await closeToast(toast(page, 'Please fix validation errors'));

    // Fixed, saved, and still there after a reload.
    const newPhone = `91${student.studentId.slice(-8)}`;
    const newLinkedin = `https://www.linkedin.com/in/e2e-${student.studentId}`;
    await phone.fill(newPhone);
    await linkedin.fill(newLinkedin);
    await main.getByLabel('Hostel').selectOption('Indravati');
    await main.getByLabel('Room Number').fill('B-214');
    await main.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Profile updated successfully!')).toBeVisible();
    await expect(main.getByRole('button', { name: 'Edit' })).toBeVisible();
    await expect(main.getByText('Invalid LinkedIn URL')).toHaveCount(0);
    await expect(contact.getByText(newPhone)).toBeVisible();
    await expect(contact.getByText('Indravati')).toBeVisible();
    await expect(contact.getByText('B-214')).toBeVisible();
    await expect(main.getByRole('link', { name: new RegExp(newLinkedin) })).toBeVisible();
    await page.reload();
    await expect(contact.getByText(newPhone)).toBeVisible();
    await expect(contact.getByText('Indravati')).toBeVisible();
    await expect(main.getByRole('link', { name: new RegExp(newLinkedin) })).toBeVisible();

    // Cancel drops the draft.
    await main.getByRole('button', { name: 'Edit' }).click();
    await phone.fill('9000000000');
    await main.getByLabel('Room Number').fill('Z-999');
    await main.getByRole('button', { name: 'Cancel' }).click();
    await expect(main.getByRole('button', { name: 'Edit' })).toBeVisible();
    await expect(contact.getByText(newPhone)).toBeVisible();
    await expect(contact.getByText('B-214')).toBeVisible();
    await expect(main.getByText('9000000000')).toHaveCount(0);
    await main.getByRole('button', { name: 'Edit' }).click();
    await expect(phone).toHaveValue(newPhone);
    await main.getByRole('button', { name: 'Cancel' }).click();
    await page.reload();
    await expect(contact.getByText(newPhone)).toBeVisible();

    // Photo: the default avatar, then a real JPEG.
    const header = main.locator('header').first();
    const picture = header.getByRole('img', { name: `Photo of ${student.name}` });
    await expect(header.getByRole('img', { name: student.name, exact: true })).toBeVisible();
    await expect(picture).toHaveCount(0);
    await expect(header.getByRole('button', { name: 'Delete Photo' })).toHaveCount(0);

    let chooser = page.waitForEvent('filechooser');
    await header.getByRole('button', { name: 'Change Photo' }).click();
    await (await chooser).setFiles(PORTRAIT);
    await expect(picture).toHaveAttribute('src', /^\/api\/photos\/[^/]+/);
    await expect
      .poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth), {
        message: 'the photo loads',
      })
      .toBeGreaterThan(0);
    const uploaded = await picture.getAttribute('src');
    await page.reload();
    await expect(picture).toHaveAttribute('src', uploaded!);

    // A text file named .jpg is refused with an error toast; the picture stays.
    chooser = page.waitForEvent('filechooser');
    await header.getByRole('button', { name: 'Change Photo' }).click();
    await (
      await chooser
    ).setFiles({
      name: 'holiday.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('This is a text file, not a photograph.\n'.repeat(20)),
    });
    await expect(page.locator('[data-sonner-toast][data-type="error"]')).toContainText(
      /Please choose a JPEG, PNG or WebP image\.|This image could not be read/,
    );
    await expect(picture).toHaveAttribute('src', uploaded!);

    // Delete Photo asks first; Keep Photo keeps it, Delete Photo brings back the default avatar.
    await header.getByRole('button', { name: 'Delete Photo' }).click();
    let dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await checkAccessible();
    await dialog.getByRole('button', { name: 'Keep Photo' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(picture).toHaveAttribute('src', uploaded!);
    await header.getByRole('button', { name: 'Delete Photo' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Delete Photo' }).click();
    await expect(picture).toHaveCount(0);
    await expect(header.getByRole('img', { name: student.name, exact: true })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Delete Photo' })).toHaveCount(0);
    await page.reload();
    await expect(header.getByRole('img', { name: student.name, exact: true })).toBeVisible();
    await expect(picture).toHaveCount(0);
  });
});
