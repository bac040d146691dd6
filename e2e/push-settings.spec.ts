import { createECDH, randomBytes } from 'node:crypto';
import { expect, portalContext, test } from './support/fixtures';
import { onboardedStudentByApi } from './support/accounts';

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

/** A phone's PushSubscription JSON at Chrome's push service, with real P-256 keys (nothing is sent to it). */
function phoneSubscription() {
  return {
    endpoint: `https://fcm.googleapis.com/fcm/send/${randomBytes(16).toString('base64url')}`,
    expirationTime: null,
    keys: {
      p256dh: createECDH('prime256v1').generateKeys().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    },
  };
}

test.describe('push notifications in the settings', () => {
  test('the card offers push after a tap, lists the phone signed in elsewhere, removes it after asking; accessible at 375 px', async ({
    page,
    browser,
    baseURL,
    checkAccessible,
    checkPhoneWidth,
  }) => {
    const student = await onboardedStudentByApi(page.context().request, 'push');
    // The same student's phone, another session: push turned on there.
    const phone = await portalContext(browser, baseURL, { userAgent: ANDROID_CHROME });
    const signedIn = await phone.request.post('/api/auth/login', {
      data: { email: student.email, password: student.password },
    });
    expect(signedIn.status()).toBe(200);
    const subscribed = await phone.request.post('/api/me/push-devices', { data: phoneSubscription() });
    expect(subscribed.status()).toBe(200);

    await page.goto('/notifications/settings');
    const card = page.getByRole('region', { name: 'Push notifications on this device' });
    // Nothing is asked of the browser until the person taps.
    await expect(card.getByRole('button', { name: 'Turn on push notifications' })).toBeVisible();
    await expect(
      card.getByText('Your browser asks for your permission when you turn them on.', { exact: false }),
    ).toBeVisible();
    const others = card.getByRole('list', { name: 'Your other devices with push on' });
    await expect(others.getByText('Chrome on Android')).toBeVisible();
    await expect(
      page.getByRole('checkbox', { name: 'Push: My achievements verified or declined' }),
    ).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Push: Announcements' })).not.toBeChecked();
    await checkAccessible();
    await checkPhoneWidth();

    await others.getByRole('button', { name: /^Remove Chrome on Android/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Stop push notifications to Chrome on Android?' });
    await checkAccessible();
    await dialog.getByRole('button', { name: 'Remove device' }).click();
    await expect(others).toHaveCount(0);
    const left = await phone.request.get('/api/me/push-devices');
    expect((await left.json()).devices).toEqual([]);
    await phone.close();
  });
});
