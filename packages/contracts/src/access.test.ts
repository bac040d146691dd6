import { describe, expect, it } from 'vitest';
import { PAGE_ACCESS, decideAccess } from './access';
import { landingRouteFor, normalizeRole, ROLES } from './roles';
import { tenureYearOptions, yearOrdinal } from './constants';

const student = { role: 'STUDENT', onboardingComplete: true };
const newStudent = { role: 'STUDENT', onboardingComplete: false };

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
    expect(decideAccess('onboarded', { role: 'PRESIDENT', onboardingComplete: false }, normalizeRole)).toBe('allow');
  });

  it('applies the role table of spec section 6', () => {
    expect(decideAccess(PAGE_ACCESS['/gensec-endorse'], { role: 'PRESIDENT', onboardingComplete: false }, normalizeRole)).toBe('allow');
    expect(decideAccess(PAGE_ACCESS['/gensec-endorse'], student, normalizeRole)).toBe('forbidden');
    expect(decideAccess(PAGE_ACCESS['/gensec-cult'], { role: 'GENSEC_SPORTS', onboardingComplete: true }, normalizeRole)).toBe('forbidden');
    expect(decideAccess(PAGE_ACCESS['/club-dashboard'], { role: 'CLUB_COORDINATOR', onboardingComplete: true }, normalizeRole)).toBe('allow');
    expect(decideAccess(PAGE_ACCESS['/president-approval'], { role: 'GENSEC_SCITECH', onboardingComplete: true }, normalizeRole)).toBe('forbidden');
  });

  it('treats an unknown role as a student', () => {
    expect(normalizeRole('ADMIN')).toBe('STUDENT');
    expect(decideAccess(PAGE_ACCESS['/cosa'], { role: 'ADMIN', onboardingComplete: true }, normalizeRole)).toBe('forbidden');
    expect(decideAccess(PAGE_ACCESS['/home'], { role: 'ADMIN', onboardingComplete: false }, normalizeRole)).toBe('onboard');
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
    ['STUDENT', '/home'],
    ['SOMETHING_ELSE', '/home'],
  ])('%s lands on %s', (role, route) => {
    expect(landingRouteFor({ role, onboardingComplete: true })).toBe(route);
  });

  it('a student who has not finished onboarding lands on /onboarding; other roles count as onboarded', () => {
    expect(landingRouteFor(newStudent)).toBe('/onboarding');
    expect(landingRouteFor({ role: 'PRESIDENT', onboardingComplete: false })).toBe('/president-dashboard');
    expect(ROLES).toHaveLength(7);
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
