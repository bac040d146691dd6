import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Browser, Download, Locator, Page } from '@playwright/test';
import { onboardedStudentByApi, suffix, type NewStudent } from './accounts';
import { CORE_MEMBER, demoAccount, signInByApi } from './demo-accounts';
import { portalContext } from './fixtures';

// A student's records verified through the API, and downloads, for the transcript and credential tests.

const THIS_YEAR = new Date().getFullYear();
const LAST_TENURE = `${THIS_YEAR - 1}-${THIS_YEAR}`;

/**
 * A student onboarded with the cookies of `student` whose records `verifiedRecords` made: the
 * sci-tech secretary and the Coding Club's coordinator act in browsers of their own, closed after.
 */
export async function studentWithVerifiedRecords(
  student: APIRequestContext,
  browser: Browser,
  baseURL: string | undefined,
  label: string,
): Promise<{ student: NewStudent; records: Records }> {
  const official = await portalContext(browser, baseURL);
  const coordinator = await portalContext(browser, baseURL);
  await signInByApi(official.request, demoAccount('GENSEC_SCITECH').email);
  await signInByApi(coordinator.request, demoAccount('CLUB_COORDINATOR').email);
  const made = await onboardedStudentByApi(student, label);
  const records = await verifiedRecords(student, official.request, coordinator.request);
  await official.close();
  await coordinator.close();
  return { student: made, records };
}

/** Sends `data` to `path` as the owner of `request`; fails the test on any status but `status`. */
async function send<T>(
  request: APIRequestContext,
  path: string,
  data: object,
  status = 201,
): Promise<T> {
  const response = await request.post(path, { data });
  if (response.status() !== status)
    throw new Error(`POST ${path} failed: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The JSON answer of `path` to the owner of `request`; fails the test on an error status. */
export async function get<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  if (!response.ok())
    throw new Error(`GET ${path} failed: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

type Records = { achievement: string; pending: string; position: string; skill: string };

/**
 * The student adds a national technical achievement, another that stays pending, last tenure's core
 * membership of the Coding Club (completed, so it takes no seat) and Python; the sci-tech secretary
 * verifies the first achievement and endorses Python, the club's coordinator verifies the position.
 */
async function verifiedRecords(
  student: APIRequestContext,
  official: APIRequestContext,
  coordinator: APIRequestContext,
): Promise<Records> {
  const records = {
    achievement: `Drone Relay ${suffix()}`,
    pending: `Quiz Bowl ${suffix()}`,
    position: CORE_MEMBER,
    skill: 'Python',
  };
  const { achievement } = await send<{ achievement: { id: string } }>(student, '/api/me/achievements', {
    title: records.achievement,
    description: 'Fastest relay of the inter-college drone race.',
    category: 'Robotics',
    type: 'technical',
    level: 'national',
    dateAchieved: `${THIS_YEAR - 1}-02-14`,
    position: '1st',
  });
  await send(student, '/api/me/achievements', {
    title: records.pending,
    category: 'Quiz',
    type: 'academic',
    dateAchieved: `${THIS_YEAR - 1}-03-01`,
  });

  const positions = await get<{ items: Array<{ id: string; label: string }> }>(
    student,
    `/api/lookup/positions?q=${encodeURIComponent(CORE_MEMBER)}`,
  );
  const positionId = positions.items.find((item) => item.label === CORE_MEMBER)?.id;
  if (!positionId) throw new Error(`No position named ${CORE_MEMBER}`);
  const { position } = await send<{ position: { id: string } }>(student, '/api/me/positions', {
    positionId,
    tenureYear: LAST_TENURE,
    status: 'completed',
  });

  const catalogue = await get<{ items: Array<{ id: string; name: string; type: string }> }>(
    student,
    '/api/skills?q=Python',
  );
  const python = catalogue.items.find((item) => item.name === 'Python' && item.type === 'technical');
  if (!python) throw new Error('No technical skill named Python in the catalogue');
  const { userSkill } = await send<{ userSkill: { id: string } }>(student, '/api/me/skills', {
    skillId: python.id,
    proficiencyLevel: 'advanced',
  });

  await send(official, `/api/endorsements/achievements/${achievement.id}/verify`, {}, 200);
  await send(official, `/api/endorsements/user-skills/${userSkill.id}/endorse`, {}, 200);
  // A fresh student has no CGPA or skills on record: the coordinator confirms the shortfall.
  await send(coordinator, `/api/endorsements/positions/${position.id}/verify`, { confirm: true }, 200);
  return records;
}

/** Clicks a download link and waits for the browser's download. */
export async function downloadFrom(
  page: Page,
  link: Locator,
): Promise<{ download: Download; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const path = await download.path();
  return { download, bytes: await readFile(path) };
}
