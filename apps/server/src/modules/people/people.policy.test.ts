import { describe, expect, it } from 'vitest';
import { personViewOf, type Subject } from './people.policy';

const student: Subject = {
  id: 'student',
  role: 'STUDENT',
  emailVerified: true,
  onboardingComplete: true,
  deactivated: false,
};
const official: Subject = {
  ...student,
  id: 'official',
  role: 'GENSEC_CULTURAL',
  onboardingComplete: false,
};

// Which parts each viewer sees of an active student, typed by hand from decision 0026:
// academic, record, personal, reviewQueue, administration.
const rows: [string, { id: string; role: string }, string][] = [
  ['the student themselves', { id: 'student', role: 'STUDENT' }, 'academic record personal'],
  ['another student', { id: 'other', role: 'STUDENT' }, 'academic record'],
  ['a general secretary', { id: 'gs', role: 'GENSEC_SCITECH' }, 'academic record reviewQueue'],
  ['the president', { id: 'p', role: 'PRESIDENT' }, 'academic record reviewQueue'],
  ['a club coordinator', { id: 'cc', role: 'CLUB_COORDINATOR' }, 'academic record reviewQueue'],
  ['the administrator', { id: 'a', role: 'ADMIN' }, 'academic record personal administration'],
  ['an unknown role (a student)', { id: 'x', role: 'DEAN' }, 'academic record'],
];

const shown = (view: ReturnType<typeof personViewOf>) =>
  view
    ? Object.entries(view)
        .filter(([, value]) => value)
        .map(([part]) => part)
        .join(' ')
    : 'none';

describe('personViewOf', () => {
  it.each(rows)('shows %s the parts of a student page the decision names', (_, viewer, parts) => {
    expect(shown(personViewOf(viewer, student))).toBe(parts);
  });

  it("shows no one an official's academic facts, and an official their own page without a queue", () => {
    expect(shown(personViewOf({ id: 'other', role: 'STUDENT' }, official))).toBe('record');
    expect(shown(personViewOf({ id: 'official', role: 'GENSEC_CULTURAL' }, official))).toBe(
      'record personal',
    );
  });

  const hidden: [string, Partial<Subject>][] = [
    ['deactivated', { deactivated: true }],
    ['not proven', { emailVerified: false }],
    ['not onboarded', { onboardingComplete: false }],
  ];

  it.each(hidden)('hides an account %s from everyone but the administrator', (_, change) => {
    const subject = { ...student, ...change };
    for (const role of ['STUDENT', 'GENSEC_SCITECH', 'PRESIDENT', 'CLUB_COORDINATOR'])
      expect(personViewOf({ id: 'viewer', role }, subject), role).toBeNull();
    expect(shown(personViewOf({ id: 'a', role: 'ADMIN' }, subject))).toBe(
      'academic record personal administration',
    );
  });

  it('hides the institute administrator, whom the search does not find either, from everyone but an administrator', () => {
    const administrator: Subject = { ...official, id: 'admin', role: 'ADMIN' };
    for (const role of ['STUDENT', 'GENSEC_SCITECH', 'PRESIDENT', 'CLUB_COORDINATOR'])
      expect(personViewOf({ id: 'viewer', role }, administrator), role).toBeNull();
    expect(shown(personViewOf({ id: 'admin', role: 'ADMIN' }, administrator))).toBe(
      'record personal administration',
    );
  });
});
