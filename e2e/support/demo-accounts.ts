import type { APIRequestContext } from '@playwright/test';
/**
 * The demo campus's accounts, as `seed:demo` creates them (apps/server/src/db/seed/demo.ts and
 * demo-people.ts), with the page each lands on and that page's heading.
 */
export const DEMO_PASSWORD = 'CosaDemo@2026';

export const INSTITUTE_DOMAIN = 'iitbhilai.ac.in';

/** A position of the demo campus's Coding Club, whose coordinator is the demo club coordinator. */
export const CORE_MEMBER = 'Core Member, Competitive Programming';

export type DemoAccount = {
  role: string;
  email: string;
  name: string;
  landing: string;
  heading: string;
};

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    role: 'STUDENT',
    email: `student@${INSTITUTE_DOMAIN}`,
    name: 'Aarav Sharma',
    landing: '/home',
    heading: 'Welcome, Aarav Sharma',
  },
  {
    role: 'PRESIDENT',
    email: `president@${INSTITUTE_DOMAIN}`,
    name: 'Rohan Mehta',
    landing: '/president-dashboard',
    heading: 'President Dashboard',
  },
  {
    role: 'GENSEC_SCITECH',
    email: `gensec.tech@${INSTITUTE_DOMAIN}`,
    name: 'Ishita Reddy',
    landing: '/gensec-tech',
    heading: 'Science & Technology Portal',
  },
  {
    role: 'GENSEC_ACADEMIC',
    email: `gensec.acad@${INSTITUTE_DOMAIN}`,
    name: 'Karthik Iyer',
    landing: '/gensec-acad',
    heading: 'Academic Affairs Portal',
  },
  {
    role: 'GENSEC_CULTURAL',
    email: `gensec.cult@${INSTITUTE_DOMAIN}`,
    name: 'Ananya Banerjee',
    landing: '/gensec-cult',
    heading: 'Cultural Affairs Portal',
  },
  {
    role: 'GENSEC_SPORTS',
    email: `gensec.sports@${INSTITUTE_DOMAIN}`,
    name: 'Harpreet Singh',
    landing: '/gensec-sport',
    heading: 'Sports Portal',
  },
  {
    role: 'CLUB_COORDINATOR',
    email: `club.coordinator@${INSTITUTE_DOMAIN}`,
    name: 'Sneha Kulkarni',
    landing: '/club-dashboard',
    heading: 'Club Dashboard',
  },
  {
    role: 'ADMIN',
    email: `admin@${INSTITUTE_DOMAIN}`,
    name: 'Priya Venkatesh',
    landing: '/admin',
    heading: 'Administration',
  },
];

export function demoAccount(role: string): DemoAccount {
  const account = DEMO_ACCOUNTS.find((candidate) => candidate.role === role);
  if (!account) throw new Error(`No demo account for ${role}`);
  return account;
}

/** Signs a demo account in through the API with the cookies of `request` (the browser of that context is then signed in). */
export async function signInByApi(request: APIRequestContext, email: string): Promise<void> {
  const response = await request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
  if (response.status() !== 200)
    throw new Error(`Signing in ${email} failed: ${response.status()} ${await response.text()}`);
}
