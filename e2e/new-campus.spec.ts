import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { signIn } from './support/accounts';
import { expect, portalContext, test } from './support/fixtures';
import { resetLinkPath } from './support/mail';
import { startMailCatcher } from './support/mail-catcher';
import { latestMailIn } from './support/mail-in-dir';
import { repoRoot, resultsDir, webDistDir } from './support/paths';
import { freePort, startServer, waitForHealth } from './support/server-process';
import { createThrowawayDatabase } from './support/throwaway-database';

/**
 * Issue 13, "Done when": a new campus, starting from an empty database and one administrator
 * created from the command line, sets up its council, clubs, rooms and officials and imports its
 * students entirely in the portal. The spec runs its own server on an empty database (a throwaway
 * database on the PostgreSQL server when DATABASE_URL is set, else an empty PGlite directory), with
 * its own mail catcher; the run's demo server is not used.
 */

const ADMIN = {
  email: 'office@iitbhilai.ac.in',
  name: 'Student Affairs Office',
  password: 'Office-setup-2025',
};
const APEX = 'Student Gymkhana';
const COUNCIL = 'Science and Technology Council';
const CLUB = 'Robotics Club';
const ROOM = 'Seminar Hall 1';
const PRESIDENT = {
  studentId: '12340001',
  name: 'Ananya Iyer',
  email: 'ananya.iyer@iitbhilai.ac.in',
  password: 'ananya-pass-2025',
};
const UNCLAIMED = { studentId: '12340002', name: 'Kabir Nair', email: 'kabir.nair@iitbhilai.ac.in' };
const NOT_CLAIMED =
  'This account was created from the student roll and has not been claimed yet. Use "Forgot Password?" to get a link at this e-mail address.';

/** Undone in the reverse order, in afterAll, whatever happened. */
const cleanups: (() => Promise<unknown>)[] = [];
let baseUrl = '';
let mailDir = '';
let workDir = '';

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first();
const unitRow = (page: Page, name: string): Locator => page.getByRole('group', { name, exact: true });
const setupStep = (page: Page, label: string): Locator =>
  page.getByRole('listitem').filter({ has: page.getByRole('link', { name: label, exact: true }) });

async function newPage(browser: Browser): Promise<Page> {
  const context: BrowserContext = await portalContext(browser, baseUrl);
  cleanups.push(() => context.close());
  return context.newPage();
}

