import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { registerByApi, signIn, uniqueStudent, type NewStudent } from './support/accounts';
import { latestMailTo, verifyEmailLinkPath } from './support/mail';
import { holdRequests } from './support/network';

const HEADING = 'Verify your e-mail';
const SENT = 'We sent a new verification link. Check your inbox.';
const DONE = 'Your e-mail address is verified.';
const USED = 'This verification link has already been used.';
const INVALID = 'This verification link is invalid. Sign in and ask for a new one.';
const PASSWORD_NEEDED = 'Enter the password of this account to finish verifying its e-mail address.';
const WRONG_PASSWORD =
  'This is not the password of this account. Try again, or choose a new one with Forgot Password.';
const DESKTOP = { width: 1280, height: 800 } as const;

async function registerInBrowser(page: Page, student: NewStudent): Promise<void> {
  await page.goto('/register');
  const main = page.getByRole('main');
  await main.getByLabel('Name').fill(student.name);
  await main.getByLabel('Student ID').fill(student.studentId);
  await main.getByLabel('Email').fill(student.email);
  await main.getByLabel('Create Password').fill(student.password);
  await main.getByRole('button', { name: 'Register' }).click();
}

async function completeOnboarding(page: Page, student: NewStudent): Promise<void> {
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Student Registration' })).toBeVisible();
  await expect(main.getByLabel('Student ID number')).toHaveValue(student.studentId);
  await main.getByLabel('Mobile number').fill('9876543210');
  await main.getByLabel('Admission year').fill(String(new Date().getFullYear() - 1));
  await main.getByLabel('Program').selectOption('B.Tech');
  await main.getByLabel('Discipline').selectOption('Physics');
  await main.getByRole('button', { name: 'Complete Registration' }).click();
}

/** A base64url token of the real length that no link ever carried. */
const UNKNOWN_TOKEN = 'A'.repeat(43);

