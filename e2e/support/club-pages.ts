import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect } from './fixtures';
import type { NewStudent } from './accounts';
import { CORE_MEMBER } from './demo-accounts';
import { lookupId, toast } from './page-steps';

// Steps the club coordinator's browser tests share: a declared position and its card on the Positions tab.

const THIS_YEAR = new Date().getFullYear();
const TENURE = `${THIS_YEAR}-${THIS_YEAR + 1}`;

/** The student declares the Coding Club's core-member position for this tenure ('+ Add a Position'). */
export async function declareCoreMember(request: APIRequestContext, feedback: string): Promise<void> {
  const positionId = await lookupId(request, 'positions', CORE_MEMBER);
  const response = await request.post('/api/me/positions', {
    data: {
      positionId,
      tenureYear: TENURE,
      status: 'active',
      metrics: { eventsOrganized: 2, feedback },
    },
  });
  if (response.status() !== 201)
    throw new Error(`Declaring failed: ${response.status()} ${await response.text()}`);
}

export const SHORTFALL = 'This person does not meet the requirements of the position.';

/**
 * Verifies a record on the Positions tab. A fresh student has no CGPA on the institute's record and no skills, so the
 * shortfall of the position's requirements is shown first and the official verifies anyway.
 */
export async function verifyAnyway(page: Page, card: Locator, name: string): Promise<void> {
  await card.getByRole('button', { name: `Verify ${name}` }).click();
  const question = card.getByRole('group', { name: SHORTFALL });
  await expect(
    question.getByText(
      "No CGPA on the institute's record (minimum 6.0); the student can ask for a correction on their profile",
    ),
  ).toBeVisible();
  await expect(question.getByText('Missing required skills: C++, Algorithms')).toBeVisible();
  await question.getByRole('button', { name: 'Verify anyway' }).click();
  await expect(toast(page, 'Position verified.')).toBeVisible();
}

/** The Positions tab's card of the student's record (paged, oldest first). */
export async function positionCard(page: Page, student: NewStudent) {
  await page.goto('/gensec-endorse?tab=positions');
  const panel = page.getByRole('tabpanel');
  await expect(
    panel.getByRole('article').first().or(panel.getByText('No positions awaiting verification.')),
  ).toBeVisible();
  for (;;) {
    const card = panel.getByRole('article').filter({ hasText: student.name });
    if (await card.count()) return card;
    const next = panel
      .getByRole('navigation', { name: 'Positions pages' })
      .getByRole('button', { name: 'Next' });
    if (!(await next.count()) || (await next.isDisabled()))
      throw new Error(`${student.name}'s record is not listed`);
    await next.click();
  }
}