async function addUnit(page: Page, unit: { name: string; type: string; under?: string }): Promise<void> {
  await page.getByRole('button', { name: 'Add unit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a unit' });
  await dialog.getByLabel('Name').fill(unit.name);
  await dialog.getByLabel('Type').selectOption({ label: unit.type });
  if (unit.under) await dialog.getByLabel('Sits under').selectOption({ label: unit.under });
  await dialog.getByRole('button', { name: 'Add unit' }).click();
  await expect(toast(page, `${unit.name} added.`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(unitRow(page, unit.name)).toBeVisible();
}

test.describe('a new campus', () => {
  test.describe.configure({ timeout: 240_000 });

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    workDir = await mkdtemp(path.join(os.tmpdir(), 'cosa-new-campus-'));
    cleanups.push(() => rm(workDir, { recursive: true, force: true }));
    const dataDir = path.join(workDir, 'data');
    mkdirSync(dataDir);
    mailDir = path.join(workDir, 'mail');
    const port = await freePort();
    baseUrl = `http://localhost:${port}`;

    // The environment the global setup gives the run's server, on an empty database of our own.
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      SEED_DEMO: 'never',
      RATE_LIMIT_SCALE: '20',
      NODE_ENV: 'production',
      WEB_DIST_DIR: webDistDir,
    };
    delete env.GOOGLE_CLIENT_ID;
    delete env.GOOGLE_CLIENT_SECRET;
    if (process.env.DATABASE_URL) {
      const database = await createThrowawayDatabase(process.env.DATABASE_URL);
      cleanups.push(() => database.drop());
      env.DATABASE_URL = database.url;
    } else {
      delete env.DATABASE_URL;
    }
    const mail = await startMailCatcher(mailDir);
    cleanups.push(() => mail.stop());
    env.SMTP_URL = `smtp://127.0.0.1:${mail.port}`;

    // The one administrator, made on the command line as the README says.
    const created = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'apps/server/src/cli.ts',
        'user:create',
        '--role',
        'ADMIN',
        '--email',
        ADMIN.email,
        '--name',
        ADMIN.name,
        '--password',
        ADMIN.password,
      ],
      { cwd: repoRoot, env, encoding: 'utf8', timeout: 120_000 },
    );
    const output = `${created.stdout}\n${created.stderr}`;
    expect(created.status, `user:create failed:\n${output}`).toBe(0);
    expect(created.stdout).toMatch(/^Created ADMIN office@iitbhilai\.ac\.in \(username [^)\s]+\)\.$/m);

    const logFile = path.join(resultsDir, 'new-campus-server.log');
    mkdirSync(resultsDir, { recursive: true });
    const server = startServer({ cwd: repoRoot, env, logFile });
    cleanups.push(() => server.stop());
    await waitForHealth(`http://127.0.0.1:${port}/api/health`, server.child, logFile);
  });

  test.afterAll(async () => {
    test.setTimeout(60_000);
    for (const cleanUp of cleanups.splice(0).reverse()) {
      await cleanUp().catch((error: unknown) => console.warn(`new-campus clean-up: ${String(error)}`));
    }
  });

  test('from one administrator on an empty database, the campus sets up its council, clubs, rooms, students and officials in the portal', async ({
    browser,
  }) => {
    // The administrator signs in and lands on the administration overview, nothing set up yet.
    const admin = await newPage(browser);
    await signIn(admin, ADMIN.email, ADMIN.password);
    await expect(admin).toHaveURL(/\/admin$/);
    await expect(admin.getByRole('heading', { level: 1, name: 'Administration' })).toBeVisible();
    await expect(admin.getByRole('heading', { name: 'Set up your campus' })).toBeVisible();
    await expect(setupStep(admin, 'Create the council, its councils and their clubs')).toContainText(
      'To do',
    );

    // The apex council, a council under it and a club under that council.
    await admin.goto('/admin/units');
    await expect(admin.getByRole('heading', { level: 1, name: 'Council and clubs' })).toBeVisible();
    await expect(admin.getByText('No units yet')).toBeVisible();
    await addUnit(admin, { name: APEX, type: 'Apex council' });
    await addUnit(admin, { name: COUNCIL, type: 'Council', under: `${APEX} (Apex council)` });
    await addUnit(admin, { name: CLUB, type: 'Club', under: `${COUNCIL} (Council)` });
    await expect(admin.getByRole('status').filter({ hasText: /units/ })).toHaveText('3 units');
    const councilItem = admin.locator('li', { has: unitRow(admin, COUNCIL) }).last();
    await expect(councilItem.getByRole('group', { name: CLUB, exact: true })).toBeVisible();
    const apexItem = admin.locator('li', { has: unitRow(admin, APEX) }).first();
    await expect(apexItem.getByRole('group', { name: COUNCIL, exact: true })).toBeVisible();

    // A room.
    await admin.goto('/admin/rooms');
    await expect(admin.getByRole('heading', { level: 1, name: 'Rooms' })).toBeVisible();
    // (The migrations give every campus Room A and Room B, deviation 5: the list is not empty.)
    await expect(admin.getByRole('article', { name: ROOM, exact: true })).toHaveCount(0);
    await admin.getByRole('button', { name: 'Add room' }).click();
    const addRoom = admin.getByRole('dialog', { name: 'Add a room' });
    await addRoom.getByLabel('Name').fill(ROOM);
    await addRoom.getByLabel('Capacity').fill('120');
    await addRoom.getByLabel('New feature').fill('Projector');
    await addRoom.getByLabel('New feature').press('Enter');
    await addRoom.getByRole('button', { name: 'Add room' }).click();
    await expect(toast(admin, `${ROOM} added.`)).toBeVisible();
    await expect(
      admin.getByRole('article', { name: ROOM, exact: true }).getByText('120 seats'),
    ).toBeVisible();

    // The student roll: two students, previewed, then imported.
    const roll = path.join(workDir, 'roll.csv');
    writeFileSync(
      roll,
      [
        'Student ID,Name,Email,Program,Discipline,Admission year',
        `${PRESIDENT.studentId},${PRESIDENT.name},${PRESIDENT.email},B.Tech,Computer Science & Engineering,2023`,
        `${UNCLAIMED.studentId},${UNCLAIMED.name},${UNCLAIMED.email},B.Tech,Electrical Engineering,2024`,
        '',
      ].join('\r\n'),
    );
    await admin.goto('/admin/import');
    await expect(admin.getByRole('heading', { level: 1, name: 'Import students' })).toBeVisible();
    await admin.getByLabel('Roll file (CSV)').setInputFiles(roll);
    await admin.getByRole('button', { name: 'Preview import' }).click();
    const preview = admin.getByRole('region', { name: 'Preview of roll.csv' });
    const count = (label: string) =>
      preview
        .locator('dt', { hasText: new RegExp(`^${label}$`) })
        .locator('xpath=following-sibling::dd[1]');
    await expect(count('New')).toHaveText('2');
    await expect(count('Refused')).toHaveText('0');
    await expect(count('Changed')).toHaveText('0');
    await preview.getByRole('button', { name: 'Import 2 students' }).click();
    const confirmImport = admin.getByRole('dialog', { name: 'Import 2 students?' });
    await confirmImport.getByRole('button', { name: 'Import 2 students' }).click();
    await expect(
      admin
        .getByRole('region', { name: 'Import finished' })
        .getByText('Imported roll.csv: 2 new and 0 changed students.'),
    ).toBeVisible();

    // One student claims the account through "Forgot Password?" on the sign-in page.
    const student = await newPage(browser);
    await signIn(student, PRESIDENT.email, 'not-their-password');
    await expect(student.getByRole('main').getByRole('alert')).toHaveText(NOT_CLAIMED);
    await student.getByRole('main').getByRole('link', { name: 'Forgot Password?' }).click();
    await expect(student).toHaveURL(/\/forgot-password$/);
    // The address changes before the page is drawn, and the sign-in page has an Email field too.
    await expect(student.getByRole('heading', { level: 1, name: 'Forgot Password' })).toBeVisible();
    const asked = Date.now();
    await student.getByRole('main').getByLabel('Email').fill(PRESIDENT.email);
    await student.getByRole('main').getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(student.getByRole('main').getByText('Reset link sent successfully!')).toBeVisible();
    await student.goto(resetLinkPath(await latestMailIn(mailDir, PRESIDENT.email, { after: asked })));
    await student.getByRole('main').getByLabel('New Password').fill(PRESIDENT.password);
    await student.getByRole('main').getByRole('button', { name: 'Reset Password' }).click();
    await expect(student).toHaveURL(/\/login$/, { timeout: 10_000 });
    await signIn(student, PRESIDENT.email, PRESIDENT.password);
    await expect(student).toHaveURL(/\/home$/);
    await expect(
      student.getByRole('heading', { level: 1, name: `Welcome, ${PRESIDENT.name}` }),
    ).toBeVisible();

    // The administrator finds the claimed student (3 accounts in all) and makes them the president.
    await admin.goto('/admin/users');
    await expect(admin.getByRole('heading', { level: 1, name: 'Users and roles' })).toBeVisible();
    await admin.getByRole('searchbox', { name: 'Search users' }).fill(PRESIDENT.studentId);
    await expect(admin.getByText('Showing 1 of 3 users', { exact: true })).toBeVisible();
    const claimedCard = admin.getByRole('article').filter({ hasText: PRESIDENT.email });
    await expect(claimedCard.getByText('Active', { exact: true })).toBeVisible();
    await claimedCard.getByRole('link', { name: PRESIDENT.name, exact: true }).click();
    await expect(admin.getByRole('heading', { level: 1, name: PRESIDENT.name })).toBeVisible();
    await admin.getByLabel('Role', { exact: true }).selectOption({ label: 'President' });
    await admin.getByRole('button', { name: 'Change role', exact: true }).click();
    const confirmRole = admin.getByRole('dialog', { name: `Make ${PRESIDENT.name} the President?` });
    await expect(confirmRole).toContainText(`${PRESIDENT.name} will be the President.`);
    await confirmRole.getByRole('button', { name: 'Change role', exact: true }).click();
    await expect(toast(admin, 'Role changed.')).toBeVisible();
    await expect(confirmRole).toBeHidden();
    const account = admin.getByRole('region', { name: 'Account' });
    await expect(
      account.locator('dt', { hasText: /^Role$/ }).locator('xpath=following-sibling::dd[1]'),
    ).toHaveText('President');

    // The other student has not claimed the account, and the list says so.
    await admin.goto('/admin/users');
    await admin.getByLabel('State').selectOption({ label: 'Imported, not claimed' });
    await expect(admin).toHaveURL(/state=unclaimed/);
    await expect(admin.getByText('Showing 1 of 3 users', { exact: true })).toBeVisible();
    const unclaimedCard = admin.getByRole('article').filter({ hasText: UNCLAIMED.email });
    await expect(unclaimedCard.getByRole('link', { name: UNCLAIMED.name, exact: true })).toBeVisible();
    await expect(unclaimedCard.getByText('Imported, not claimed', { exact: true })).toBeVisible();
    await expect(unclaimedCard.getByText('Student', { exact: true })).toBeVisible();

    // The new president signs in afresh and lands on the president's dashboard.
    const president = await newPage(browser);
    await signIn(president, PRESIDENT.email, PRESIDENT.password);
    await expect(president).toHaveURL(/\/president-dashboard$/);
    await expect(
      president.getByRole('heading', { level: 1, name: 'President Dashboard' }),
    ).toBeVisible();

    // The room is offered for booking, and the club is in the unit picker.
    await president.goto('/roombooking');
    const roomSelect = president.getByRole('form', { name: 'New booking' }).getByLabel('Room');
    await expect(roomSelect.locator('option', { hasText: ROOM })).toHaveCount(1);
    await president.goto('/cosa/create');
    await president.getByRole('combobox', { name: 'Organizational unit', exact: true }).fill('Robotics');
    const units = president.getByRole('listbox', { name: 'Organizational unit', exact: true });
    await expect(units.getByRole('option')).toHaveCount(1);
    await expect(units.getByRole('option').first()).toContainText(CLUB);

    // The audit log holds the role change and the import.
    await admin.goto('/admin/audit');
    await expect(admin.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
    await admin.getByLabel('Kind').selectOption({ label: 'Role' });
    await expect(admin).toHaveURL(/kind=role/);
    await expect(admin.locator('ul[aria-busy="true"]')).toHaveCount(0);
    const roleLine = admin.getByRole('article').filter({
      has: admin.getByRole('heading', { name: `Changed account: ${PRESIDENT.name}`, exact: true }),
    });
    await expect(roleLine).toHaveCount(1);
    await expect(roleLine.getByText(ADMIN.name)).toBeVisible();
    await roleLine.getByText(/^Show the changes? \(\d+ fields?\)$/).click();
    await expect(
      roleLine.getByText('Role', { exact: true }).locator('xpath=following-sibling::dd'),
    ).toHaveText('from Student→ to President');
    await admin.getByLabel('Kind').selectOption({ label: 'Import' });
    await expect(admin).toHaveURL(/kind=import/);
    await expect(admin.locator('ul[aria-busy="true"]')).toHaveCount(0);
    const importLine = admin.getByRole('article').filter({
      has: admin.getByRole('heading', {
        name: 'Imported 2 new and 0 changed students from roll.csv',
        exact: true,
      }),
    });
    await expect(importLine).toHaveCount(1);
    await expect(importLine.getByText(ADMIN.name)).toBeVisible();

    // The overview's set-up checklist: units, rooms, the roll and the officials are done.
    await admin.goto('/admin');
    for (const step of [
      'Create the council, its councils and their clubs',
      'Add the rooms officials can book',
      'Import the student roll',
      'Give the officials their roles: the president, the general secretaries and the club coordinators',
    ]) {
      await expect(setupStep(admin, step)).toContainText('Done');
    }
  });
});
