import { expect, expectAccessible, test, otherBrowser } from './support/fixtures';
import { onboardedStudentByApi, suffix } from './support/accounts';
import { demoAccount, signInByApi } from './support/demo-accounts';
import { created, DESKTOP, lookupId, screenshot, toast, checkPage } from './support/page-steps';

const SCITECH = demoAccount('GENSEC_SCITECH');

/**
 * The council's side of the portal (spec sections 2, 4, 5 and 8): the general secretary's dashboard,
 * the endorsement panel, the feedback desk and events. Students are made for each test and every
 * title carries a random suffix, so no test depends on what the demo campus or another test holds.
 * Expected texts are typed from the spec and the product's message catalogue.
 */
test.describe('student council', () => {
  // Each test is a round trip between two or three browsers.
  test.describe.configure({ timeout: 60_000 });

  test('/viewfeedback: a student sees only their own feedback; the secretary resolves it, never learning who sent the anonymous one', async ({
    page,
    browser,
    baseURL,
    checkAccessible,
    checkPhoneWidth,
  }, testInfo) => {
    const word = suffix();
    const anonymousText = `[${word}-A] The projector in the bootcamp hall flickered for the whole second evening, and the slides could not be read from the back rows. Please check the cable and the lamp, and keep a spare projector ready for the next session.`;
    const namedText = `[${word}-N] How does a first-year student join the Coding Club's project teams? The notice board lists the meetings but not who to write to, and the sign-up form linked from the club page has been closed since the last week of the month.`;
    expect(anonymousText.length).toBeGreaterThan(200);
    expect(namedText.length).toBeGreaterThan(200);
    const actions = `Replaced the projector cable and lamp; a spare projector now waits in the hall (${word}).`;

    const student = await otherBrowser(browser, baseURL);
    const author = await onboardedStudentByApi(student.context.request, 'critic');
    const bootcamp = await lookupId(student.context.request, 'events', 'Web Development Bootcamp');
    const club = await lookupId(student.context.request, 'units', 'Coding Club');
    await created(student.context.request, '/api/feedback', {
      type: 'Complaint',
      targetType: 'Event',
      targetId: bootcamp,
      rating: 2,
      comments: anonymousText,
      isAnonymous: true,
    });
    await created(student.context.request, '/api/feedback', {
      type: 'Query',
      targetType: 'Club/Organization',
      targetId: club,
      rating: 4,
      comments: namedText,
      isAnonymous: false,
    });

    // The student's own list: both, awaiting resolution, cut at 200 characters.
    const sp = student.page;
    const mine = sp.getByRole('main');
    await sp.goto('/viewfeedback');
    await expect(mine.getByRole('heading', { level: 1, name: 'Feedback' })).toBeVisible();
    const totals = mine.getByRole('region', { name: 'Totals' });
    await expect(totals.getByRole('term')).toHaveText(['Total', 'Resolved', 'Not Resolved']);
    await expect(totals.getByRole('definition')).toHaveText(['2', '0', '2']);
    const statusFilter = mine.getByRole('group', { name: 'Status' });
    await expect(statusFilter.getByRole('button')).toHaveText([
      'All (2)',
      'Resolved (0)',
      'Not Resolved (2)',
    ]);
    await expect(mine.getByRole('article')).toHaveCount(2);
    await expect(mine.getByRole('button', { name: 'Mark as Resolved' })).toHaveCount(0);
    const myAnonymous = mine.getByRole('article').filter({ hasText: `[${word}-A]` });
    const myNamed = mine.getByRole('article').filter({ hasText: `[${word}-N]` });
    await expect(myAnonymous.getByText('Awaiting Resolution')).toBeVisible();
    await expect(myNamed.getByText('Awaiting Resolution')).toBeVisible();
    await expect(myAnonymous).toContainText('You sent this anonymously');
    await expect(myAnonymous).toContainText('Complaint');
    await expect(myAnonymous).toContainText('Event: Web Development Bootcamp');
    await expect(myNamed).toContainText(author.name);
    await expect(myNamed).toContainText('Club/Organization: Coding Club');

    const preview = `${anonymousText.slice(0, 200)}...`;
    await expect(myAnonymous.getByText(preview, { exact: true })).toBeVisible();
    await expect(myAnonymous.getByText(anonymousText, { exact: true })).toHaveCount(0);
    await myAnonymous.getByRole('button', { name: 'View More' }).click();
    await expect(myAnonymous.getByText(anonymousText, { exact: true })).toBeVisible();
    await expect(myAnonymous.getByRole('button', { name: 'View Less' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await myAnonymous.getByRole('button', { name: 'View Less' }).click();
    await expect(myAnonymous.getByText(preview, { exact: true })).toBeVisible();
    await checkPage(sp);

    // Filters change the cards and the counts.
    await mine.getByLabel('Feedback type').selectOption('Query');
    await expect(sp).toHaveURL(/type=Query/);
    await expect(mine.getByRole('article')).toHaveCount(1);
    await expect(myNamed).toBeVisible();
    await expect(totals.getByRole('definition')).toHaveText(['1', '0', '1']);
    await statusFilter.getByRole('button', { name: /^Resolved/ }).click();
    await expect(statusFilter.getByRole('button', { name: /^Resolved/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(mine.getByText('No feedbacks found')).toBeVisible();
    await expect(mine.getByRole('article')).toHaveCount(0);
    await expectAccessible(sp);
    await mine.getByLabel('Feedback type').selectOption('');
    await statusFilter.getByRole('button', { name: /^All/ }).click();
    await expect(mine.getByRole('article')).toHaveCount(2);

    // The secretary narrows the unresolved feedback to complaints and finds the anonymous one.
    await signInByApi(page.request, SCITECH.email);
    const main = page.getByRole('main');
    await page.goto('/viewfeedback?status=unresolved');
    const deskStatus = main.getByRole('group', { name: 'Status' });
    await expect(deskStatus.getByRole('button', { name: /^Not Resolved \(\d+\)$/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await main.getByLabel('Feedback type').selectOption('Complaint');
    await expect(page).toHaveURL(/status=unresolved/);
    await expect(page).toHaveURL(/type=Complaint/);
    const anonymous = main.getByRole('article').filter({ hasText: `[${word}-A]` });
    await expect(anonymous).toBeVisible();
    await expect(
      main.getByRole('article').filter({ hasText: `[${word}-N]` }),
      'a query is not a complaint',
    ).toHaveCount(0);
    for (const type of await main
      .getByRole('article')
      .getByRole('heading', { level: 2 })
      .allTextContents())
      expect(type).toMatch(/^Complaint/);
    await expect(anonymous).toContainText('Anonymous');
    await expect(anonymous).not.toContainText(author.name);
    await expect(anonymous).not.toContainText('You sent this anonymously');
    await expect(anonymous.getByText('Awaiting Resolution')).toHaveCount(0);
    await checkAccessible();
    await checkPhoneWidth();
    await page.setViewportSize(DESKTOP);
    await screenshot(page, testInfo, 'viewfeedback-desk');

    await anonymous.getByRole('button', { name: 'Mark as Resolved' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark feedback as resolved' });
    await expect(dialog).toBeVisible();
    // The one field of the dialog, marked autoFocus, takes focus as it opens.
    await expect(dialog.getByLabel('Actions taken')).toBeFocused();
    await dialog.getByRole('button', { name: 'Mark as Resolved' }).click();
    await expect(dialog.getByText('Please enter actions taken.')).toBeVisible();
    await checkAccessible();
    await dialog.getByLabel('Actions taken').fill('  \n  ');
    await dialog.getByRole('button', { name: 'Mark as Resolved' }).click();
    await expect(dialog.getByText('Please enter actions taken.')).toBeVisible();
    await dialog.getByLabel('Actions taken').fill(actions);
    await dialog.getByRole('button', { name: 'Mark as Resolved' }).click();
    await expect(toast(page, 'Feedback marked as resolved.')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    // Resolved, it leaves the unresolved list and shows under Resolved with the actions taken.
    await expect(anonymous).toHaveCount(0);
    await deskStatus.getByRole('button', { name: /^Resolved/ }).click();
    await expect(page).toHaveURL(/status=resolved/);
    await expect(anonymous.getByText('Resolved', { exact: true })).toBeVisible();
    await expect(anonymous).toContainText(actions);
    await expect(anonymous).toContainText(`Resolved by ${SCITECH.name}`);
    await expect(anonymous.getByRole('button', { name: 'Mark as Resolved' })).toHaveCount(0);
    await expect(anonymous).toContainText('Anonymous');
    await expect(anonymous).not.toContainText(author.name);

    // The named query, under every status and type: its author is named.
    await main.getByLabel('Feedback type').selectOption('Query');
    await deskStatus.getByRole('button', { name: /^All/ }).click();
    const named = main.getByRole('article').filter({ hasText: `[${word}-N]` });
    await expect(named).toContainText(author.name);
    await expect(named.getByRole('button', { name: 'Mark as Resolved' })).toBeVisible();
    await named.getByRole('button', { name: 'View More' }).click();
    await expect(named.getByText(namedText, { exact: true })).toBeVisible();

    // The student sees the resolution and the new counts.
    await sp.reload();
    await expect(totals.getByRole('definition')).toHaveText(['2', '1', '1']);
    await expect(myAnonymous.getByText('Resolved', { exact: true })).toBeVisible();
    await expect(myAnonymous).toContainText(actions);
    await expect(myAnonymous.getByText('Awaiting Resolution')).toHaveCount(0);
    await expect(myNamed.getByText('Awaiting Resolution')).toBeVisible();
    await statusFilter.getByRole('button', { name: /^Resolved/ }).click();
    await expect(mine.getByRole('article')).toHaveCount(1);
    await expect(myAnonymous).toBeVisible();
    await checkPage(sp);
    await student.context.close();
  });
});
