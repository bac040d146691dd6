import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './support/fixtures';

/**
 * The accessibility check the other specs lean on: it must fail on a real violation wherever it
 * stands, in the page or in a frame, and pass only what it is told to leave out.
 */

/** The message of the check's failure, or null when it passed. */
async function failureOf(
  page: Page,
  options?: Parameters<typeof expectAccessible>[1],
): Promise<string | null> {
  return expectAccessible(page, options).then(
    () => null,
    (error: Error) => error.message,
  );
}

/** Adds an image without alternative text to the login page's main region. */
async function addUnlabelledImage(page: Page, id: string): Promise<void> {
  await page.evaluate((imageId) => {
    const image = document.createElement('img');
    image.id = imageId;
    image.src = '/favicon.svg';
    document.querySelector('main')!.append(image);
  }, id);
}

test.describe('the accessibility check', () => {
  test('fails on an image without alternative text, and passes when that image is left out or the rule is off', async ({
    page,
  }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    expect(await failureOf(page)).toBeNull();

    await addUnlabelledImage(page, 'unlabelled');
    const failure = await failureOf(page);
    expect(failure).toContain('"rule": "image-alt"');
    expect(failure).toContain('"#unlabelled"');
    expect(await failureOf(page, { exclude: ['#unlabelled'] })).toBeNull();
    expect(await failureOf(page, { disableRules: ['image-alt'] })).toBeNull();

    // Fixed in place, as a page would after a click: the same document is scanned again.
    await page.evaluate(() => document.getElementById('unlabelled')!.setAttribute('alt', 'The portal'));
    expect(await failureOf(page)).toBeNull();
  });

  test('fails on a form field without a label inside a frame of the page', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const frame = document.createElement('iframe');
          frame.title = 'Embedded form';
          frame.srcdoc =
            '<!doctype html><html lang="en"><head><title>Form</title></head><body><main><input id="in-frame-field" type="text"></main></body></html>';
          frame.addEventListener('load', () => resolve());
          document.querySelector('main')!.append(frame);
        }),
    );
    const failure = await failureOf(page);
    expect(failure).toContain('"rule": "label"');
    expect(failure).toContain('#in-frame-field');
  });

  test('is not thrown off by an element whose id is "axe"', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await page.evaluate(() => {
      const element = document.createElement('div');
      element.id = 'axe';
      document.querySelector('main')!.append(element);
    });
    expect(await failureOf(page)).toBeNull();
    await addUnlabelledImage(page, 'after-axe');
    expect(await failureOf(page)).toContain('"rule": "image-alt"');
  });
});
