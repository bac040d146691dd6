import { describe, expect, it } from 'vitest';
import { PAGE_ACCESS, decideAccess } from './access';
import { landingRouteFor, normalizeRole, ROLES } from './roles';
import { tenureYearOptions, yearOrdinal } from './constants';

const student = { role: 'STUDENT', onboardingComplete: true, emailVerified: true };
const newStudent = { role: 'STUDENT', onboardingComplete: false, emailVerified: true };
const unverifiedStudent = { role: 'STUDENT', onboardingComplete: false, emailVerified: false };
const official = (role: string, onboardingComplete = true) => ({
  role,
  onboardingComplete,
  emailVerified: true,
});

describe('decideAccess', () => {
  it('sends signed-out visitors to sign in, and signed-in users away from guest pages', () => {
    expect(decideAccess('onboarded', null, normalizeRole)).toBe('signIn');
    expect(decideAccess('guest', null, normalizeRole)).toBe('allow');
    expect(decideAccess('guest', student, normalizeRole)).toBe('signedInAlready');
    expect(decideAccess('public', null, normalizeRole)).toBe('allow');
  });

  it('sends students who have not finished onboarding to onboarding', () => {
    expect(decideAccess('onboarded', newStudent, normalizeRole)).toBe('onboard');
    expect(decideAccess('signedIn', newStudent, normalizeRole)).toBe('allow');
    expect(decideAccess('onboarded', official('PRESIDENT', false), normalizeRole)).toBe('allow');
  });

  it('asks a signed-in user without a proven e-mail to verify it before anything beyond signedIn', () => {
    expect(decideAccess('signedIn', unverifiedStudent, normalizeRole)).toBe('allow');
    expect(decideAccess('public', unverifiedStudent, normalizeRole)).toBe('allow');
    expect(decideAccess('guest', unverifiedStudent, normalizeRole)).toBe('signedInAlready');
    expect(decideAccess('verified', unverifiedStudent, normalizeRole)).toBe('verify');
    expect(decideAccess('onboarded', unverifiedStudent, normalizeRole)).toBe('verify');
    expect(decideAccess(['PRESIDENT'], unverifiedStudent, normalizeRole)).toBe('verify');
    expect(
      decideAccess(
        ['PRESIDENT'],
        { role: 'PRESIDENT', onboardingComplete: true, emailVerified: false },
        normalizeRole,
      ),
    ).toBe('verify');
  });

  it('lets a proven account through verified, onboarded or not', () => {
    expect(decideAccess('verified', null, normalizeRole)).toBe('signIn');
    expect(decideAccess('verified', newStudent, normalizeRole)).toBe('allow');
    expect(decideAccess('verified', student, normalizeRole)).toBe('allow');
    expect(decideAccess('verified', official('GENSEC_CULTURAL', false), normalizeRole)).toBe('allow');
    expect(decideAccess(PAGE_ACCESS['/onboarding'], newStudent, normalizeRole)).toBe('allow');
    expect(decideAccess(PAGE_ACCESS['/onboarding'], unverifiedStudent, normalizeRole)).toBe('verify');
  });

  it('applies the role table of spec section 6', () => {
    expect(
      decideAccess(PAGE_ACCESS['/gensec-endorse'], official('PRESIDENT', false), normalizeRole),
    ).toBe('allow');
    expect(decideAccess(PAGE_ACCESS['/gensec-endorse'], student, normalizeRole)).toBe('forbidden');
    expect(decideAccess(PAGE_ACCESS['/gensec-cult'], official('GENSEC_SPORTS'), normalizeRole)).toBe(
      'forbidden',
    );
    expect(
      decideAccess(PAGE_ACCESS['/club-dashboard'], official('CLUB_COORDINATOR'), normalizeRole),
    ).toBe('allow');
    expect(
      decideAccess(PAGE_ACCESS['/president-approval'], official('GENSEC_SCITECH'), normalizeRole),
    ).toBe('forbidden');
  });

  it('treats an unknown role as a student', () => {
    expect(normalizeRole('SUPERUSER')).toBe('STUDENT');
    expect(decideAccess(PAGE_ACCESS['/cosa'], official('SUPERUSER'), normalizeRole)).toBe('forbidden');
    expect(decideAccess(PAGE_ACCESS['/home'], official('SUPERUSER', false), normalizeRole)).toBe(
      'onboard',
    );
  });
});

describe('landingRouteFor', () => {
  it.each([
    ['PRESIDENT', '/president-dashboard'],
    ['GENSEC_SCITECH', '/gensec-tech'],
    ['GENSEC_ACADEMIC', '/gensec-acad'],
    ['GENSEC_CULTURAL', '/gensec-cult'],
    ['GENSEC_SPORTS', '/gensec-sport'],
    ['CLUB_COORDINATOR', '/club-dashboard'],
    ['ADMIN', '/admin'],
    ['STUDENT', '/home'],
    ['SOMETHING_ELSE', '/home'],
  ])('%s lands on %s', (role, route) => {
    expect(landingRouteFor({ role, onboardingComplete: true, emailVerified: true })).toBe(route);
  });

  it('an unproven e-mail lands on /verify-email, an unfinished student on /onboarding; other roles count as onboarded', () => {
    expect(landingRouteFor(newStudent)).toBe('/onboarding');
    expect(landingRouteFor(official('PRESIDENT', false))).toBe('/president-dashboard');
    expect(landingRouteFor(unverifiedStudent)).toBe('/verify-email');
    expect(landingRouteFor(official('ADMIN', false))).toBe('/admin');
    expect(ROLES).toHaveLength(8);
  });
});

describe('constants', () => {
  it('tenure years run from 2016-2017 to the current year and the next', () => {
    const options = tenureYearOptions(new Date('2026-11-21T00:00:00Z'));
    expect(options[0]).toBe('2016-2017');
    expect(options.at(-1)).toBe('2026-2027');
    expect(options).toHaveLength(11);
  });

  it('year ordinals are 1st to 4th, otherwise Nth Year', () => {
    expect([1, 2, 3, 4, 5].map(yearOrdinal)).toEqual(['1st', '2nd', '3rd', '4th', '5th Year']);
  });
});
