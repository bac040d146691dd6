import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { expect, portalContext, test } from './support/fixtures';
import { onboardedStudentByApi, signIn, suffix } from './support/accounts';
import { DEMO_PASSWORD, demoAccount } from './support/demo-accounts';

/**
 * The skill catalogue (/admin/skills) and the audit log (/admin/audit) of the institute
 * administrator (deviation 60): students create skills through the API, the demo administrator
 * renames one, merges a duplicate into another and retires one, then finds each change in the
 * audit log with its values before and after. Every skill carries a random tag, so runs never meet.
 */

const ADMIN = demoAccount('ADMIN');

/** A student (registered, verified and onboarded through the API) who adds a new skill to the catalogue. */
async function studentWithNewSkill(
  browser: Browser,
  baseURL: string | undefined,
  name: string,
): Promise<void> {
  const context = await portalContext(browser, baseURL);
  const request: APIRequestContext = context.request;
  await onboardedStudentByApi(request, 'skills');
  const response = await request.post('/api/me/skills', {
    data: {
      newSkill: { name, category: 'Programming', type: 'technical' },
      proficiencyLevel: 'intermediate',
    },
  });
  if (response.status() !== 201)
    throw new Error(`Adding ${name} failed: ${response.status()} ${await response.text()}`);
  await context.close();
}

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });
const card = (page: Page, name: string): Locator => page.getByRole('article', { name, exact: true });

/** The list once it has loaded the search in force. */
async function listed(page: Page): Promise<void> {
  await expect(page.getByText(/^Showing \d+ of \d+ skills$/)).toBeVisible();
  await expect(page.locator('ul[aria-busy="true"]')).toHaveCount(0);
}

