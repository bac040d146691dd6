import { expect, type Page } from '@playwright/test';
import { demoAccount, signInByApi } from './demo-accounts';

const COORDINATOR = demoAccount('CLUB_COORDINATOR');
const ADMIN = demoAccount('ADMIN');
const STUDENT = demoAccount('STUDENT');

/** The rupees of the n-th '₹1,23,456' in a text. */
function rupeesIn(text: string, n = 0): number {
  const found = [...text.matchAll(/₹([\d,]+)/g)][n];
  if (!found) throw new Error(`no rupees in ${JSON.stringify(text)}`);
  return Number(found[1]!.replaceAll(',', ''));
}

export type ClubMoneyFigures = {
  tenure: string;
  dashboard: { used: number; allocated: number };
  units: { allocated: number; spent: number };
  /** What the club's core team member's position card says was utilised this tenure. */
  holder: number;
};

async function signInAs(page: Page, email: string): Promise<void> {
  await page.context().clearCookies();
  await signInByApi(page.request, email);
}

/**
 * The Coding Club's money this tenure as three people's pages show it: its coordinator's
 * dashboard, the administrator's council and clubs, and the position card of its core team
 * member (the demo student).
 */
export async function codingClubFigures(page: Page): Promise<ClubMoneyFigures> {
  await signInAs(page, COORDINATOR.email);
  await page.goto('/club-dashboard');
  const info = page.getByRole('region', { name: 'Club Information' });
  await expect(info).toContainText(/Tenure \d{4}-\d{4}/);
  const tenure = /Tenure (\d{4}-\d{4})/.exec(await info.innerText())![1]!;
  const used = await page
    .getByRole('list', { name: 'Club figures' })
    .getByRole('listitem')
    .filter({ hasText: 'Budget Used' })
    .innerText();

  await signInAs(page, ADMIN.email);
  await page.goto('/admin/units');
  const club = page.getByRole('group', { name: 'Coding Club', exact: true });
  await expect(club).toContainText('Budget this tenure');
  const facts = /Budget this tenure ₹[\d,]+ \(₹[\d,]+ spent\)/.exec(await club.innerText())![0];

  await signInAs(page, STUDENT.email);
  await page.goto('/manage-position');
  const card = page
    .getByRole('region', { name: new RegExp(`, ${tenure}$`) })
    .filter({ hasText: 'Coding Club' });
  await expect(card).toContainText('Budget utilized');
  const utilised = /Budget utilized\s*(₹[\d,]+)/.exec(await card.innerText())![1]!;

  return {
    tenure,
    dashboard: { used: rupeesIn(used, 0), allocated: rupeesIn(used, 1) },
    units: { allocated: rupeesIn(facts, 0), spent: rupeesIn(facts, 1) },
    holder: rupeesIn(utilised),
  };
}