test.describe('e-mail verification', () => {
  test('a new student registers, proves the address through the e-mailed link, completes onboarding and lands on /home', async ({
    page,
    checkAccessible,
    checkPhoneWidth,
  }) => {
    const newcomer = uniqueStudent('verifier');
    await registerInBrowser(page, newcomer);

    const main = page.getByRole('main');
    await expect(page).toHaveURL(/\/verify-email$/);
    await expect(main.getByRole('heading', { level: 1, name: HEADING })).toBeVisible();
    await expect(main.getByText(newcomer.email)).toBeVisible();
    await expect(main.getByText(/valid for 24 hours/)).toContainText('spam');
    await expect(main.getByRole('link', { name: 'Sign out' })).toHaveAttribute('href', '/logout');
    await checkAccessible();
    await checkPhoneWidth();
    await page.setViewportSize(DESKTOP);

    // Nothing else opens until the address is proven.
    await page.goto('/home');
    await expect(page).toHaveURL(/\/verify-email$/);
    await expect(main.getByRole('heading', { level: 1, name: HEADING })).toBeVisible();
    await page.goto('/onboarding');
    await expect(page).toHaveURL(/\/verify-email$/);
    await expect(main.getByRole('heading', { level: 1, name: HEADING })).toBeVisible();

    const asked = Date.now();
    const releaseResend = await holdRequests(page, '**/api/auth/verify-email/resend');
    await main.getByRole('button', { name: 'Resend link' }).click();
    await expect(main.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    await releaseResend();
    await expect(main.getByRole('status').filter({ hasText: SENT })).toBeVisible();
    await checkAccessible();

    const link = verifyEmailLinkPath(await latestMailTo(newcomer.email, { after: asked }));
    const releaseVerify = await holdRequests(page, '**/api/auth/verify-email', 'POST');
    await page.goto(link);
    await expect(main.getByText('Verifying your e-mail...')).toBeVisible();
    await releaseVerify();
    await expect(main.getByRole('status').filter({ hasText: DONE })).toBeVisible();
    await checkAccessible();
    await checkPhoneWidth();
    await page.setViewportSize(DESKTOP);

    await main.getByRole('link', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/onboarding$/);
    await completeOnboarding(page, newcomer);
    await expect(page).toHaveURL(/\/home$/);
    await expect(
      main.getByRole('heading', { level: 1, name: `Welcome, ${newcomer.name}` }),
    ).toBeVisible();

    await page.goto('/verify-email');
    await expect(page).toHaveURL(/\/home$/);

    // A link works once.
    await page.goto(link);
    await expect(main.getByRole('alert')).toHaveText(USED);
    await expect(main.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/');
    await checkAccessible();
  });

  test('a link opened signed out asks for the password, refuses a wrong one, then verifies and signs in; opened again it says it was used', async ({
    page,
    request,
    checkAccessible,
    checkPhoneWidth,
  }) => {
    const student = uniqueStudent('elsewhere');
    await registerByApi(request, student);
    const link = verifyEmailLinkPath(await latestMailTo(student.email));

    await page.goto(link);
    const main = page.getByRole('main');
    const form = main.getByRole('form', { name: 'Verify e-mail' });
    const password = form.getByLabel('Password');
    await expect(form.getByRole('status')).toHaveText(PASSWORD_NEEDED);
    await expect(password).toHaveAttribute('type', 'password');
    await expect(password).toHaveAttribute('autocomplete', 'current-password');
    await expect(form.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    await checkAccessible();
    await checkPhoneWidth();
    await page.setViewportSize(DESKTOP);

    await password.fill(`${student.password}-not`);
    await form.getByRole('button', { name: 'Verify e-mail' }).click();
    await expect(form.getByRole('alert')).toHaveText(WRONG_PASSWORD);
    await expect(password).toHaveAccessibleDescription(WRONG_PASSWORD);
    await checkAccessible();
    await checkPhoneWidth();
    await page.setViewportSize(DESKTOP);

    await password.fill(student.password);
    const releaseVerify = await holdRequests(page, '**/api/auth/verify-email', 'POST');
    await form.getByRole('button', { name: 'Verify e-mail' }).click();
    await expect(form.getByRole('button', { name: 'Verifying...' })).toBeDisabled();
    await releaseVerify();
    await expect(main.getByRole('status').filter({ hasText: DONE })).toBeVisible();
    await main.getByRole('link', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/onboarding$/);
    await expect(main.getByLabel('Student ID number')).toHaveValue(student.studentId);

    await page.context().clearCookies();
    await page.goto(link);
    await expect(main.getByRole('alert')).toHaveText(USED);
    await expect(main.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });

  test("a link opened in a browser signed in to another account signs in to the link's account once its password is given", async ({
    page,
    request,
  }) => {
    const other = uniqueStudent('bystander');
    const owner = uniqueStudent('owner');
    await registerByApi(request, owner);
    const link = verifyEmailLinkPath(await latestMailTo(owner.email));
    await registerInBrowser(page, other);
    await expect(page).toHaveURL(/\/verify-email$/);

    await page.goto(link);
    const main = page.getByRole('main');
    const form = main.getByRole('form', { name: 'Verify e-mail' });
    await expect(form.getByRole('status')).toHaveText(PASSWORD_NEEDED);
    await form.getByLabel('Password').fill(owner.password);
    await form.getByRole('button', { name: 'Verify e-mail' }).click();
    await expect(main.getByRole('status').filter({ hasText: DONE })).toBeVisible();
    await main.getByRole('link', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/onboarding$/);
    await expect(main.getByLabel('Student ID number')).toHaveValue(owner.studentId);
  });

  test('an unknown link shows why, signed out and signed in', async ({
    page,
    request,
    checkAccessible,
    checkPhoneWidth,
  }) => {
    await page.goto(`/verify-email/${UNKNOWN_TOKEN}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('alert')).toHaveText(INVALID);
    await expect(main.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    await checkAccessible();
    await checkPhoneWidth();
    await page.setViewportSize(DESKTOP);

    const student = uniqueStudent('mistyped');
    await registerByApi(request, student);
    await signIn(page, student.email, student.password);
    await expect(page).toHaveURL(/\/verify-email$/);
    await page.goto(`/verify-email/${UNKNOWN_TOKEN}`);
    await expect(main.getByRole('alert')).toHaveText(INVALID);
    await main.getByRole('link', { name: 'Ask for a new link' }).click();
    await expect(page).toHaveURL(/\/verify-email$/);
    await expect(main.getByRole('heading', { level: 1, name: HEADING })).toBeVisible();
  });

  test('a student who has not proven the address signs in to the verification page and can sign out', async ({
    page,
    request,
  }) => {
    const student = uniqueStudent('unproven');
    await registerByApi(request, student);
    await signIn(page, student.email, student.password);
    await expect(page).toHaveURL(/\/verify-email$/);
    const main = page.getByRole('main');
    await expect(main.getByText(student.email)).toBeVisible();
    await main.getByRole('link', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/verify-email');
    await expect(page).toHaveURL(/\/login$/);
  });
});
