import type { APIRequestContext, APIResponse } from '@playwright/test';
import { expect, portalContext, test } from './support/fixtures';
import { onboardedStudentWithIdByApi, signIn } from './support/accounts';
import { DEMO_PASSWORD, demoAccount, signInByApi } from './support/demo-accounts';

/**
 * The audit log's "who" (/admin/audit): an administrator who acted and then renamed themselves is
 * still shown as who acted, by the name at the time beside the current name and the username, and
 * the change reads as people read it (the role's name, the club's name), on the page and in the
 * export.
 */

const ADMIN = demoAccount('ADMIN');

async function ok(response: Promise<APIResponse>): Promise<APIResponse> {
  const answer = await response;
  if (!answer.ok()) throw new Error(`${answer.status()} ${await answer.text()}`);
  return answer;
}

/** Renames the signed-in account through its own profile, as its owner would. */
async function renameSelf(request: APIRequestContext, name: string): Promise<void> {
  const { profile } = (await (await ok(request.get('/api/me/profile'))).json()) as {
    profile: {
      personal: {
        name: string;
        phone: string | null;
        gender: string | null;
        dateOfBirth: string | null;
      };
      academic: Record<string, unknown> | null;
      contact: Record<string, unknown>;
      socialLinks: Record<string, unknown>;
    };
  };
  await ok(
    request.put('/api/me/profile', {
      data: {
        personal: {
          name,
          phone: profile.personal.phone,
          gender: profile.personal.gender,
          dateOfBirth: profile.personal.dateOfBirth,
        },
        academic: profile.academic,
        contact: profile.contact,
        socialLinks: profile.socialLinks,
      },
    }),
  );
}

test.describe('audit log: who made each change', () => {
  test.describe.configure({ timeout: 120_000 });

  test('an official who renames themselves after acting is still shown as who did it, with the role and the club by name', async ({
    page,
    browser,
    baseURL,
    checkAccessible,
    checkPhoneWidth,
  }) => {
    // The demo administrator makes a new student an official, who then appoints a club coordinator.
    const adminContext = await portalContext(browser, baseURL);
    await signInByApi(adminContext.request, ADMIN.email);
    const actorContext = await portalContext(browser, baseURL);
    const actor = await onboardedStudentWithIdByApi(actorContext.request, 'auditor');
    const targetContext = await portalContext(browser, baseURL);
    const target = await onboardedStudentWithIdByApi(targetContext.request, 'appointee');
    await ok(adminContext.request.put(`/api/admin/users/${actor.id}/role`, { data: { role: 'ADMIN' } }));

    const units = (await (
      await ok(actorContext.request.get('/api/lookup/units?q=Dramatics%20Club'))
    ).json()) as { items: { id: string; label: string }[] };
    const club = units.items.find((item) => item.label === 'Dramatics Club')!;
    await ok(
      actorContext.request.put(`/api/admin/users/${target.id}/role`, {
        data: { role: 'CLUB_COORDINATOR', clubId: club.id },
      }),
    );
    const username = (
      (await (await ok(actorContext.request.get('/api/me/profile'))).json()) as {
        profile: { user: { username: string } };
      }
    ).profile.user.username;
    const newName = `${actor.name} Renamed`;
    await renameSelf(actorContext.request, newName);

    await signIn(page, ADMIN.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto(`/admin/audit?actorId=${actor.id}&kind=role&actorName=Somebody%20Else`);
    await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
    // The filter names the person as the server knows them now, not as the address says.
    await expect(page.getByRole('combobox', { name: 'Who' })).toHaveValue(newName);
    await expect(page.locator('ul[aria-busy="true"]')).toHaveCount(0);

    const line = page.getByRole('article').filter({
      has: page.getByRole('heading', { name: `Changed account: ${target.name}`, exact: true }),
    });
    await expect(line).toHaveCount(1);
    await expect(line.getByText(actor.name, { exact: true })).toBeVisible();
    await expect(line.getByText(/name at the time; now/)).toBeVisible();
    await expect(line.getByText(newName, { exact: true })).toBeVisible();
    await expect(line.getByText(username, { exact: true })).toBeVisible();
    await line.getByText('Show the changes (2 fields)').click();
    await expect(
      line.getByText('Role', { exact: true }).locator('xpath=following-sibling::dd'),
    ).toHaveText('from Student→ to Club Coordinator');
    await expect(
      line.getByText('Club', { exact: true }).locator('xpath=following-sibling::dd'),
    ).toHaveText('from none→ to Dramatics Club');
    await checkAccessible();
    await checkPhoneWidth();

    // The export says the same.
    const csv = await page.request.get(
      (await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href'))!,
    );
    expect(csv.status()).toBe(200);
    const text = await csv.text();
    expect(text).toContain(`${actor.name},${newName},yes,${username}`);
    expect(text).toContain('Club: none; Role: Student,Club: Dramatics Club; Role: Club Coordinator');

    // The appointee goes back to being a student, so the demo club keeps its own coordinator alone.
    await ok(
      adminContext.request.put(`/api/admin/users/${target.id}/role`, { data: { role: 'STUDENT' } }),
    );
    await Promise.all([adminContext.close(), actorContext.close(), targetContext.close()]);
  });
});
