import { randomInt } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { INSTITUTE_DOMAIN } from './demo-accounts';
import { latestMailTo, verifyEmailLinkPath } from './mail';

export type NewStudent = { name: string; studentId: string; email: string; password: string };

let made = 0;

/**
 * A student nobody has registered yet in this run. Two made in the same millisecond differ by the
 * count; workers by the random part. (Registering a student id an unproven account holds takes it
 * from that account, so two students sharing one would lose it.)
 */
export function uniqueStudent(label = 'student'): NewStudent {
  made = (made + 1) % 1000;
  const stamp = `${Date.now()}${String(made).padStart(3, '0')}${randomInt(100, 999)}`;
  return {
    name: `E2E ${label} ${stamp.slice(-5)}`,
    studentId: stamp.slice(-12),
    email: `e2e.${label}.${stamp}@${INSTITUTE_DOMAIN}`,
    password: `pass-${stamp}`,
  };
}

/** Registers through the API with its own cookies, so the browser stays signed out. */
export async function registerByApi(request: APIRequestContext, student: NewStudent): Promise<void> {
  const response = await request.post('/api/auth/register', { data: student });
  if (response.status() !== 201)
    throw new Error(
      `Registering ${student.email} failed: ${response.status()} ${await response.text()}`,
    );
}

/**
 * Registers through the API and proves the address with the link of the verification e-mail,
 * as its owner would in the browser they registered with: the request context keeps the session
 * of the registration, so the token alone is enough. The page's browser stays signed out.
 */
export async function registerVerifiedByApi(
  request: APIRequestContext,
  student: NewStudent,
): Promise<void> {
  await registerByApi(request, student);
  const link = verifyEmailLinkPath(await latestMailTo(student.email));
  const token = link.split('/').at(-1);
  const response = await request.post('/api/auth/verify-email', { data: { token } });
  if (response.status() !== 200)
    throw new Error(`Verifying ${student.email} failed: ${response.status()} ${await response.text()}`);
}

/** A short random word for titles, so that each run's records are its own. */
export const suffix = () => `${Date.now().toString(36).slice(-4)}${randomInt(1000, 9999)}`;

/**
 * A student registered, verified and onboarded through the API with the cookies of `request`: by
 * default admitted last year, with a mobile number of `mobilePrefix` and the id's last eight digits.
 */
export async function onboardedStudentByApi(
  request: APIRequestContext,
  label: string,
  { admissionYear = new Date().getFullYear() - 1, mobilePrefix = '98' } = {},
): Promise<NewStudent & { mobile: string }> {
  const student = uniqueStudent(label);
  await registerVerifiedByApi(request, student);
  const mobile = `${mobilePrefix}${student.studentId.slice(-8)}`;
  const response = await request.post('/api/onboarding', {
    data: {
      idNumber: student.studentId,
      mobile,
      admissionYear,
      program: 'B.Tech',
      discipline: 'Physics',
    },
  });
  if (!response.ok())
    throw new Error(`Onboarding ${student.email} failed: ${response.status()} ${await response.text()}`);
  return { ...student, mobile };
}

/** An onboarded student (as `onboardedStudentByApi`) with their user id. */
export async function onboardedStudentWithIdByApi(
  request: APIRequestContext,
  label: string,
): Promise<NewStudent & { id: string }> {
  const student = await onboardedStudentByApi(request, label);
  const session = (await (await request.get('/api/auth/session')).json()) as { user: { id: string } };
  return { ...student, id: session.user.id };
}

/** Fills and sends the login form. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}