test.describe('skill catalogue and audit log', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the administrator renames, merges and retires skills, and the audit log shows each change with before and after', async ({
    page,
    browser,
    baseURL,
    checkAccessible,
    checkPhoneWidth,
  }) => {
    const tag = suffix();
    const typo = `Gardning ${tag}`;
    const renamed = `Gardening ${tag}`;
    const target = `Kotlin ${tag}`;
    const duplicate = `Ktlin ${tag}`;
    await studentWithNewSkill(browser, baseURL, typo);
    await studentWithNewSkill(browser, baseURL, target);
    await studentWithNewSkill(browser, baseURL, duplicate);

    await signIn(page, ADMIN.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto(`/admin/skills?q=${encodeURIComponent(tag)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Skill catalogue' })).toBeVisible();
    await listed(page);
    await expect(page.getByText(/^Showing 3 of \d+ skills$/)).toBeVisible();
    await expect(card(page, target).getByText('1 student holds it')).toBeVisible();
    await expect(card(page, duplicate).getByText('Awaiting review')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      `/api/admin/skills/export?q=${encodeURIComponent(tag).replace(/%20/g, '+')}`,
    );
    await checkAccessible();

    // Rename the misspelt skill.
    await card(page, typo)
      .getByRole('button', { name: `Edit ${typo}` })
      .click();
    const edit = page.getByRole('dialog', { name: `Edit ${typo}` });
    await edit.getByLabel('Name').fill(renamed);
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(toast(page, 'Skill updated.')).toBeVisible();
    await expect(card(page, renamed)).toBeVisible();

    // Merge the duplicate into the skill it duplicates: its student's claim moves.
    await card(page, duplicate)
      .getByRole('button', { name: `Merge ${duplicate}` })
      .click();
    const merge = page.getByRole('dialog', { name: `Merge ${duplicate} into another skill` });
    await merge.getByRole('combobox', { name: 'Merge into' }).fill(target);
    await merge
      .getByRole('listbox', { name: 'Merge into' })
      .getByRole('option', { name: new RegExp(target) })
      .click();
    await expect(merge.getByText("1 student's claim moves, 0 duplicates collapse.")).toBeVisible();
    await checkAccessible();
    await merge.getByRole('button', { name: 'Merge skills' }).click();
    await expect(toast(page, `Merged into ${target}.`)).toBeVisible();
    await expect(card(page, target).getByText('2 students hold it')).toBeVisible();
    await expect(card(page, duplicate).getByText(`Merged into ${target}`)).toBeVisible();
    await expect(card(page, duplicate).getByText('Retired', { exact: true })).toBeVisible();
    await expect(card(page, duplicate).getByText('0 students hold it')).toBeVisible();

    // Retire the renamed skill: its student keeps it.
    await card(page, renamed)
      .getByRole('button', { name: `Retire ${renamed}` })
      .click();
    const retire = page.getByRole('dialog', { name: `Retire ${renamed}?` });
    await expect(retire.getByText(/The 1 student who holds it keeps it\./)).toBeVisible();
    await retire.getByRole('button', { name: 'Retire skill' }).click();
    await expect(toast(page, 'Skill retired.')).toBeVisible();
    await expect(card(page, renamed).getByText('Retired', { exact: true })).toBeVisible();
    await expect(card(page, renamed).getByRole('button')).toHaveCount(0);
    await page
      .locator('[data-sonner-toast]')
      .first()
      .waitFor({ state: 'detached', timeout: 10_000 })
      .catch(() => undefined);
    await checkAccessible();
    await checkPhoneWidth();

    // The audit log, filtered to skill changes by the administrator.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/admin/audit');
    await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
    await page.getByLabel('Kind').selectOption({ label: 'Skill' });
    await page.getByRole('combobox', { name: 'Who' }).fill(ADMIN.name);
    await page
      .getByRole('listbox', { name: 'Who' })
      .getByRole('option', { name: new RegExp(ADMIN.name) })
      .first()
      .click();
    await expect(page).toHaveURL(/kind=skill/);
    await expect(page).toHaveURL(/actorId=/);
    await expect(page.locator('ul[aria-busy="true"]')).toHaveCount(0);

    const entries = page.getByRole('article');
    const about = (what: string) =>
      entries.filter({ has: page.getByRole('heading', { name: what, exact: true }) });
    // Newest first: the retirement, the merge, the rename.
    await expect(about(`Changed catalogue skill: ${renamed}`)).toHaveCount(2);
    await expect(about(`Changed catalogue skill: ${duplicate}`)).toHaveCount(1);
    const headings = await entries.getByRole('heading').allTextContents();
    const ours = headings.filter((text) => text.endsWith(tag));
    expect(ours).toEqual([
      `Changed catalogue skill: ${renamed}`,
      `Changed catalogue skill: ${duplicate}`,
      `Changed catalogue skill: ${renamed}`,
    ]);

    const rename = about(`Changed catalogue skill: ${renamed}`).last();
    await expect(rename.getByText(ADMIN.name)).toBeVisible();
    await rename.getByText('Show the change (1 field)').click();
    await expect(
      rename.getByText('Name', { exact: true }).locator('xpath=following-sibling::dd'),
    ).toHaveText(`from ${typo}→ to ${renamed}`);

    const merged = about(`Changed catalogue skill: ${duplicate}`);
    await merged.getByText(/^Show the changes \(\d+ fields\)$/).click();
    await expect(
      merged.getByText('Merged into', { exact: true }).locator('xpath=following-sibling::dd'),
    ).toHaveText(`from none→ to ${target}`);
    await expect(
      merged.getByText('Retired', { exact: true }).locator('xpath=following-sibling::dd'),
    ).toContainText('from none');

    await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      /\/api\/admin\/audit\/export\?actorId=[0-9a-f-]+&kind=skill$/,
    );
    const csv = await page.request.get(
      (await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href'))!,
    );
    expect(csv.status()).toBe(200);
    // Before and after in words, and as the database stored them: the rename's line names both spellings.
    const text = await csv.text();
    expect(text).toContain(`Name: ${typo},Name: ${renamed}`);
    expect(text).toContain(`""name"":""${typo}""`);

    await checkAccessible();
    await checkPhoneWidth();
  });
});
