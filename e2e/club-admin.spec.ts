import type { APIRequestContext, Page } from '@playwright/test';
import { expect, otherBrowser, test } from './support/fixtures';
import { onboardedStudentByApi, signIn, suffix } from './support/accounts';
import { DEMO_PASSWORD, demoAccount } from './support/demo-accounts';
import { DESKTOP, toast } from './support/page-steps';

/**
 * The clubs' keepers: the administrator adds a tag to the list clubs choose from (/admin/club-tags);
 * the Coding Club's coordinator edits the club's page (/clubs/coding-club/edit: tagline, the new
 * tag, recruiting with a question for applicants, a logo), accepts a student's request to join on
 * /club-dashboard/members, names their role, removes them with a reason and finds the past period.
 * The club's page is put back as it was afterwards, so other tests meet the demo campus's club.
 */

const ADMIN = demoAccount('ADMIN');
const COORDINATOR = demoAccount('CLUB_COORDINATOR');

/** A 16 × 16 PNG, blue. */
const LOGO_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAGUlEQVQokWOQqzhBEmIY1VAxGkpywzVpAABoaV4QCPoYKgAAAABJRU5ErkJggg==',
  'base64',
);

type ClubPageState = {
  id: string;
  tagline: string | null;
  about: string | null;
  contact: string | null;
  howToJoin: string | null;
  tagIds: string[];
  recruiting: boolean;
  joinQuestion: string | null;
  logoUrl: string | null;
};

async function codingClub(request: APIRequestContext): Promise<ClubPageState> {
  const response = await request.get('/api/clubs/by-slug/coding-club');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { page: ClubPageState }).page;
}

/** Puts the club's page back as it was, through the API as its coordinator. */
async function restore(request: APIRequestContext, was: ClubPageState): Promise<void> {
  const { id, tagline, about, contact, howToJoin, tagIds, recruiting, joinQuestion } = was;
  const saved = await request.put(`/api/clubs/${id}/page`, {
    data: { tagline, about, contact, howToJoin, tagIds },
  });
  expect(saved.status()).toBe(200);
  const open = await request.put(`/api/clubs/${id}/recruiting`, { data: { recruiting, joinQuestion } });
  expect(open.status()).toBe(200);
  if (!was.logoUrl) expect((await request.delete(`/api/clubs/${id}/images/logo`)).status()).toBe(200);
}

/** axe and 375 px, then back to the desktop width. */
async function checked(
  page: Page,
  checkAccessible: () => Promise<void>,
  checkPhoneWidth: () => Promise<void>,
) {
  await checkAccessible();
  await checkPhoneWidth();
  await page.setViewportSize(DESKTOP);
}

