import type { APIRequestContext } from '@playwright/test';
import { expect, portalContext, test } from './support/fixtures';
import { onboardedStudentByApi, suffix } from './support/accounts';
import { demoAccount, signInByApi } from './support/demo-accounts';
import { created, DESKTOP, toast } from './support/page-steps';
import { mainMenu } from './support/shell';

/**
 * Clubs students can find and join (issue 33): a student finds the Coding Club on /clubs by a
 * misspelt tag, opens its page, follows it and asks to join answering its question; the club's
 * coordinator accepts; the student sees the membership and leaves. The administrator's tag carries
 * a random part, so runs never meet; the club's recruiting and tags are put back afterwards.
 */

const ADMIN = demoAccount('ADMIN');
const COORDINATOR = demoAccount('CLUB_COORDINATOR');
const CLUB = 'Coding Club';
const QUESTION = 'Which programming languages do you use?';

type ClubPageAnswer = {
  page: {
    id: string;
    slug: string;
    tagline: string | null;
    about: string | null;
    contact: string | null;
    howToJoin: string | null;
    tagIds: string[];
    recruiting: boolean;
    joinQuestion: string | null;
  };
};

async function ok(response: Promise<{ status(): number; text(): Promise<string> }>, what: string) {
  const answer = await response;
  if (answer.status() !== 200)
    throw new Error(`${what} failed: ${answer.status()} ${await answer.text()}`);
}

/** The Coding Club's page as its coordinator reads it through the API. */
async function codingClub(request: APIRequestContext): Promise<ClubPageAnswer['page']> {
  const { clubs } = (await (await request.get('/api/clubs')).json()) as {
    clubs: { name: string; slug: string }[];
  };
  const card = clubs.find((candidate) => candidate.name === CLUB);
  if (!card) throw new Error(`${CLUB} is not in the directory`);
  const answer = (await (await request.get(`/api/clubs/by-slug/${card.slug}`)).json()) as ClubPageAnswer;
  return answer.page;
}

/** The words of the page as they are, with `tagIds` as its tags. */
const pageInput = (club: ClubPageAnswer['page'], tagIds: string[]) => ({
  tagline: club.tagline,
  about: club.about,
  contact: club.contact,
  howToJoin: club.howToJoin,
  tagIds,
});

