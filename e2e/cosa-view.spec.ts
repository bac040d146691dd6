import { expect, test, portalContext } from './support/fixtures';
import { onboardedStudentWithIdByApi, signIn, suffix } from './support/accounts';
import { DEMO_PASSWORD, demoAccount } from './support/demo-accounts';
import { created, toast, lookupId } from './support/page-steps';
import { choose, loaded, search } from './support/cosa-pages';

const THIS_YEAR = new Date().getFullYear();
const TENURE = `${THIS_YEAR}-${THIS_YEAR + 1}`;
/** The academic year under way (July to June): the tenure whose seats a position counts as filled. */
const CURRENT_TENURE = new Date().getMonth() >= 6 ? TENURE : `${THIS_YEAR - 1}-${THIS_YEAR}`;
const SCITECH = demoAccount('GENSEC_SCITECH');

/** 'Showing X of Y positions': X the matching ones, Y every one the official may see, which other tests add to. */
const showing = (matching: number, what: 'positions' | 'position holders') =>
  new RegExp(`^Showing ${matching} of \\d+ ${what}$`);

type PositionBody = { position: { id: string; title: string; positionCode: string } };
type HolderBody = { holder: { id: string; porCode: string } };

/**
 * Position admin (/cosa/create) and the position views (/cosa), spec sections 2, 4, 5 and 8, with
 * edit, delete and retire (deviation 45) and a club coordinator's own club (deviation 49). Every
 * record a test makes carries a random suffix, so no test depends on what another holds.
 */
