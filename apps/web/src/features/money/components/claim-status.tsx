import { CLAIM_STATUS_LABELS, type ClaimStatus } from '@cosa/contracts';
import { Badge } from '../../../components/ui/badge';
import { STATUS_TONES } from '../money-labels';

/** A claim's status in words, as a badge. */
export function ClaimStatusBadge({ status }: { status: ClaimStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{CLAIM_STATUS_LABELS[status]}</Badge>;
}
