import { useState } from 'react';
import {
  ADMIN_USER_MESSAGES,
  ROLE_LABELS,
  ROLES,
  type AdminUserDetail,
  type Role,
} from '@cosa/contracts';
import { SelectField } from '../../../../components/ui/select';
import { toast } from '../../../../lib/toast';
import { useChangeRole } from '../api/admin-user';
import { useClubChoices } from '../api/club-choices';
import { ConfirmAction } from '../../components/confirm-action';

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

/** What the confirmation says will happen to the account. */
function consequence(user: AdminUserDetail, role: Role, clubName: string | null): string {
  if (role === 'CLUB_COORDINATOR')
    return `${user.name} will coordinate ${clubName ?? 'the club'} and see its positions, events and feedback.`;
  if (role === 'ADMIN')
    return `${user.name} will run the portal's administration: users, units, rooms, skills and the audit log. Their student data is kept.`;
  if (role === 'STUDENT')
    return `${user.name} will be a student${user.club ? `, no longer linked to ${user.club.name}` : ''}.`;
  return `${user.name} will be the ${ROLE_LABELS[role]}${user.club ? `, no longer linked to ${user.club.name}` : ''}.`;
}

/** The question the confirmation asks. */
function question(name: string, role: Role, clubName: string | null): string {
  if (role === 'ADMIN') return `Make ${name} an administrator?`;
  if (role === 'STUDENT') return `Make ${name} a student?`;
  if (role === 'CLUB_COORDINATOR') return `Make ${name} the coordinator of ${clubName ?? 'the club'}?`;
  return `Make ${name} the ${ROLE_LABELS[role]}?`;
}

/**
 * Why the account can hold no role but Student, as the server rules it (a deactivated account, or
 * one whose e-mail is not proven), or null when it may hold any.
 */
function onlyStudentBecause(user: AdminUserDetail): string | null {
  if (user.deactivatedAt) return ADMIN_USER_MESSAGES.deactivatedNoRole;
  if (!user.emailVerifiedAt) return ADMIN_USER_MESSAGES.notVerified;
  return null;
}

/**
 * The role select, with the club select for a coordinator; the change is confirmed in a dialog.
 * An account that can hold no role but Student gets no form while it is a student, and otherwise
 * only the way back to Student.
 */
export function RoleForm({ user }: { user: AdminUserDetail }) {
  const reason = onlyStudentBecause(user);
  if (reason && user.role === 'STUDENT') return <p className="text-sm text-ink">{reason}</p>;
  return <RoleSelect user={user} reason={reason} />;
}

function RoleSelect({ user, reason }: { user: AdminUserDetail; reason: string | null }) {
  const [role, setRole] = useState<Role>(user.role);
  const [clubId, setClubId] = useState(user.club?.id ?? '');
  const coordinator = role === 'CLUB_COORDINATOR';
  const clubs = useClubChoices(coordinator);
  const change = useChangeRole(user.id);
  const clubName = clubs.data?.find((club) => club.id === clubId)?.name ?? null;
  const unchanged = role === user.role && (!coordinator || clubId === (user.club?.id ?? ''));
  const clubMissing = coordinator && !clubId;

  return (
    <div className="flex flex-col gap-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label="Role"
          value={role}
          onChange={(event) => setRole(event.target.value as Role)}
          options={
            reason
              ? ROLE_OPTIONS.filter(({ value }) => value === user.role || value === 'STUDENT')
              : ROLE_OPTIONS
          }
          hint={reason ?? undefined}
        />
        {coordinator && (
          <SelectField
            label="Club"
            value={clubId}
            onChange={(event) => setClubId(event.target.value)}
            placeholder={clubs.isPending ? 'Loading clubs...' : 'Choose a club'}
            options={(clubs.data ?? []).map((club) => ({ value: club.id, label: club.name }))}
            error={clubs.isError ? 'The clubs could not be loaded. Please try again.' : undefined}
            hint={clubMissing ? ADMIN_USER_MESSAGES.clubRequired : undefined}
            required
          />
        )}
      </div>
      <div>
        <ConfirmAction
          triggerLabel="Change role"
          triggerVariant="primary"
          disabled={unchanged || clubMissing}
          title={question(user.name, role, clubName)}
          description={consequence(user, role, clubName)}
          confirmLabel="Change role"
          pendingLabel="Changing..."
          failureMessage="The role could not be changed. Please try again."
          onConfirm={async () => {
            await change.mutateAsync(coordinator ? { role, clubId } : { role });
            toast.success(ADMIN_USER_MESSAGES.roleChanged);
          }}
        />
      </div>
    </div>
  );
}
