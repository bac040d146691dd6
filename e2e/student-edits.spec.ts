import { expect, otherBrowser, test } from './support/fixtures';
import { demoAccount, signInByApi } from './support/demo-accounts';
import { checkPage, freshStudent } from './support/student-record-pages';
import { toast } from './support/page-steps';

/**
 * A student fixing what they submitted (decision 0024): a pending achievement edited, another
 * withdrawn, and a declined one corrected and sent again, its history keeping the official's reason.
 */
const SCITECH = demoAccount('GENSEC_SCITECH');

test.describe('student edits', () => {
  test('/view-achievements: edit a pending achievement, withdraw another, correct and resend a declined one', async ({
    page,
    browser,
    baseURL,
    checkAccessible,
    checkPhoneWidth,
  }, testInfo) => {
    const student = await freshStudent(page, 'edits');
    const tag = student.studentId.slice(-6);
    const add = async (title: string) => {
      const response = await page.request.post('/api/me/achievements', {
        data: { title, category: 'Hackathon', type: 'technical', dateAchieved: '2025-08-30' },
      });
      expect(response.status()).toBe(201);
      return ((await response.json()) as { achievement: { id: string } }).achievement.id;
    };
    const edited = `Robo Wars finalist ${tag}`;
    const withdrawn = `Quiz night ${tag}`;
    const declined = `Code sprint ${tag}`;
    await add(edited);
    const withdrawnId = await add(withdrawn);
    const declinedId = await add(declined);

    const official = await otherBrowser(browser, baseURL);
    await signInByApi(official.context.request, SCITECH.email);
    const reason = 'The certificate link is missing.';
    const decision = await official.context.request.post(
      `/api/endorsements/achievements/${declinedId}/decline`,
      { data: { reason } },
    );
    expect(decision.status()).toBe(200);

    await page.goto('/view-achievements');
    const main = page.getByRole('main');
    const card = (title: string) =>
      main.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
    await expect(card(edited)).toBeVisible();
    await checkPage(page, testInfo, 'student-edits', { checkAccessible, checkPhoneWidth });

    // Edit a pending achievement: the form's own rules, then the change.
    await card(edited)
      .getByRole('button', { name: `Edit: ${edited}` })
      .click();
    let dialog = page.getByRole('dialog', { name: 'Edit achievement' });
    const title = dialog.getByLabel('Title');
    await expect(title).toHaveValue(edited);
    await title.fill('');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog.getByText('Title is required')).toBeVisible();
    await checkAccessible();
    const renamed = `Robo Wars runner-up ${tag}`;
    await title.fill(renamed);
    await dialog.getByLabel('Position').fill('2nd');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(toast(page, 'Achievement updated.')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(card(renamed).getByText('Pending')).toBeVisible();
    await expect(card(renamed).getByText('2nd')).toBeVisible();

    // Withdraw another, after its confirmation.
    await card(withdrawn)
      .getByRole('button', { name: `Withdraw: ${withdrawn}` })
      .click();
    dialog = page.getByRole('dialog', { name: 'Withdraw this achievement?' });
    await expect(dialog.getByText(withdrawn)).toBeVisible();
    await checkAccessible();
    await dialog.getByRole('button', { name: 'Withdraw' }).click();
    await expect(toast(page, 'Achievement withdrawn.')).toBeVisible();
    await expect(card(withdrawn)).toHaveCount(0);

    // Correct and resend the declined one; its history keeps the reason.
    const item = card(declined);
    await expect(item.getByText('Declined', { exact: true })).toBeVisible();
    await expect(item.getByText(reason)).toBeVisible();
    await expect(item.getByRole('button', { name: /^Edit/ })).toHaveCount(0);
    await item.getByRole('button', { name: `Correct and resend: ${declined}` }).click();
    dialog = page.getByRole('dialog', { name: 'Correct and resend achievement' });
    await dialog.getByLabel('Certificate URL').fill('not a link');
    await dialog.getByRole('button', { name: 'Send again' }).click();
    await expect(
      dialog.getByText('Certificate URL must be a valid http or https address'),
    ).toBeVisible();
    await dialog.getByLabel('Certificate URL').fill('https://certificates.example.org/code-sprint.pdf');
    await dialog.getByRole('button', { name: 'Send again' }).click();
    await expect(toast(page, 'Achievement sent again for verification.')).toBeVisible();
    await expect(item.getByText('Pending')).toBeVisible();
    const history = item.getByRole('region', { name: 'History' });
    await expect(history).toContainText(/Declined on \d{2} \w{3} \d{4} by /);
    await expect(history).toContainText(`Reason: ${reason}`);
    await expect(history).toContainText(/Resent on \d{2} \w{3} \d{4}/);
    await expect(item.getByRole('link', { name: /^View Certificate/ })).toBeVisible();
    await checkAccessible();
    await checkPhoneWidth();

    // The reviewer's queue: the withdrawn one is gone, the resent one is back.
    const listed: { id: string; title: string }[] = [];
    for (let at = 1; ; at += 1) {
      const queue = await official.context.request.get(
        `/api/endorsements/achievements?pageSize=100&page=${at}`,
      );
      const body = (await queue.json()) as { items: { id: string; title: string }[]; total: number };
      listed.push(...body.items);
      if (listed.length >= body.total || body.items.length === 0) break;
    }
    expect(listed.map((entry) => entry.id)).not.toContain(withdrawnId);
    expect(listed.map((entry) => entry.id)).toContain(declinedId);
    expect(listed.map((entry) => entry.title)).toContain(renamed);
    await official.context.close();
  });
});
