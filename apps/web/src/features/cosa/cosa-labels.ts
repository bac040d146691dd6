import { POSITION_MESSAGES, type PositionHolder } from '@cosa/contracts';
import type { BadgeTone } from '../../components/ui/badge';

type Status = PositionHolder['status'];

/** The words shown for each position-holder status (spec section 9). */
export const STATUS_LABELS: Record<Status, string> = {
  active: 'Active',
  completed: 'Completed',
  terminated: 'Terminated',
};

export const STATUS_TONES: Record<Status, BadgeTone> = {
  active: 'success',
  completed: 'info',
  terminated: 'danger',
};

/**
 * How a record's verification is marked: a student's own claim or a club coordinator's appointment
 * until a general secretary or the president verifies it, or declined.
 */
export const VERIFICATION_MARKS: Record<
  PositionHolder['verification'],
  { label: string; tone: BadgeTone } | null
> = {
  verified: null,
  self_declared: { label: POSITION_MESSAGES.selfDeclared, tone: 'warning' },
  pending: { label: POSITION_MESSAGES.pending, tone: 'warning' },
  declined: { label: POSITION_MESSAGES.declined, tone: 'danger' },
};
