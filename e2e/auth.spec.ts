import { expect, test } from './support/fixtures';
import { registerVerifiedByApi, signIn, uniqueStudent } from './support/accounts';
import { DEMO_PASSWORD, demoAccount, INSTITUTE_DOMAIN } from './support/demo-accounts';
import { latestMailTo, resetLinkPath, verifyEmailLinkPath } from './support/mail';
import { holdRequests } from './support/network';
import { logOutThroughMenu } from './support/shell';

const student = demoAccount('STUDENT');

test.describe('login', () => {
  test('shows the logo, the fields, the links and the Google button', async ({
    page,
    checkAccessible,
    checkPhoneWidth,
  }) => {
    await page.goto('/login');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
    await expect(main.getByRole('img', { name: /logo$/ })).toBeVisible();
    await expect(main.getByLabel('Email')).toHaveAttribute('type', 'email');
    await expect(main.getByLabel('Password')).toHaveAttribute('type', 'password');
    await expect(main.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    await expect(main.getByRole('button', { name: 'Login' })).toBeVisible();
    // Google sign-in is not set up on this server: no Google button, no 'OR'.
    await expect(main.getByRole('link', { name: 'Forgot Password?' })).toBeVisible();
    await expect(main.getByText('OR', { exact: true })).toHaveCount(0);
    await expect(main.getByRole('link', { name: 'Sign in with Google' })).toHaveCount(0);
    await expect(main.getByText("Don't have an Account?")).toBeVisible();
    await expect(main.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    await checkAccessible();
    await checkPhoneWidth();
  });

  test("a wrong password shows 'Invalid email or password.'", async ({ page, checkAccessible }) => {
    await signIn(page, student.email, 'not the password');
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Invalid email or password.');
    await expect(page).toHaveURL(/\/login$/);
    await checkAccessible();
  });

  test('a signed-in visit to /login goes on to the landing page', async ({ page }) => {
    await signIn(page, student.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/home$/);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { level: 1, name: student.heading })).toBeVisible();
  });

  test('an old link to Google sign-in without Google settings ends on the not-configured page', async ({
    page,
    checkAccessible,
    checkPhoneWidth,
  }) => {
    await page.goto('/api/auth/google');
    await expect(page).toHaveURL(/\/google-unavailable$/);
    await expect(page.getByText('Google sign-in is not configured on this portal.')).toBeVisible();
    await checkAccessible();
    await checkPhoneWidth();
    await page.getByRole('link', { name: 'Back to Login' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('register and onboarding', () => {
  test('shows the register form and refuses an address outside the institute domain', async ({
    page,
    checkAccessible,
    checkPhoneWidth,
  }) => {
    await page.goto('/register');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Register' })).toBeVisible();
    await expect(main.getByRole('img', { name: /logo$/ })).toBeVisible();
    await expect(main.getByRole('button', { name: 'Register' })).toBeVisible();
    await expect(main.getByText('OR', { exact: true })).toHaveCount(0);
    await expect(main.getByRole('link', { name: 'Sign up with Google' })).toHaveCount(0);
    await expect(main.getByText('Already have an Account?')).toBeVisible();
    await expect(main.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    await checkAccessible();

    const outsider = uniqueStudent('outsider');
    await main.getByLabel('Name').fill(outsider.name);
    await main.getByLabel('Student ID').pressSequentially('12ab34');
    await expect(main.getByLabel('Student ID')).toHaveValue('1234');
    await main.getByLabel('Email').fill('someone@gmail.com');
    await main.getByLabel('Create Password').fill(outsider.password);
    await main.getByRole('button', { name: 'Register' }).click();
    const message = main.getByText(`Please use an @${INSTITUTE_DOMAIN} email address.`);
    await expect(message).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);
    await checkAccessible();
    await checkPhoneWidth();
  });

  test('a new student registers, verifies the e-mail, completes onboarding and lands on /home', async ({
    page,
    checkAccessible,
    checkPhoneWidth,
  }) => {
    const newcomer = uniqueStudent('newcomer');
    await page.goto('/register');
    const main = page.getByRole('main');
    await main.getByLabel('Name').fill(newcomer.name);
    await main.getByLabel('Student ID').fill(newcomer.studentId);
    await main.getByLabel('Email').fill(newcomer.email);
    await main.getByLabel('Create Password').fill(newcomer.password);
    await main.getByRole('button', { name: 'Register' }).click();

    await expect(page).toHaveURL(/\/verify-email$/);
    await expect(main.getByRole('heading', { level: 1, name: 'Verify your e-mail' })).toBeVisible();
    await page.goto(verifyEmailLinkPath(await latestMailTo(newcomer.email)));
    await expect(main.getByText('Your e-mail address is verified.')).toBeVisible();
    await main.getByRole('link', { name: 'Continue' }).click();

    await expect(page).toHaveURL(/\/onboarding$/);
    await expect(main.getByRole('heading', { level: 1, name: 'Student Registration' })).toBeVisible();
    await expect(main.getByLabel('Name', { exact: true })).toHaveValue(newcomer.name);
    await expect(main.getByLabel('Email', { exact: true })).toHaveValue(newcomer.email);
    await expect(main.getByLabel('Student ID number')).toHaveValue(newcomer.studentId);
    await checkAccessible();
    await checkPhoneWidth();

    await main.getByRole('button', { name: 'Complete Registration' }).click();
    await expect(main.getByText('Mobile number must be 10 digits')).toBeVisible();
    await expect(main.getByText('Invalid admission year')).toBeVisible();
    await expect(main.getByText('Program is required')).toBeVisible();
    await expect(main.getByText('Discipline is required')).toBeVisible();
    await main.getByLabel('Student ID number').fill('');
    await main.getByRole('button', { name: 'Complete Registration' }).click();
    await expect(main.getByText('ID Number is required')).toBeVisible();
    await expect(page).toHaveURL(/\/onboarding$/);
    await checkAccessible();

    await main.getByLabel('Student ID number').fill(newcomer.studentId);
    await main.getByLabel('Mobile number').fill('9876543210');
    await main.getByLabel('Admission year').fill(String(new Date().getFullYear() - 1));
    await main.getByLabel('Program').selectOption('B.Tech');
    await main.getByLabel('Discipline').selectOption('Mathematics');
    await main.getByRole('button', { name: 'Complete Registration' }).click();

    await expect(page).toHaveURL(/\/home$/);
    await expect(
      main.getByRole('heading', { level: 1, name: `Welcome, ${newcomer.name}` }),
    ).toBeVisible();
    await expect(
      main.getByText(`Mathematics · Batch ${new Date().getFullYear() - 1} · B.Tech`),
    ).toBeVisible();

    await page.goto('/onboarding');
    await expect(page).toHaveURL(/\/home$/);
  });
});

test.describe('logout', () => {
  test("shows 'Logging out...', ends on /login, and /home then asks to sign in", async ({ page }) => {
    await signIn(page, student.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/home$/);
    const releaseLogout = await holdRequests(page, '**/api/auth/logout');
    // Logout is in the account menu of the portal's header.
    await logOutThroughMenu(page);
    await expect(page.getByText('Logging out...')).toBeVisible();
    await releaseLogout();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
    await page.goto('/home');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a student who has not finished onboarding can sign out from the onboarding page', async ({
    page,
    request,
  }) => {
    const newcomer = uniqueStudent('leaver');
    await registerVerifiedByApi(request, newcomer);
    await signIn(page, newcomer.email, newcomer.password);
    await expect(page).toHaveURL(/\/onboarding$/);
    await page.getByRole('link', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/onboarding');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('password reset', () => {
  test('a student resets a forgotten password through the e-mailed link and signs in with it', async ({
    page,
    request,
    checkAccessible,
    checkPhoneWidth,
  }) => {
    const forgetful = uniqueStudent('forgetful');
    await registerVerifiedByApi(request, forgetful);

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot Password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Forgot Password' })).toBeVisible();
    await checkAccessible();
    await checkPhoneWidth();
    await page.setViewportSize({ width: 1280, height: 800 });

    const asked = Date.now();
    await main.getByLabel('Email').fill(forgetful.email);
    const releaseForgot = await holdRequests(page, '**/api/auth/forgot-password');
    await main.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(main.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    await releaseForgot();
    await expect(main.getByText('Reset link sent successfully!')).toBeVisible();

    // The verification e-mail to this address came before: only a newer one is the reset link.
    const mail = await latestMailTo(forgetful.email, { after: asked });
    const link = resetLinkPath(mail);

    const releaseCheck = await holdRequests(page, '**/api/auth/reset-password/**', 'GET');
    await page.goto(link);
    await expect(main.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeVisible();
    await expect(main.getByText('Verifying token...')).toBeVisible();
    await releaseCheck();
    const newPassword = `${forgetful.password}-new`;
    await expect(main.getByLabel('New Password')).toBeVisible();
    await checkAccessible();
    await checkPhoneWidth();
    await main.getByLabel('New Password').fill(newPassword);
    const releaseReset = await holdRequests(page, '**/api/auth/reset-password/**', 'POST');
    await main.getByRole('button', { name: 'Reset Password' }).click();
    await expect(main.getByRole('button', { name: 'Resetting...' })).toBeDisabled();
    await releaseReset();
    await expect(main.getByText('Password reset successful! Navigating to login page...')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });

    await signIn(page, forgetful.email, forgetful.password);
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Invalid email or password.');
    await signIn(page, forgetful.email, newPassword);
    await expect(page).toHaveURL(/\/onboarding$/);

    await page.context().clearCookies();
    await page.goto(link);
    await expect(main.getByRole('alert')).toHaveText(
      'This reset link has already been used. Please request a new one.',
    );
    await expect(main.getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    await checkAccessible();
  });

  test('a link that does not exist shows why, and the forgot form checks the address', async ({
    page,
  }) => {
    await page.goto('/reset-password/00000000-0000-4000-8000-000000000000/not-a-real-token');
    const main = page.getByRole('main');
    await expect(main.getByRole('alert')).toHaveText(
      'This reset link is invalid. Please request a new one.',
    );
    await main.getByRole('link', { name: 'Request a new reset link' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await main.getByLabel('Email').fill('not-an-address');
    await main.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(main.getByText('Please enter a valid email address.')).toBeVisible();
  });

  test("a link whose check cannot reach the server says 'Error verifying token.' and offers no form", async ({
    page,
  }) => {
    await page.route('**/api/auth/reset-password/**', (route) => route.abort('internetdisconnected'));
    await page.goto('/reset-password/00000000-0000-4000-8000-000000000000/not-a-real-token');
    const main = page.getByRole('main');
    await expect(main.getByRole('alert')).toHaveText('Error verifying token.');
    await expect(main.getByLabel('New Password')).toHaveCount(0);
    await expect(main.getByRole('link', { name: 'Request a new reset link' })).toBeVisible();
  });
});