test.describe('clubs', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a student finds a club by a misspelt tag, follows it, asks to join, is accepted, and leaves', async ({
    page,
    browser,
    baseURL,
    checkAccessible,
    checkPhoneWidth,
  }) => {
    const tagName = `Cryptography ${suffix()}`;
    const admin = await portalContext(browser, baseURL);
    await signInByApi(admin.request, ADMIN.email);
    const { tag } = await created<{ tag: { id: string } }>(admin.request, '/api/admin/club-tags', {
      name: tagName,
    });

    const coordinator = await portalContext(browser, baseURL);
    await signInByApi(coordinator.request, COORDINATOR.email);
    const before = await codingClub(coordinator.request);
    const unitId = before.id;
    await ok(
      coordinator.request.put(`/api/clubs/${unitId}/page`, {
        data: pageInput(before, [...before.tagIds.slice(0, 3), tag.id]),
      }),
      'Tagging the club',
    );
    await ok(
      coordinator.request.put(`/api/clubs/${unitId}/recruiting`, {
        data: { recruiting: true, joinQuestion: QUESTION },
      }),
      'Opening the club',
    );

    try {
      const student = await onboardedStudentByApi(page.request, 'clubs');
      const main = page.getByRole('main');

      // The directory, from the menu; a misspelt tag finds the club, and the search stays in the address.
      await page.goto('/home');
      await mainMenu(page).getByRole('link', { name: 'Clubs', exact: true }).click();
      await expect(main.getByRole('heading', { level: 1, name: 'Clubs' })).toBeVisible();
      await expect(main.getByRole('link', { name: CLUB, exact: true })).toBeVisible();
      await checkAccessible();
      await checkPhoneWidth();
      await page.setViewportSize(DESKTOP);
      await main.getByRole('searchbox', { name: 'Search clubs' }).fill('cryptografy');
      await expect(page).toHaveURL(/\/clubs\?q=cryptografy$/);
      const card = main.getByRole('article').filter({ has: page.getByRole('link', { name: CLUB }) });
      await expect(card.getByText(tagName, { exact: true })).toBeVisible();
      await expect(card.getByText('Recruiting now')).toBeVisible();
      await expect(main.getByRole('link', { name: 'Robotics Club', exact: true })).toHaveCount(0);

      // The club's page.
      await card.getByRole('link', { name: CLUB, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/clubs/${before.slug}$`));
      await expect(main.getByRole('heading', { level: 1, name: CLUB })).toBeVisible();
      await expect(main.getByRole('heading', { level: 2, name: 'Office-bearers' })).toBeVisible();
      await checkAccessible();
      await checkPhoneWidth();
      await page.setViewportSize(DESKTOP);

      // Follow, then ask to join with the answer to the club's question.
      await main.getByRole('button', { name: 'Follow', exact: true }).click();
      await expect(
        toast(page, 'You follow this club: its events come into your calendar and home.'),
      ).toBeVisible();
      await expect(main.getByRole('button', { name: 'Following' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await main.getByRole('button', { name: 'Ask to join' }).click();
      const dialog = page.getByRole('dialog', { name: `Ask to join ${CLUB}` });
      await dialog.getByRole('button', { name: 'Send request' }).click();
      await expect(dialog.getByText("Answer the club's question.")).toBeVisible();
      await checkAccessible();
      await dialog.getByRole('textbox', { name: QUESTION }).fill('C++ and Python, mostly for contests.');
      await dialog.getByRole('button', { name: 'Send request' }).click();
      await expect(toast(page, `Request sent to ${CLUB}.`)).toBeVisible();
      await expect(main.getByText('Request sent', { exact: true })).toBeVisible();
      await expect(main.getByRole('button', { name: 'Withdraw request' })).toBeVisible();

      // The coordinator accepts the request.
      const { items } = (await (
        await coordinator.request.get(`/api/clubs/${unitId}/join-requests?status=pending`)
      ).json()) as { items: { id: string; student: { name: string }; answer: string | null }[] };
      const request = items.find((item) => item.student.name === student.name);
      expect(request?.answer).toBe('C++ and Python, mostly for contests.');
      await ok(
        coordinator.request.post(`/api/clubs/${unitId}/join-requests/${request!.id}/decision`, {
          data: { decision: 'accept' },
        }),
        'Accepting the request',
      );

      // The student is a member now, and leaves after confirming.
      await page.reload();
      await expect(main.getByText(/^Member since \d{1,2} [A-Z][a-z]{2} \d{4} · Member$/)).toBeVisible();
      await expect(main.getByRole('button', { name: 'Ask to join' })).toHaveCount(0);
      await main.getByRole('button', { name: 'Leave club' }).click();
      const leave = page.getByRole('dialog', { name: `Leave ${CLUB}?` });
      await leave.getByRole('button', { name: 'Leave club' }).click();
      await expect(toast(page, `You left ${CLUB}.`)).toBeVisible();
      await expect(main.getByRole('button', { name: 'Ask to join' })).toBeVisible();
      await expect(main.getByText(/^Member since/)).toHaveCount(0);

      // An address that names no club.
      await page.goto('/clubs/no-such-club');
      await expect(main.getByText('Club not found.')).toBeVisible();
    } finally {
      await coordinator.request.put(`/api/clubs/${unitId}/recruiting`, {
        data: { recruiting: before.recruiting, joinQuestion: before.joinQuestion },
      });
      await admin.request.delete(`/api/admin/club-tags/${tag.id}`);
      await admin.close();
      await coordinator.close();
    }
  });
});
