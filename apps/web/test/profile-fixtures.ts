import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Profile } from '@cosa/contracts';
import { makeUser, stubApi } from './render-app';

// What the /profile test files share: data typed by hand, the API stubbed, steps.

export const firstRender = { timeout: 10_000 };

export const saved: Profile = {
  user: {
    id: '00000000-0000-4000-8000-000000000001',
    username: 'asha',
    studentId: '12340001',
    role: 'STUDENT',
  },
  personal: {
    name: 'Asha Verma',
    email: 'asha@iitbhilai.ac.in',
    phone: '9876543210',
    gender: 'Female',
    dateOfBirth: '2004-05-06',
    photoUrl: null,
  },
  academic: {
    batchYear: 2024,
    program: 'B.Tech',
    branch: 'Computer Science & Engineering',
    currentYear: '2nd',
    cgpa: 8.75,
  },
  contact: { hostel: 'Indravati', roomNumber: 'B-204' },
  socialLinks: { github: 'https://github.com/asha', linkedin: 'https://www.linkedin.com/in/asha' },
  institute: {
    officialName: 'Asha Verma',
    studentId: '12340001',
    studentIdSource: 'roll',
    program: 'B.Tech',
    discipline: 'Computer Science & Engineering',
    admissionYear: 2024,
    cgpa: 7.5,
    yearOfStudy: 3,
  },
  attendance: [],
  clubMemberships: [],
};
export const withPhoto: Profile = {
  ...saved,
  personal: { ...saved.personal, photoUrl: '/api/photos/p1' },
};
const session = { body: { user: makeUser() } };

export function stubProfile(profile: Profile = saved, more: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({ session, 'GET /api/me/profile': { body: { profile } }, ...more });
}

export const edit = async () =>
  userEvent.click(await screen.findByRole('button', { name: 'Edit' }, firstRender));
export const save = () => userEvent.click(screen.getByRole('button', { name: 'Save' }));
export async function replace(label: string | RegExp, value: string) {
  const input = screen.getByLabelText(label);
  await userEvent.clear(input);
  if (value) await userEvent.type(input, value);
}
