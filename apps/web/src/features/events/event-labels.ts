import { EVENT_CATEGORIES, EVENT_MESSAGES, EVENT_MODES, type EVENT_STATUSES } from '@cosa/contracts';
import type { BadgeTone } from '../../components/ui/badge';
import type { SelectOption } from '../../components/ui/select';

export const capitalised = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

export const CATEGORY_OPTIONS: SelectOption[] = EVENT_CATEGORIES.map((value) => ({
  value,
  label: capitalised(value),
}));
export const MODE_OPTIONS: SelectOption[] = EVENT_MODES.map((value) => ({
  value,
  label: capitalised(value),
}));

type EventStatus = (typeof EVENT_STATUSES)[number];

/** How each status reads and looks; statuses past 'ongoing' share the completed look (spec section 4). */
export const STATUS_DISPLAY: Record<EventStatus, { label: string; tone: BadgeTone }> = {
  planned: { label: 'Planned', tone: 'info' },
  ongoing: { label: 'Ongoing', tone: 'success' },
  completed: { label: 'Completed', tone: 'neutral' },
  cancelled: { label: EVENT_MESSAGES.cancelledBadge, tone: 'danger' },
};
