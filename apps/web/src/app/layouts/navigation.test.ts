import { describe, expect, it } from 'vitest';
import type { Role } from '@cosa/contracts';
import { makeUser } from '../../../test/render-app';
import { bottomBarFor, currentEntry, navigationFor } from './navigation';

/** Each section as 'Section: label → address, ...', the way a reader scans the menu. */
function menuOf(role: Role, studentId: string | null = '12340001') {
  return navigationFor(makeUser({ role, studentId })).map(
    (section) =>
      `${section.label}: ${section.entries.map((entry) => `${entry.label} → ${entry.to}`).join(', ')}`,
  );
}

const RECORD_OF_AN_OFFICIAL =
  'My record: Home → /home, Profile → /profile, Give Feedback → /feedback, Manage Skills → /skills, ' +
  'Manage Positions → /manage-position, Add Achievement → /add-achievement, ' +
  'View Achievements → /view-achievements, Transcript → /transcript';

describe('the navigation of each role', () => {
  it('gives a student the pages of their record, in the side menu order of the home dashboard', () => {
    expect(menuOf('STUDENT')).toEqual([
      'My record: Home → /home, Profile → /profile, COSA View → /council, Give Feedback → /feedback, ' +
        'Events → /events, Clubs → /clubs, Elections → /elections, My claims → /money/claims, ' +
        'Manage Skills → /skills, ' +
        'Manage Positions → /manage-position, ' +
        'Add Achievement → /add-achievement, View Achievements → /view-achievements, ' +
        'Transcript → /transcript, View Feedback → /viewfeedback',
    ]);
  });

  it.each([
    ['GENSEC_CULTURAL', '/gensec-cult'],
    ['GENSEC_SPORTS', '/gensec-sport'],
    ['GENSEC_ACADEMIC', '/gensec-acad'],
    ['GENSEC_SCITECH', '/gensec-tech'],
  ] as const)('gives %s their own dashboard and the council pages', (role, dashboard) => {
    expect(menuOf(role)).toEqual([
      `Council: Dashboard → ${dashboard}, Endorsement panel → /gensec-endorse, Events → /events, ` +
        'Clubs → /clubs, Elections → /elections, Money → /money, Claims → /money/claims, ' +
        'Term report → /reports, Add event → /add-event, Room booking → /roombooking, Positions → /cosa, ' +
        'Add position → /cosa/create, Feedback → /viewfeedback, Announcements → /announcements, ' +
        'COSA View → /council',
      RECORD_OF_AN_OFFICIAL,
    ]);
  });

  it('gives the president the room approvals and the endorsement panel', () => {
    expect(menuOf('PRESIDENT')).toEqual([
      'Council: Dashboard → /president-dashboard, Room approvals → /president-approval, ' +
        'Endorsement panel → /gensec-endorse, Events → /events, Clubs → /clubs, Elections → /elections, ' +
        'Money → /money, Claims → /money/claims, Term report → /reports, Add event → /add-event, ' +
        'Room booking → /roombooking, Positions → /cosa, Add position → /cosa/create, ' +
        'Feedback → /viewfeedback, Announcements → /announcements, COSA View → /council',
      RECORD_OF_AN_OFFICIAL,
    ]);
  });

  it('gives a club coordinator the club dashboard menu, and no room booking', () => {
    expect(menuOf('CLUB_COORDINATOR')).toEqual([
      'Council: Dashboard → /club-dashboard, Club members → /club-dashboard/members, ' +
        'Achievements → /gensec-endorse?tab=achievements, ' +
        'Events → /events, Clubs → /clubs, Elections → /elections, ' +
        'Money → /money, Claims → /money/claims, Term report → /reports, ' +
        'Add event → /add-event, Positions → /cosa, Add position → /cosa/create, ' +
        'Feedback → /viewfeedback, Announcements → /announcements, COSA View → /council',
      RECORD_OF_AN_OFFICIAL,
    ]);
  });

  it('leaves out the student record of an official who is not a student', () => {
    expect(menuOf('PRESIDENT', null)).toHaveLength(1);
    expect(menuOf('PRESIDENT', null)[0]).toMatch(/^Council: Dashboard → \/president-dashboard/);
  });

  it('gives the administrator the administration pages only', () => {
    expect(menuOf('ADMIN', null)).toEqual([
      'Administration: Overview → /admin, Clubs → /clubs, Elections → /elections, Money → /money, ' +
        'Claims → /money/claims, Term report → /reports, Users and roles → /admin/users, ' +
        'Council and clubs → /admin/units, Positions and holders → /admin/positions, ' +
        'Rooms → /admin/rooms, Skill catalogue → /admin/skills, Club tags → /admin/club-tags, ' +
        'Import students → /admin/import, ' +
        'Correction requests → /admin/corrections, Student ID conflicts → /admin/student-ids, ' +
        'Credentials → /admin/credentials, Audit log → /admin/audit',
    ]);
  });

  it('offers nothing before the e-mail is proven or onboarding is done', () => {
    expect(navigationFor(makeUser({ emailVerified: false }))).toEqual([]);
    expect(navigationFor(makeUser({ onboardingComplete: false }))).toEqual([]);
  });
});

describe('the bottom bar on a phone', () => {
  const barOf = (role: Role) => {
    const user = makeUser({ role });
    return bottomBarFor(user, navigationFor(user)).map((entry) => `${entry.short} → ${entry.to}`);
  };

  it.each([
    [
      'STUDENT',
      ['Home → /home', 'Events → /events', 'Achievements → /view-achievements', 'Profile → /profile'],
    ],
    [
      'GENSEC_SPORTS',
      [
        'Dashboard → /gensec-sport',
        'Endorse → /gensec-endorse',
        'Events → /events',
        'Feedback → /viewfeedback',
      ],
    ],
    [
      'PRESIDENT',
      [
        'Dashboard → /president-dashboard',
        'Approvals → /president-approval',
        'Endorse → /gensec-endorse',
        'Events → /events',
      ],
    ],
    [
      'CLUB_COORDINATOR',
      [
        'Dashboard → /club-dashboard',
        'Achievements → /gensec-endorse?tab=achievements',
        'Events → /events',
        'Feedback → /viewfeedback',
      ],
    ],
    [
      'ADMIN',
      ['Overview → /admin', 'Users → /admin/users', 'Units → /admin/units', 'Audit → /admin/audit'],
    ],
  ] as const)('holds the four places %s opens most', (role, expected) => {
    expect(barOf(role)).toEqual(expected);
  });
});

describe('the current place', () => {
  const entries = navigationFor(makeUser({ role: 'ADMIN', studentId: null })).flatMap(
    (section) => section.entries,
  );

  it('is the entry of the page, or the nearest one above it', () => {
    expect(currentEntry(entries, '/admin')?.label).toBe('Overview');
    expect(currentEntry(entries, '/admin/users/4f1c')?.label).toBe('Users and roles');
    expect(currentEntry(entries, '/admin-tools')).toBeUndefined();
    expect(currentEntry(entries, '/notifications')).toBeUndefined();
  });

  it("is the club coordinator's Achievements on any tab of the endorsement panel", () => {
    const club = navigationFor(makeUser({ role: 'CLUB_COORDINATOR' })).flatMap((s) => s.entries);
    expect(currentEntry(club, '/gensec-endorse')?.label).toBe('Achievements');
  });
});
