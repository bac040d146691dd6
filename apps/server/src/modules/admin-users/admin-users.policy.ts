import { ADMIN_USER_MESSAGES, type AccountState, type Role } from '@cosa/contracts';

/** What decides an account's state: when it was deactivated, imported and proven, and whether it has a credential. */
export type StateFacts = {
  deactivatedAt: Date | null;
  importedAt: Date | null;
  emailVerifiedAt: Date | null;
  hasPassword: boolean;
  hasGoogle: boolean;
};

/**
 * The one state the administration pages show (contracts ACCOUNT_STATES): deactivation wins; an
 * import nobody claimed yet (no password, no Google) comes next; then an unproven e-mail.
 * adminUsersFilters' SQL conditions partition the accounts the same way.
 */
export function accountState(facts: StateFacts): AccountState {
  if (facts.deactivatedAt) return 'deactivated';
  if (facts.importedAt && !facts.hasPassword && !facts.hasGoogle) return 'unclaimed';
  if (!facts.emailVerifiedAt) return 'unverified';
  return 'active';
}

/** The account whose role is about to change, as read under the administrators' lock. */
export type RoleTarget = {
  id: string;
  role: Role;
  emailVerifiedAt: Date | null;
  deactivatedAt: Date | null;
};

/** Why a role change is refused (409), or null: only proven, active accounts hold a role; an active administrator always remains. */
export function roleChangeRefusal(
  target: RoleTarget,
  to: Role,
  context: { actorId: string | null; activeAdmins: number },
): string | null {
  if (to !== 'STUDENT' && target.deactivatedAt) return ADMIN_USER_MESSAGES.deactivatedNoRole;
  if (to !== 'STUDENT' && !target.emailVerifiedAt) return ADMIN_USER_MESSAGES.notVerified;
  const removesActiveAdmin = target.role === 'ADMIN' && !target.deactivatedAt && to !== 'ADMIN';
  if (removesActiveAdmin && context.activeAdmins <= 1) {
    return target.id === context.actorId
      ? ADMIN_USER_MESSAGES.ownAdminRole
      : ADMIN_USER_MESSAGES.lastAdmin;
  }
  return null;
}

/** Why a deactivation is refused (409), or null: nobody deactivates themselves, and an active administrator always remains. */
export function deactivationRefusal(
  target: RoleTarget,
  context: { actorId: string; activeAdmins: number },
): string | null {
  if (target.id === context.actorId) return ADMIN_USER_MESSAGES.deactivateSelf;
  if (target.deactivatedAt) return ADMIN_USER_MESSAGES.alreadyDeactivated;
  if (target.role === 'ADMIN' && context.activeAdmins <= 1) return ADMIN_USER_MESSAGES.lastAdmin;
  return null;
}

/**
 * Whether the account counts as onboarded after the change: every role but STUDENT does; a student
 * without a profile (an official made a student again) goes through onboarding again.
 */
export function onboardedAfter(
  from: { role: Role; onboardingComplete: boolean },
  to: Role,
  hasProfile: boolean,
): boolean {
  return to !== 'STUDENT' || hasProfile || (from.role === 'STUDENT' && from.onboardingComplete);
}
