import { MEMBERSHIP_RECORD_MESSAGES, membershipCheckLine, type MembershipRecord } from '@cosa/contracts';
import { Card } from '../../../components/ui/card';
import { membershipRecordLine } from '../../../lib/membership-lines';

/** The user's club memberships, current ones first, then the past ones: each the club's own record. */
export function ClubMembershipsSection({ memberships }: { memberships: MembershipRecord[] }) {
  return (
    <Card aria-labelledby="profile-club-memberships">
      <h2 id="profile-club-memberships" className="mb-4 text-lg font-semibold text-ink">
        {MEMBERSHIP_RECORD_MESSAGES.heading}
      </h2>
      {memberships.length === 0 ? (
        <p className="text-sm text-ink-muted">{MEMBERSHIP_RECORD_MESSAGES.none}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-line-soft">
          {memberships.map((membership) => (
            <li key={membership.id} className="flex min-w-0 flex-col gap-1 py-3 first:pt-0 last:pb-0">
              <span className="font-medium break-words text-ink">
                {membershipRecordLine(membership)}
              </span>
              <span className="text-sm break-words text-ink-muted">
                {membershipCheckLine(membership.club.name)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
