import { describe, expect, it } from 'vitest';
import {
  accountState,
  deactivationRefusal,
  onboardedAfter,
  roleChangeRefusal,
  type RoleTarget,
} from './admin-users.policy';

const WHEN = new Date('2026-05-01T10:00:00Z');
const LAST_ADMIN = 'This is the last active administrator: make another account an administrator first.';
const OWN_ADMIN_ROLE =
  'You cannot take away your own administrator role while you are the only active administrator.';

describe('admin users policy', () => {
  it('gives each account one state: deactivated, then unclaimed import, then unverified, else active', () => {
    const facts = {
      deactivatedAt: null,
      importedAt: null,
      emailVerifiedAt: WHEN,
      hasPassword: true,
      hasGoogle: false,
    };
    expect(accountState(facts)).toBe('active');
    expect(accountState({ ...facts, emailVerifiedAt: null })).toBe('unverified');
    expect(accountState({ ...facts, importedAt: WHEN, hasPassword: false, emailVerifiedAt: null })).toBe(
      'unclaimed',
    );
    expect(accountState({ ...facts, importedAt: WHEN, hasPassword: false, hasGoogle: true })).toBe(
      'active',
    );
    expect(accountState({ ...facts, importedAt: WHEN, hasPassword: false, deactivatedAt: WHEN })).toBe(
      'deactivated',
    );
  });

  const admin: RoleTarget = { id: 'a', role: 'ADMIN', emailVerifiedAt: WHEN, deactivatedAt: null };

  it('keeps the last active administrator, whoever asks', () => {
    expect(roleChangeRefusal(admin, 'STUDENT', { actorId: 'a', activeAdmins: 1 })).toBe(OWN_ADMIN_ROLE);
    expect(roleChangeRefusal(admin, 'PRESIDENT', { actorId: null, activeAdmins: 1 })).toBe(LAST_ADMIN);
    expect(roleChangeRefusal(admin, 'STUDENT', { actorId: 'a', activeAdmins: 2 })).toBeNull();
    expect(roleChangeRefusal(admin, 'ADMIN', { actorId: 'a', activeAdmins: 1 })).toBeNull();
    // A deactivated administrator is not one of the active ones.
    expect(
      roleChangeRefusal({ ...admin, deactivatedAt: WHEN }, 'STUDENT', { actorId: 'b', activeAdmins: 1 }),
    ).toBeNull();
    expect(deactivationRefusal(admin, { actorId: 'b', activeAdmins: 1 })).toBe(LAST_ADMIN);
    expect(deactivationRefusal(admin, { actorId: 'b', activeAdmins: 2 })).toBeNull();
  });

  it('sends a student without a profile through onboarding again', () => {
    expect(onboardedAfter({ role: 'PRESIDENT', onboardingComplete: true }, 'STUDENT', false)).toBe(
      false,
    );
    expect(onboardedAfter({ role: 'PRESIDENT', onboardingComplete: true }, 'STUDENT', true)).toBe(true);
    expect(onboardedAfter({ role: 'STUDENT', onboardingComplete: true }, 'STUDENT', false)).toBe(true);
    expect(onboardedAfter({ role: 'STUDENT', onboardingComplete: false }, 'ADMIN', false)).toBe(true);
  });
});
