import { ACCOUNT_STATE_LABELS, ROLE_LABELS, type AccountState, type Role } from '@cosa/contracts';
import { Badge, type BadgeTone } from '../../../../components/ui/badge';

const STATE_TONES: Record<AccountState, BadgeTone> = {
  active: 'success',
  deactivated: 'danger',
  unverified: 'warning',
  unclaimed: 'info',
};

/** The account's state as a badge whose text says it (colour is never the only sign). */
export function StateBadge({ state }: { state: AccountState }) {
  return <Badge tone={STATE_TONES[state]}>{ACCOUNT_STATE_LABELS[state]}</Badge>;
}

/** The account's role as a badge; the administrator's stands out. */
export function RoleBadge({ role }: { role: Role }) {
  return (
    <Badge
      tone={role === 'ADMIN' ? 'accent' : role === 'STUDENT' ? 'neutral' : 'info'}
      className="whitespace-normal"
    >
      {ROLE_LABELS[role]}
    </Badge>
  );
}