test.describe('positions of responsibility', () => {
  test.describe.configure({ timeout: 90_000 });

  test('/cosa View Positions: search, filters, the card, details, edit, delete refused with holders, retire, delete, empty', async ({
    page,
    browser,
    baseURL,
    checkAccessible,
    checkPhoneWidth,
  }) => {
    const other = await portalContext(browser, baseURL);
    const student = await onboardedStudentWithIdByApi(other.request, 'viewer');
    await signIn(page, SCITECH.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/gensec-tech$/);
    const coding = await lookupId(page.request, 'units', 'Coding Club');
    const word = suffix();
    const held = await created<PositionBody>(page.request, '/api/positions', {
      title: `Held Lead ${word}`,
      unitId: coding,
      positionType: 'Team Lead',
      positionCount: 3,
      description: 'Leads the team.\nSecond line.\nThird line.\nFourth line that the card clamps.',
      responsibilities: ['Plan the work', 'Review it'],
      requirements: { minCgpa: 0, minYear: 2, skillsRequired: [] },
    });
    const spare = await created<PositionBody>(page.request, '/api/positions', {
      title: `Spare Role ${word}`,
      unitId: coding,
      positionType: 'Intern',
      responsibilities: ['Help'],
    });
    await created<HolderBody>(page.request, '/api/position-holders', {
      userId: student.id,
      positionId: held.position.id,
      tenureYear: CURRENT_TENURE,
      status: 'active',
      confirm: true,
    });

    await page.goto('/cosa');
    await expect(page.getByRole('tab', { name: 'View Positions' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await loaded(page);
    await checkAccessible();
    let panel = await search(page, 'Search positions', word, showing(2, 'positions'));
    await panel.getByLabel('Type').selectOption('Intern');
    await expect(panel.getByText(showing(1, 'positions'))).toBeVisible();
    await panel.getByLabel('Type').selectOption('');
    panel = await search(page, 'Search positions', held.position.positionCode, showing(1, 'positions'));
    const card = panel.getByRole('listitem').filter({ hasText: held.position.title });
    // The page's heading, then each card's: no level skipped.
    await expect(
      page.getByRole('heading', { level: 1, name: 'Positions of Responsibility' }),
    ).toBeVisible();
    await expect(card.getByRole('heading', { level: 2, name: held.position.title })).toBeVisible();
    await expect(card.getByText('Team Lead')).toBeVisible();
    await expect(card.getByText('Coding Club')).toBeVisible();
    await expect(card.getByText('2nd')).toBeVisible();
    await expect(card.locator('p.line-clamp-3')).toBeVisible();
    await expect(card.getByText(/^Created [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible();
    await checkPhoneWidth();
    await page.setViewportSize({ width: 1280, height: 800 });

    await card.getByRole('button', { name: `View details of ${held.position.title}` }).click();
    const details = page.getByRole('dialog', { name: held.position.title });
    for (const text of [
      'Department',
      'Type',
      'Positions available',
      'Created',
      'Description',
      'Responsibilities',
      'Requirements',
      'Plan the work',
      `3 (1 filled in ${CURRENT_TENURE})`,
    ]) {
      await expect(details.getByText(text, { exact: true }).first()).toBeVisible();
    }
    await checkAccessible();
    await details.getByRole('button', { name: 'Close' }).click();

    await choose(page, card, held.position.title, 'Edit');
    const edit = page.getByRole('dialog', { name: `Edit ${held.position.title}` });
    await edit.getByLabel(/^Position title/).fill('');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit.getByText('Position title is required')).toBeVisible();
    await edit.getByLabel(/^Position title/).fill(`Held Lead ${word} Renamed`);
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(toast(page, 'Position updated successfully!')).toBeVisible();
    panel = await search(page, 'Search positions', `${word} Renamed`, showing(1, 'positions'));

    // A position with holders cannot be deleted: its Delete dialog says why and offers to retire it.
    await choose(page, panel, `Held Lead ${word} Renamed`, 'Delete');
    const refuse = page.getByRole('dialog', { name: `Delete Held Lead ${word} Renamed?` });
    await expect(
      refuse.getByText(
        'This position has holders, so it cannot be deleted. Retire it instead: it keeps its history and takes no new holders.',
      ),
    ).toBeVisible();
    await expect(refuse.getByRole('button', { name: 'Delete position' })).toHaveCount(0);
    await checkAccessible();
    await refuse.getByRole('button', { name: 'Retire position' }).click();
    await expect(
      toast(page, 'Position retired: it keeps its history and takes no new holders.'),
    ).toBeVisible();
    await expect(panel.getByRole('listitem').getByText('Retired', { exact: true })).toBeVisible();

    // The state filter: in use or retired.
    panel = await search(page, 'Search positions', word, showing(2, 'positions'));
    await panel.getByLabel('State').selectOption('Retired');
    await expect(panel.getByText(showing(1, 'positions'))).toBeVisible();
    await expect(
      panel.getByRole('heading', { level: 2, name: `Held Lead ${word} Renamed` }),
    ).toBeVisible();
    await panel.getByLabel('State').selectOption('In use');
    await expect(panel.getByRole('heading', { level: 2, name: spare.position.title })).toBeVisible();
    await expect(panel.getByText(showing(1, 'positions'))).toBeVisible();
    await panel.getByLabel('State').selectOption('All');

    panel = await search(page, 'Search positions', spare.position.title, showing(1, 'positions'));
    await choose(page, panel, spare.position.title, 'Delete');
    await page.getByRole('dialog').getByRole('button', { name: 'Delete position' }).click();
    await expect(toast(page, 'Position deleted.')).toBeVisible();
    await expect(panel.getByText('No positions found')).toBeVisible();
    await expect(panel.getByText(showing(0, 'positions'))).toBeVisible();
    await checkAccessible();
  });

  test('/cosa View Position Holders: search, filters, marks, details, edit status, delete, empty', async ({
    page,
    browser,
    baseURL,
    checkAccessible,
    checkPhoneWidth,
  }) => {
    const other = await portalContext(browser, baseURL);
    const student = await onboardedStudentWithIdByApi(other.request, 'por');
    await signIn(page, SCITECH.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/gensec-tech$/);
    const coding = await lookupId(page.request, 'units', 'Coding Club');
    const position = await created<PositionBody>(page.request, '/api/positions', {
      title: `Relay Lead ${suffix()}`,
      unitId: coding,
      positionType: 'Member',
      positionCount: 2,
      responsibilities: ['Run'],
    });
    const appointed = await created<HolderBody>(page.request, '/api/position-holders', {
      userId: student.id,
      positionId: position.position.id,
      tenureYear: TENURE,
      status: 'active',
      appointment: {
        appointedById: (await (await page.request.get('/api/auth/session')).json()).user.id,
        date: `${THIS_YEAR}-01-05`,
      },
      metrics: { eventsOrganized: 4, feedback: 'Ran the relay day.' },
      confirm: true,
    });
    // The student's own claim to another position shows as self-declared.
    await created(other.request, '/api/me/positions', {
      positionId: position.position.id,
      tenureYear: `${THIS_YEAR - 1}-${THIS_YEAR}`,
      status: 'completed',
    });

    await page.goto('/cosa');
    await page.getByRole('tab', { name: 'View Position Holders (POR)' }).click();
    await loaded(page);
    let panel = await search(
      page,
      'Search position holders',
      student.name,
      showing(2, 'position holders'),
    );
    await expect(panel.getByText('Self-declared: awaiting verification')).toBeVisible();
    await panel.getByLabel('Status').selectOption('active');
    await expect(panel.getByText(showing(1, 'position holders'))).toBeVisible();
    await panel.getByLabel('Status').selectOption('');
    panel = await search(
      page,
      'Search position holders',
      appointed.holder.porCode,
      showing(1, 'position holders'),
    );
    const card = panel.getByRole('listitem').filter({ hasText: appointed.holder.porCode });
    for (const text of [
      student.name,
      position.position.title,
      'Coding Club',
      TENURE,
      // The figure is what the ledger paid for the club this tenure, which other journeys change.
      'Budget utilized',
      'Ran the relay day.',
      'Active',
    ])
      await expect(card.getByText(text, { exact: true }).first()).toBeVisible();
    await checkAccessible();
    await checkPhoneWidth();
    await page.setViewportSize({ width: 1280, height: 800 });

    await card.getByRole('button', { name: `View details of ${appointed.holder.porCode}` }).click();
    const details = page.getByRole('dialog', { name: student.name });
    for (const heading of [
      'User Information',
      'Position Information',
      'Appointment Details',
      'Performance Metrics',
      'Timeline',
    ]) {
      await expect(details.getByRole('heading', { name: heading })).toBeVisible();
    }
    await expect(details.getByText(`Jan 5, ${THIS_YEAR}`)).toBeVisible();
    await checkAccessible();
    await details.getByRole('button', { name: 'Close' }).click();

    await choose(page, card, appointed.holder.porCode, 'Edit');
    const edit = page.getByRole('dialog', { name: `Edit ${appointed.holder.porCode}` });
    await edit.getByLabel(/^Status/).selectOption('completed');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(toast(page, 'Position Holder updated successfully!')).toBeVisible();
    await expect(card.getByText('Completed', { exact: true })).toBeVisible();
    // An ended holding offers only its own status.
    await choose(page, card, appointed.holder.porCode, 'Edit');
    await expect(
      page
        .getByRole('dialog')
        .getByLabel(/^Status/)
        .locator('option'),
    ).toHaveText(['Select status', 'Completed']);
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

    await choose(page, card, appointed.holder.porCode, 'Delete');
    await page.getByRole('dialog').getByRole('button', { name: 'Delete holder' }).click();
    await expect(toast(page, 'Position Holder deleted.')).toBeVisible();
    await expect(panel.getByText('No position holders found')).toBeVisible();
  });
});
