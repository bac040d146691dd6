import type { MyPosition } from '@cosa/contracts';
import type { BadgeTone } from '../../components/ui/badge';

type Status = MyPosition['status'];

/** The words the student sees for each position-holder status. */
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
