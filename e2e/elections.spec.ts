import type { Locator, Page } from '@playwright/test';
import { expect, otherBrowser, test } from './support/fixtures';
import { onboardedStudentByApi, suffix } from './support/accounts';
import { demoAccount, signInByApi } from './support/demo-accounts';
import { checkPage, DESKTOP, pick, toast } from './support/page-steps';

const ADMIN = demoAccount('ADMIN');
/** The returning officer the administrator names: the cultural secretary, who runs the election from then on. */
const OFFICER = demoAccount('GENSEC_CULTURAL');
/** A position of the demo campus's Music Club that any student may hold (no CGPA, year or skill needed). */
const VOLUNTEER = 'Sound and Stage Volunteer';
const QUIZMASTER = 'Quizmaster';
/** A receipt code: four groups of five letters of Crockford's base 32. */
const DAY = 86_400_000;
const RECEIPT = /^[0-9A-HJKMNP-TV-Z]{5}(?:-[0-9A-HJKMNP-TV-Z]{5}){3}$/;

/** An instant as the set-up form's date and time fields take it on the institute's clock (Asia/Kolkata, UTC+05:30), to the second. */
function onInstituteClock(at: number): { date: string; time: string } {
  const wall = new Date(at + 5.5 * 3_600_000).toISOString();
  return { date: wall.slice(0, 10), time: wall.slice(11, 19) };
}

/** Fills a window's date and time. */
async function fillWindow(form: Locator, label: string, at: number): Promise<void> {
  const { date, time } = onInstituteClock(at);
  await form.getByLabel(`${label} date`).fill(date);
  await form.getByLabel(`${label} time`).fill(time);
}

/**
 * From the election's page, its officer moves times of its timetable (the others as they were)
 * and saves; the times already passed are shown, not offered, and so is the officer. `scan`: the
 * form is checked by axe and at a phone's width first.
 */
async function changeTimetable(
  page: Page,
  times: Record<string, number>,
  passed: readonly string[],
  scan = false,
): Promise<void> {
  const main = page.getByRole('main');
  await main.getByRole('link', { name: 'Edit election' }).click();
  const form = main.getByRole('form', { name: 'Edit election' });
  await expect(form.getByLabel('Title')).toBeVisible();
  for (const label of passed) await expect(form.getByLabel(`${label} date`)).toHaveCount(0);
  await expect(form.getByText('This time has passed and cannot be changed.')).toHaveCount(passed.length);
  await expect(form.getByText('Only the administrator names the returning officer.')).toBeVisible();
  if (scan) await checkPage(page);
  for (const [label, at] of Object.entries(times)) await fillWindow(form, label, at);
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, 'Election updated.')).toBeVisible();
  await expect(page).toHaveURL(/\/elections\/[0-9a-f-]{36}$/);
}

/** The post's part of the election page. */
const postRegion = (page: Page, title: string) =>
  page.getByRole('main').getByRole('region', { name: title, exact: true });

/**
 * Council elections (decisions 0036 to 0038), end to end: the administrator sets up an election
 * whose nominations open at once and names the cultural secretary its officer, who runs it from
 * then on; two students stand and the officer accepts them, then moves the timetable so that
 * voting opens now; a third student votes from two browsers at once (one ballot is taken); the
 * officer closes the vote now; the count and the receipt are checked, and the officer certifies
 * the result. Each page is scanned by axe and checked at a phone's width.
 */
