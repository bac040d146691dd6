import { startPushServiceStandIn } from '../apps/server/test/push-service-stand-in';
import { expect, otherBrowser, test } from './support/fixtures';
import { onboardedStudentByApi, suffix } from './support/accounts';
import { demoAccount, signInByApi } from './support/demo-accounts';
import { controlledByServiceWorker } from './support/offline';
import { created, toast } from './support/page-steps';
import { serviceWorkerPush } from './support/push';
import { openReview } from './support/review-panel';

const SCITECH = demoAccount('GENSEC_SCITECH');

/**
 * The whole journey on a phone: a student's device subscribed to push (the push service a
 * loopback stand-in that speaks the Web Push protocol and decrypts with the device's own keys), a
 * secretary verifying the student's achievement in the endorsement panel, the push arriving at the
 * device's push service within seconds, and the portal's service worker showing it.
 */
test.use({ serviceWorkers: 'allow', viewport: { width: 375, height: 812 } });

test('a verified achievement arrives on the student’s phone as a push notification within seconds', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const pushService = await startPushServiceStandIn(Number(process.env.E2E_PUSH_PORT));
  try {
    const title = `Line Follower Bronze ${suffix()}`;
    await onboardedStudentByApi(page.request, 'pushed');
    await created(page.request, '/api/me/achievements', {
      title,
      category: 'Robotics',
      type: 'technical',
      dateAchieved: `${new Date().getFullYear() - 1}-01-20`,
    });
    await context.grantPermissions(['notifications'], { origin: baseURL });
    await page.goto('/notifications/settings');
    await controlledByServiceWorker(page);

    // The phone subscribes with the portal's key, as pushManager.subscribe would give it.
    const key = (await (await page.request.get('/api/push/public-key')).json()) as { publicKey: string };
    const phone = pushService.device(key.publicKey);
    const subscribed = await page.request.post('/api/me/push-devices', { data: phone.subscription });
    expect(subscribed.status()).toBe(200);

    const secretary = await otherBrowser(browser, baseURL);
    await signInByApi(secretary.context.request, SCITECH.email);
    const card = await openReview(secretary.page, 'achievements', title);
    await card.getByRole('button', { name: /^Verify / }).click();
    await expect(toast(secretary.page, 'Achievement verified.')).toBeVisible();
    await secretary.context.close();

    const [arrived] = await pushService.waitFor(phone, 1, 10_000);
    expect(arrived, 'a push reached the phone’s push service').toBeDefined();
    expect(arrived).toMatchObject({
      status: 201,
      urgency: 'normal',
      message: {
        title: `Your achievement "${title}" was verified`,
        body: 'IIT Bhilai COSA Portal',
        url: '/view-achievements',
      },
    });
    const message = arrived!.message as { tag: string };
    expect(message.tag).toMatch(/^[0-9a-f]{32}$/);
    expect(arrived!.topic).toBe(message.tag);

    // The push service hands it to the browser: the service worker shows it.
    const worker = await serviceWorkerPush(page, context, baseURL!);
    await worker.deliver(JSON.stringify(arrived!.message));
    await expect.poll(worker.shown).toEqual([
      {
        title: `Your achievement "${title}" was verified`,
        body: 'IIT Bhilai COSA Portal',
        tag: message.tag,
        renotify: true,
        data: { url: '/view-achievements' },
        icon: '/app-icons/icon-192.png',
        badge: '/app-icons/badge-96.png',
      },
    ]);
  } finally {
    await pushService.close();
  }
});