test.describe('club page, members and tags', () => {
  test.describe.configure({ timeout: 150_000 });

  test('the administrator adds a tag; the coordinator edits the page, accepts a request, names a role and removes the member with a reason', async ({
    page,
    browser,
    baseURL,
    checkAccessible,
    checkPhoneWidth,
  }) => {
    const tagName = `Algorithms ${suffix()}`;
    await signIn(page, ADMIN.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/admin$/);
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Club tags' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Club tags' })).toBeVisible();
    const add = page.getByRole('form', { name: 'Add a tag' });
    await add.getByLabel('Tag name').fill(tagName);
    await add.getByRole('button', { name: 'Add tag' }).click();
    await expect(toast(page, `Tag ${tagName} added.`)).toBeVisible();
    const tags = page.getByRole('list', { name: 'Tags' });
    await expect(tags.getByRole('listitem').filter({ hasText: tagName })).toContainText(
      'Carried by 0 clubs',
    );
    await add.getByLabel('Tag name').fill(tagName);
    await add.getByRole('button', { name: 'Add tag' }).click();
    await expect(add.getByText('A tag with this name already exists.')).toBeVisible();
    await checked(page, checkAccessible, checkPhoneWidth);

    await page.context().clearCookies();
    await signIn(page, COORDINATOR.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/club-dashboard$/);
    const was = await codingClub(page.request);
    try {
      await page.getByRole('link', { name: 'Edit club page' }).click();
      await expect(page).toHaveURL(/\/clubs\/coding-club\/edit$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Edit club page' })).toBeVisible();
      const about = page.getByRole('form', { name: 'About the club' });
      const tagline = `Contests every Friday ${suffix()}`;
      await about.getByLabel('Tagline').fill(tagline);
      for (const box of await about.getByRole('checkbox', { checked: true }).all()) await box.uncheck();
      await about.getByRole('checkbox', { name: tagName }).check();
      await about.getByRole('button', { name: 'Save page' }).click();
      await expect(toast(page, 'Club page saved.')).toBeVisible();

      const recruiting = page.getByRole('form', { name: 'Recruiting' });
      await recruiting.getByRole('switch', { name: 'Taking new members' }).check();
      await recruiting
        .getByLabel('Question for applicants (optional)')
        .fill('Which languages do you write?');
      await recruiting.getByRole('button', { name: 'Save recruiting' }).click();
      await expect(toast(page, 'The club is taking new members.')).toBeVisible();

      const logo = page.getByRole('region', { name: 'Logo' });
      await logo
        .getByLabel('Choose a logo picture')
        .setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('notes') });
      await expect(logo.getByRole('alert')).toHaveText('Please choose a JPEG, PNG or WebP image.');
      await logo
        .getByLabel('Choose a logo picture')
        .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: LOGO_PNG });
      await expect(toast(page, 'Logo saved.')).toBeVisible();
      await expect(logo.getByRole('img', { name: 'Current logo of Coding Club' })).toBeVisible();

      await page.reload();
      await expect(about.getByLabel('Tagline')).toHaveValue(tagline);
      await expect(about.getByRole('checkbox', { name: tagName })).toBeChecked();
      await expect(recruiting.getByRole('switch', { name: 'Taking new members' })).toBeChecked();
      await expect(recruiting.getByLabel('Question for applicants (optional)')).toHaveValue(
        'Which languages do you write?',
      );
      await expect(logo.getByRole('img', { name: 'Current logo of Coding Club' })).toBeVisible();
      await checked(page, checkAccessible, checkPhoneWidth);

      // A student asks to join, answering the club's question.
      const other = await otherBrowser(browser, baseURL);
      const student = await onboardedStudentByApi(other.context.request, 'joiner');
      const asked = await other.context.request.post(`/api/clubs/${was.id}/join-requests`, {
        data: { answer: 'C++ and Python.' },
      });
      expect(asked.status()).toBe(201);
      await other.context.close();

      await page.goto('/club-dashboard');
      await page.getByRole('link', { name: 'Members and requests' }).click();
      await expect(page).toHaveURL(/\/club-dashboard\/members$/);
      const request = page
        .getByRole('region', { name: 'Join requests' })
        .getByRole('article', { name: `Request from ${student.name}` });
      await expect(request).toContainText('Which languages do you write?');
      await expect(request).toContainText('C++ and Python.');
      await checked(page, checkAccessible, checkPhoneWidth);
      await request.getByRole('button', { name: `Accept ${student.name}` }).click();
      await expect(toast(page, `${student.name} is now a member.`)).toBeVisible();
      await expect(request).toHaveCount(0);

      const roster = page.getByRole('region', { name: 'Roster' });
      await roster.getByLabel('Search members').fill(student.studentId);
      const entry = roster.getByRole('article', { name: student.name });
      await expect(entry).toContainText('Member');
      await expect(roster.getByText('1 current member')).toBeVisible();
      await entry.getByRole('button', { name: `Change the role of ${student.name}` }).click();
      const roleDialog = page.getByRole('dialog', { name: `Change ${student.name}'s role` });
      await roleDialog.getByRole('textbox', { name: 'Role' }).fill('Core member');
      await roleDialog.getByRole('button', { name: 'Save role' }).click();
      await expect(toast(page, `${student.name} is now Core member.`)).toBeVisible();
      await expect(entry).toContainText('Core member');

      await entry.getByRole('button', { name: `Remove ${student.name}` }).click();
      const removal = page.getByRole('dialog', { name: `Remove ${student.name} from the club?` });
      await removal.getByRole('button', { name: 'Remove member' }).click();
      await expect(removal.getByText('Give a reason the student can read.')).toBeVisible();
      await removal.getByRole('textbox', { name: 'Reason' }).fill('Moved to another club.');
      await removal.getByRole('button', { name: 'Remove member' }).click();
      await expect(toast(page, `${student.name} was removed from the club.`)).toBeVisible();
      await expect(roster.getByText('No current members match.')).toBeVisible();

      await roster.getByLabel('Show').selectOption({ label: 'Past' });
      const period = roster.getByRole('article', { name: student.name });
      await expect(period).toContainText('Core member');
      await expect(period).toContainText('Ended');
      await expect(period).toContainText('Moved to another club.');
      // The download holds what the list shows: the past periods found by the search.
      await expect(roster.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
        'href',
        `/api/clubs/${was.id}/members/export?status=past&q=${student.studentId}`,
      );
      await checked(page, checkAccessible, checkPhoneWidth);
    } finally {
      await restore(page.request, was);
    }
  });
});
