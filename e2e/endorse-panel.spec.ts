import { expect, test, otherBrowser } from './support/fixtures';
import { onboardedStudentWithIdByApi, suffix } from './support/accounts';
import { demoAccount, signInByApi } from './support/demo-accounts';
import { created, DESKTOP, toast } from './support/page-steps';
import { loadedPanel } from './support/review-panel';

const THIS_YEAR = new Date().getFullYear();

type Achievement = { achievement: { id: string; title: string } };

/**
 * The endorsement panel as a reviewer's desk (decision 0023): the general secretary finds a
 * student's items by search and filters, judges them by the evidence shown in the card, verifies
 * two at once and undoes a decision; the president reaches the panel from the dashboard.
 */
test.describe('the endorsement panel helps a reviewer decide', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a secretary searches, filters, sees the evidence, verifies two at once and undoes one', async ({
    page,
    browser,
    baseURL,
    checkAccessible,
    checkPhoneWidth,
  }) => {
    const word = suffix();
    const student = await otherBrowser(browser, baseURL);
    const owner = await onboardedStudentWithIdByApi(student.context.request, `desk${word}`);
    const events = (await (await student.context.request.get('/api/lookup/events?q=')).json()) as {
      items: { id: string; label: string }[];
    };
    const event = events.items[0];
    expect(event, 'the demo campus has an event').toBeDefined();
    const titles = [`Kiln Bot ${word}`, `Lathe Cup ${word}`, `Gear Quiz ${word}`];
    for (const [i, title] of titles.entries())
      await created<Achievement>(student.context.request, '/api/me/achievements', {
        title,
        description: i === 0 ? `Built a kiln-loading robot for the ${word} expo.` : null,
        category: 'Robotics',
        type: 'technical',
        level: i < 2 ? 'national' : 'college',
        dateAchieved: `${THIS_YEAR - 1}-0${i + 1}-10`,
        certificateUrl: i === 0 ? `https://certificates.example.org/${word}.pdf` : null,
        eventId: i === 0 ? event!.id : null,
      });
    await student.context.close();

    await signInByApi(page.request, demoAccount('GENSEC_SCITECH').email);
    await page.goto('/gensec-endorse?tab=achievements');
    const main = page.getByRole('main');
    const panel = await loadedPanel(page);

    // Search by the student's name, then narrow to national level: the third (college) leaves.
    await main.getByRole('searchbox', { name: 'Search' }).fill(owner.name);
    await expect(panel.getByRole('article')).toHaveCount(3);
    await expect(page).toHaveURL(/q=/);
    await main.getByLabel('Level').selectOption({ label: 'National' });
    await expect(panel.getByRole('article')).toHaveCount(2);
    await expect(panel.getByRole('article', { name: titles[2] })).toHaveCount(0);

    // The evidence in the card: the description, the certificate, the event, the date; the student's record.
    const kiln = panel.getByRole('article', { name: titles[0] });
    await expect(kiln).toContainText(`Built a kiln-loading robot for the ${word} expo.`);
    await expect(kiln.getByRole('link', { name: /^View Certificate/ })).toHaveAttribute(
      'href',
      `https://certificates.example.org/${word}.pdf`,
    );
    await expect(kiln.getByRole('link', { name: event!.label })).toHaveAttribute(
      'href',
      `/events/${event!.id}`,
    );
    await expect(kiln).toContainText(`10 Jan ${THIS_YEAR - 1}`);
    await expect(kiln.getByRole('link', { name: owner.name })).toHaveAttribute(
      'href',
      `/people/${owner.id}`,
    );
    await checkAccessible();
    await checkPhoneWidth();
    await page.setViewportSize(DESKTOP);

    // Both national ones at once.
    await panel.getByRole('checkbox', { name: 'Select all on this page' }).check();
    await expect(panel.getByText('2 selected of 2 awaiting')).toBeVisible();
    await panel.getByRole('button', { name: 'Verify selected' }).click();
    await expect(toast(page, '2 verified.')).toBeVisible();
    await expect(panel.getByText('Nothing matches this search and these filters.')).toBeVisible();

    // The third, on its own, then undone from its toast: it is back on the list.
    await main.getByRole('button', { name: 'Clear search and filters' }).click();
    await main.getByRole('searchbox', { name: 'Search' }).fill(word);
    const gear = panel.getByRole('article', { name: titles[2] });
    await expect(panel.getByRole('article')).toHaveCount(1);
    await gear.getByRole('button', { name: /^Verify / }).click();
    const verified = toast(page, 'Achievement verified.');
    await verified.getByRole('button', { name: 'Undo' }).click();
    await expect(toast(page, 'Undone: the item is back on the list.')).toBeVisible();
    await expect(gear).toBeVisible();

    // The server agrees: the two stay verified, the third awaits review again.
    const mine = (await (
      await page.request.get(`/api/endorsements/achievements?q=${encodeURIComponent(word)}`)
    ).json()) as { items: { title: string }[] };
    expect(mine.items.map((item) => item.title)).toEqual([titles[2]]);
  });

  test("the president's dashboard has the Endorsement Panel card", async ({ page, checkAccessible }) => {
    await signInByApi(page.request, demoAccount('PRESIDENT').email);
    await page.goto('/president-dashboard');
    const card = page
      .getByRole('navigation', { name: "President's pages" })
      .getByRole('link', { name: /^Endorsement Panel/ });
    await expect(card).toHaveAttribute('href', '/gensec-endorse');
    await card.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Endorsement Panel' })).toBeVisible();
    await loadedPanel(page);
    await checkAccessible();
  });
});
