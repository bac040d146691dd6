import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, otherBrowser } from './support/fixtures';
import { onboardedStudentByApi, signIn, suffix } from './support/accounts';
import { DEMO_PASSWORD, demoAccount } from './support/demo-accounts';
import { created, DESKTOP, lookupId, toast } from './support/page-steps';
import { portalHeader } from './support/shell';

const SCITECH = demoAccount('GENSEC_SCITECH');
const PRESIDENT = demoAccount('PRESIDENT');
const LAST_YEAR = new Date().getFullYear() - 1;

type Group = { kind: string; items: { label: string; detail: string | null; url: string }[] };

/** A technical achievement of the signed-in student, waiting for the sci-tech secretary. */
const waitingAchievement = (request: APIRequestContext, title: string) =>
  created(request, '/api/me/achievements', {
    title,
    category: 'Robotics',
    type: 'technical',
    dateAchieved: `${LAST_YEAR}-11-20`,
  });

/** The palette's field, once the palette is open. */
const paletteField = (page: Page) =>
  page
    .getByRole('dialog', { name: 'Search the portal' })
    .getByRole('combobox', { name: /Search people, clubs, events/ });

/**
 * The global search (the header's search box, Ctrl+K and "/"): a misspelt name and the start of a
 * student id find a person, showing no private data; queue items reach only the official whose
 * panel lists them. Each run's people and titles carry a random part of their own.
 */
