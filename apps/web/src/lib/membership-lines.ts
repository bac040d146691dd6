import { currentMembershipLine, membershipPeriodLine, type MembershipRecord } from '@cosa/contracts';
import { formatMonthYear } from './format';

/**
 * A club membership as a person's record words it, its months on the institute's clock: 'Member ·
 * Coding Club · since Aug 2025' while it lasts, 'Member, Coding Club, Aug 2025 – May 2026' once ended.
 */
export function membershipRecordLine(membership: MembershipRecord, timeZone?: string): string {
  const from = formatMonthYear(membership.startedAt, timeZone);
  return membership.endedAt
    ? membershipPeriodLine(
        membership.role,
        membership.club.name,
        from,
        formatMonthYear(membership.endedAt, timeZone),
      )
    : currentMembershipLine(membership.role, membership.club.name, from);
}