test.describe('council elections', () => {
  test.describe.configure({ timeout: 180_000 });

  test('set-up, nominations, the secret ballot, the count and the receipt, certification', async ({
    page,
    browser,
    baseURL,
    checkAccessible,
    checkPhoneWidth,
  }) => {
    const title = `Volunteer elections ${suffix()}`;
    const main = page.getByRole('main');

    // The administrator opens the elections from the menu and sets one up with two posts.
    await signInByApi(page.request, ADMIN.email);
    await page.goto('/admin');
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Elections' })
      .click();
    await expect(main.getByRole('heading', { level: 1, name: 'Elections' })).toBeVisible();
    await main.getByRole('link', { name: 'New election' }).click();
    const form = main.getByRole('form', { name: 'New election' });
    await expect(form.getByLabel('Title')).toBeVisible();
    await checkAccessible();
    await checkPhoneWidth();
    await page.setViewportSize(DESKTOP);

    // Submitting with nothing filled in names the fields, and sends nothing.
    await form.getByRole('button', { name: 'Create election' }).click();
    await expect(form.getByText('Title is required.')).toBeVisible();
    await expect(form.getByText('Please choose a position from the list.')).toBeVisible();

    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Description').fill('Two posts of the Music and Quiz clubs.');
    // Nominations open now (the server takes an opening up to a minute past, for the time the
    // form takes to fill in), close in a day, and the vote is a week away.
    const start = Math.floor(Date.now() / 1000) * 1000;
    await fillWindow(form, 'Nominations open', start);
    await fillWindow(form, 'Nominations close', start + DAY);
    await fillWindow(form, 'Voting opens', start + 7 * DAY);
    await fillWindow(form, 'Voting closes', start + 8 * DAY);
    await pick(form, 'Returning officer', 'Ananya', OFFICER.name);
    const first = form.getByRole('group', { name: 'Post 1' });
    await pick(first, 'Position', 'Sound and Stage', VOLUNTEER);
    await form.getByRole('button', { name: 'Add a post' }).click();
    const second = form.getByRole('group', { name: 'Post 2' });
    await pick(second, 'Position', QUIZMASTER, QUIZMASTER);
    await second.getByRole('group', { name: 'Programs' }).getByLabel('B.Tech').check();
    await form.getByRole('button', { name: 'Create election' }).click();
    await expect(toast(page, 'Election created. Students see it now.')).toBeVisible();
    await expect(page).toHaveURL(/\/elections\/[0-9a-f-]{36}$/);
    const id = new URL(page.url()).pathname.split('/').at(-1)!;
    await expect(main.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(postRegion(page, VOLUNTEER).getByText('Every student')).toBeVisible();
    await expect(
      postRegion(page, QUIZMASTER)
        .getByText(/B\.Tech/)
        .first(),
    ).toBeVisible();
    const { election } = (await (await page.request.get(`/api/elections/${id}`)).json()) as {
      election: { posts: { id: string; positionTitle: string }[] };
    };
    const volunteerPost = election.posts.find((post) => post.positionTitle === VOLUNTEER)!.id;
    await expect(main.getByText(OFFICER.name)).toBeVisible();

    // From here the officer runs the election.
    const officer = await otherBrowser(browser, baseURL);
    await signInByApi(officer.context.request, OFFICER.email);
    const officerMain = officer.page.getByRole('main');

    // Two students stand for the volunteer post; a third will vote.
    const asha = await otherBrowser(browser, baseURL);
    const ashaStudent = await onboardedStudentByApi(asha.context.request, 'asha');
    const bala = await otherBrowser(browser, baseURL);
    const balaStudent = await onboardedStudentByApi(bala.context.request, 'bala');
    const voter = await otherBrowser(browser, baseURL);
    const voterStudent = await onboardedStudentByApi(voter.context.request, 'voter');
    for (const [who, manifesto] of [
      [asha, 'Sound checks before every show. Plan: https://example.org/plan'],
      [bala, 'A stage crew rota <b>for every fest</b>.'],
    ] as const) {
      await who.page.goto(`/elections/${id}`);
      const nominate = who.page.getByRole('form', { name: `Nominate yourself for ${VOLUNTEER}` });
      await expect(nominate).toBeVisible();
      await nominate.getByLabel('Manifesto').fill(manifesto);
      await nominate.getByRole('button', { name: 'File my nomination' }).click();
      await expect(
        toast(who.page, 'Your nomination is filed. The election’s officer will accept or reject it.'),
      ).toBeVisible();
      await expect(postRegion(who.page, VOLUNTEER).getByText('Awaiting decision')).toBeVisible();
    }
    await expect(postRegion(bala.page, VOLUNTEER).getByText('<b>for every fest</b>')).toBeVisible();
    await checkPage(asha.page);

    // The officer accepts both nominations.
    await officer.page.goto(`/elections/${id}`);
    const volunteer = postRegion(officer.page, VOLUNTEER);
    for (const student of [ashaStudent, balaStudent]) {
      await volunteer.getByRole('button', { name: `Accept ${student.name}` }).click();
      await expect(toast(officer.page, `${student.name} is now a candidate.`)).toBeVisible();
    }
    await expect(volunteer.getByText('Accepted', { exact: true })).toHaveCount(2);
    await expect(
      volunteer.getByRole('link', { name: 'https://example.org/plan (opens in a new tab)' }),
    ).toBeVisible();
    await checkPage(officer.page);

    // The officer closes nominations and opens the vote now; what has passed stays as it is, and
    // only the administrator names the officer.
    await changeTimetable(
      officer.page,
      { 'Nominations close': Date.now(), 'Voting opens': Date.now() },
      ['Nominations open'],
      true,
    );

    // The voter ranks Bala first with the keyboard, reviews and casts.
    await voter.page.goto(`/elections/${id}`);
    const voteLink = postRegion(voter.page, VOLUNTEER).getByRole('link', {
      name: `Vote for ${VOLUNTEER}`,
    });
    await expect(voteLink).toBeVisible();
    await voteLink.click();
    const ballot = voter.page.getByRole('main');
    await expect(ballot.getByRole('heading', { level: 1, name: `Ballot: ${VOLUNTEER}` })).toBeVisible();
    await checkPage(voter.page);
    await ballot.getByRole('button', { name: `Add as 1st choice: ${ashaStudent.name}` }).click();
    await ballot.getByRole('button', { name: `Add as 2nd choice: ${balaStudent.name}` }).click();
    const moveDown = ballot.getByRole('button', { name: `Move down: ${ashaStudent.name}` });
    await moveDown.focus();
    await voter.page.keyboard.press('Enter');
    await expect(moveDown).toBeFocused();
    await expect(ballot.getByRole('list', { name: 'Your ranking' }).getByRole('listitem')).toHaveText([
      new RegExp(`^1st: ${balaStudent.name}`),
      new RegExp(`^2nd: ${ashaStudent.name}`),
    ]);
    await ballot.getByRole('button', { name: 'Review my ballot' }).click();
    const review = ballot.getByRole('region', { name: 'Review your ballot' });
    await expect(review.getByRole('listitem')).toHaveText([
      `1st: ${balaStudent.name}`,
      `2nd: ${ashaStudent.name}`,
    ]);
    await expect(review.getByText(/Once cast, your ballot cannot be changed\./)).toBeVisible();

    // The same voter has the ballot open on a phone too, and casts on both at the same moment:
    // one ballot is taken, the other browser is told so.
    const phone = await otherBrowser(browser, baseURL);
    const signedIn = await phone.context.request.post('/api/auth/login', {
      data: { email: voterStudent.email, password: voterStudent.password },
    });
    expect(signedIn.status()).toBe(200);
    await phone.page.goto(`/elections/${id}`);
    await postRegion(phone.page, VOLUNTEER)
      .getByRole('link', { name: `Vote for ${VOLUNTEER}` })
      .click();
    const phoneBallot = phone.page.getByRole('main');
    await phoneBallot.getByRole('button', { name: `Add as 1st choice: ${balaStudent.name}` }).click();
    await phoneBallot.getByRole('button', { name: `Add as 2nd choice: ${ashaStudent.name}` }).click();
    await phoneBallot.getByRole('button', { name: 'Review my ballot' }).click();
    const phoneReview = phoneBallot.getByRole('region', { name: 'Review your ballot' });
    await Promise.all([
      review.getByRole('button', { name: 'Cast ballot' }).click(),
      phoneReview.getByRole('button', { name: 'Cast ballot' }).click(),
    ]);
    const outcome = (page: Page) => {
      const main = page.getByRole('main');
      const receipt = main.getByRole('region', { name: 'Your receipt' });
      const refused = main.getByText('You have already voted for this post.');
      return { receipt, refused, either: receipt.or(refused) };
    };
    await expect(outcome(voter.page).either).toBeVisible();
    await expect(outcome(phone.page).either).toBeVisible();
    const castOnDesk = await outcome(voter.page).receipt.isVisible();
    const [cast, refused] = castOnDesk ? [voter, phone] : [phone, voter];
    await expect(outcome(refused.page).refused).toBeVisible();
    await expect(outcome(refused.page).receipt).toHaveCount(0);
    const receiptCode = outcome(cast.page).receipt.getByText(RECEIPT);
    await expect(receiptCode).toBeVisible();
    const receipt = (await receiptCode.textContent())!;
    await checkPage(cast.page);
    expect(await cast.page.evaluate(() => localStorage.length + sessionStorage.length)).toBe(0);
    await phone.context.close();

    // Once only: the page says so, and the server refuses a second ballot.
    await voter.page.goto(`/elections/${id}`);
    await expect(
      postRegion(voter.page, VOLUNTEER).getByText('You have voted for this post.'),
    ).toBeVisible();
    await expect(postRegion(voter.page, VOLUNTEER).getByRole('link', { name: /^Vote/ })).toHaveCount(0);
    const again = await voter.context.request.post(`/api/elections/posts/${volunteerPost}/ballots`, {
      data: { ranking: [] },
    });
    expect(again.status()).toBe(409);
    expect(((await again.json()) as { error: { message: string } }).error.message).toBe(
      'You have already voted for this post.',
    );

    // The officer closes the vote now; the count is published: the voter finds the receipt,
    // and the rounds show.
    await changeTimetable(officer.page, { 'Voting closes': Date.now() }, [
      'Nominations open',
      'Nominations close',
      'Voting opens',
    ]);
    await voter.page.goto(`/elections/${id}`);
    const results = postRegion(voter.page, VOLUNTEER).getByRole('link', {
      name: `Results for ${VOLUNTEER}`,
    });
    await expect(results).toBeVisible();
    await results.click();
    const published = voter.page.getByRole('main');
    await expect(
      published.getByRole('heading', { level: 1, name: `Results: ${VOLUNTEER}` }),
    ).toBeVisible();
    const rounds = published.getByRole('table', { name: 'Votes in each round' });
    await expect(rounds.getByRole('columnheader', { name: 'Round 1' })).toBeVisible();
    await expect(rounds.getByRole('rowheader', { name: `${balaStudent.name} (elected)` })).toBeVisible();
    await expect(published.getByRole('list', { name: 'Elected' })).toHaveText(balaStudent.name);
    await expect(published.getByRole('link', { name: 'Download ballots (CSV)' })).toHaveAttribute(
      'href',
      `/api/elections/posts/${volunteerPost}/ballots/export`,
    );
    const check = published.getByRole('form', { name: 'Check your receipt' });
    await check.getByLabel('Receipt code').fill(receipt.toLowerCase());
    await check.getByRole('button', { name: 'Check' }).click();
    await expect(
      published.getByText('Your ballot is in the published list, counted as shown.'),
    ).toBeVisible();
    await expect(
      published.getByRole('list', { name: 'Your ballot as counted' }).getByRole('listitem'),
    ).toHaveText([balaStudent.name, ashaStudent.name]);
    await check.getByLabel('Receipt code').fill('AAAAA-BBBBB-CCCCC-DDDDD');
    await check.getByRole('button', { name: 'Check' }).click();
    await expect(
      published.getByText('No ballot with this receipt is in the published list.'),
    ).toBeVisible();
    await checkPage(voter.page);

    // The officer certifies the result, after a confirmation.
    await officer.page.reload();
    await officerMain.getByRole('button', { name: 'Certify the result' }).click();
    await officer.page
      .getByRole('dialog', { name: 'Certify the result?' })
      .getByRole('button', { name: 'Certify' })
      .click();
    await expect(
      officerMain.getByText('Result certified: the winners now hold their positions.'),
    ).toBeVisible();
    await expect(officerMain.getByText('Result certified', { exact: true })).toBeVisible();
    await expect(officerMain.getByRole('button', { name: 'Certify the result' })).toHaveCount(0);
    await expect(officerMain.getByRole('link', { name: 'Edit election' })).toHaveCount(0);
    await checkPage(officer.page);

    // Everyone finds it in the list.
    await voter.page.goto('/elections');
    await expect(voter.page.getByRole('main').getByRole('link', { name: title })).toBeVisible();
    await expect(voter.page.getByRole('main').getByRole('link', { name: 'New election' })).toHaveCount(
      0,
    );
    await checkPage(voter.page);
    for (const other of [asha, bala, voter, officer]) await other.context.close();
  });
});