test.describe('global search', () => {
  test.describe.configure({ timeout: 60_000 });

  test('a student finds a misspelt name and a whole student id, and no private data or queue items', async ({
    page,
    browser,
    baseURL,
  }) => {
    const other = await otherBrowser(browser, baseURL);
    const marigold = await onboardedStudentByApi(other.context.request, 'Marigold');
    const title = `Quasar Robot ${suffix()}`;
    await waitingAchievement(other.context.request, title);
    await other.context.close();

    await onboardedStudentByApi(page.context().request, 'seeker');
    const search = async (q: string): Promise<Group[]> => {
      const response = await page.request.get(`/api/search?q=${encodeURIComponent(q)}`);
      expect(response.status(), q).toBe(200);
      return ((await response.json()) as { groups: Group[] }).groups;
    };
    const digits = marigold.name.split(' ').at(-1)!;
    const people = async (q: string) =>
      (await search(q)).find((group) => group.kind === 'people')?.items ?? [];

    // 'Marigld' for 'Marigold'.
    const byName = await people(`Marigld ${digits}`);
    expect(byName[0]).toEqual({
      label: marigold.name,
      detail: `B.Tech · Batch ${LAST_YEAR}`,
      url: expect.stringMatching(/^\/people\/[0-9a-f-]{36}$/),
      id: expect.any(String),
    });
    const byId = await people(marigold.studentId);
    expect(byId.map((item) => item.label)).toEqual([marigold.name]);
    // Only the whole id: a student cannot spell another's id out a digit at a time.
    expect(await people(marigold.studentId.slice(0, 10))).toEqual([]);

    const everything = JSON.stringify(await search(`Marigold ${digits}`));
    for (const secret of [marigold.email, marigold.studentId, marigold.mobile, 'Physics'])
      expect(everything).not.toContain(secret);
    // Another student's achievement waiting for review is nobody's business but the reviewer's.
    expect(await search(title)).toEqual([]);

    // The same through the palette in the header of the student's own page, by keyboard: "/" opens it.
    await page.goto('/home');
    await expect(portalHeader(page).getByRole('button', { name: 'Search' })).toBeVisible();
    await page.keyboard.press('/');
    await paletteField(page).fill(`Marigld ${digits}`);
    const found = page.getByRole('dialog', { name: 'Search the portal' }).getByRole('option', {
      name: new RegExp(marigold.name),
    });
    await expect(found).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/people\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: marigold.name })).toBeVisible();
  });

  test('a general secretary finds an item of their queue from the header, by keyboard', async ({
    page,
    browser,
    baseURL,
    checkAccessible,
    checkPhoneWidth,
  }) => {
    const other = await otherBrowser(browser, baseURL);
    const student = await onboardedStudentByApi(other.context.request, 'Marigold');
    const title = `Quasar Robot ${suffix()}`;
    await waitingAchievement(other.context.request, title);
    await other.context.close();

    await signIn(page, SCITECH.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/gensec-tech$/);
    await portalHeader(page).getByRole('button', { name: 'Search' }).click();
    const field = paletteField(page);
    await expect(field).toBeFocused();

    // A misspelt name finds the student, with program and batch and nothing else.
    const digits = student.name.split(' ').at(-1)!;
    await field.fill(`Marigld ${digits}`);
    const people = page.getByRole('group', { name: 'People' });
    const person = people.getByRole('option', { name: new RegExp(student.name) });
    await expect(person).toBeVisible();
    await expect(person).toHaveText(`${student.name}B.Tech · Batch ${LAST_YEAR}`);
    await expect(person).toHaveAttribute('href', /^\/people\/[0-9a-f-]{36}$/);

    await field.fill(title);
    const queue = page.getByRole('group', { name: 'Awaiting your review' });
    const item = queue.getByRole('option', { name: new RegExp(title) });
    await expect(item).toHaveText(`${title}Achievement · ${student.name}`);
    await expect(item).toHaveAttribute('aria-selected', 'true');
    await checkAccessible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/gensec-endorse\?tab=achievements$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // On a phone the search is an icon button; "/" opens the palette, and Escape gives focus back.
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/gensec-tech');
    const icon = portalHeader(page).getByRole('button', { name: 'Search' });
    await expect(icon).toBeVisible();
    await expect(icon.getByText('Search...')).toBeHidden();
    await icon.focus();
    await page.keyboard.press('/');
    await expect(paletteField(page)).toBeFocused();
    await paletteField(page).fill('zzqqxxjj');
    await expect(page.getByText('No results for “zzqqxxjj”.')).toBeVisible();
    await checkPhoneWidth();
    await checkAccessible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(icon).toBeFocused();
  });

  test('the president finds a complaint by its words, opens it alone on the desk and resolves it', async ({
    page,
    browser,
    baseURL,
    checkAccessible,
    checkPhoneWidth,
  }) => {
    const word = suffix();
    const comments = `The ${word} lab stayed locked through the robotics evening.`;
    const other = await otherBrowser(browser, baseURL);
    await onboardedStudentByApi(other.context.request, 'Juniper');
    const club = await lookupId(other.context.request, 'units', 'Coding Club');
    await created(other.context.request, '/api/feedback', {
      type: 'Complaint',
      targetType: 'Club/Organization',
      targetId: club,
      rating: 2,
      comments,
      isAnonymous: true,
    });
    await other.context.close();

    await signIn(page, PRESIDENT.email, DEMO_PASSWORD);
    await portalHeader(page).getByRole('button', { name: 'Search' }).click();
    await paletteField(page).fill(`${word} lab`);
    const found = page.getByRole('group', { name: 'Feedback to resolve' });
    const item = found.getByRole('option', { name: /Coding Club/ });
    await expect(item).toHaveText(`Coding ClubComplaint · ${comments}`);
    await item.click();
    await expect(page).toHaveURL(/\/viewfeedback\?id=[0-9a-f-]{36}$/);
    const main = page.getByRole('main');
    await expect(main.getByText('Showing one feedback, opened from the search.')).toBeVisible();
    const card = main.getByRole('article');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(comments);
    await checkAccessible();
    await checkPhoneWidth();
    await page.setViewportSize(DESKTOP);
    await card.getByRole('button', { name: 'Mark as Resolved' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark feedback as resolved' });
    await dialog
      .getByLabel('Actions taken')
      .fill(`Opened the lab and handed a key to the club (${word}).`);
    await dialog.getByRole('button', { name: 'Mark as Resolved' }).click();
    await expect(toast(page, 'Feedback marked as resolved.')).toBeVisible();
    // The card stays, resolved, with the actions taken.
    await expect(card.getByText('Resolved', { exact: true })).toBeVisible();
    await expect(card).toContainText(`Opened the lab and handed a key to the club (${word}).`);

    // Resolved, it is no longer waiting: the search finds it no more, and the desk shows the whole list.
    await main.getByRole('button', { name: 'Show all feedback' }).click();
    await expect(page).toHaveURL(/\/viewfeedback$/);
    await expect(main.getByText('Showing one feedback, opened from the search.')).toHaveCount(0);
    await portalHeader(page).getByRole('button', { name: 'Search' }).click();
    await paletteField(page).fill(`${word} lab`);
    await expect(page.getByText(`No results for “${word} lab”.`)).toBeVisible();
  });
});
