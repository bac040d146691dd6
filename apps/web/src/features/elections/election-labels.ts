import {
  DEFAULT_TIME_ZONE,
  type CandidateStatus,
  type ElectionPhase,
  type ElectionPost,
} from '@cosa/contracts';
import type { BadgeTone } from '../../components/ui/badge';
import { usePublicConfig } from '../../lib/public-config';

/** Each phase in words, as a badge says it. */
export const PHASE_LABELS: Record<ElectionPhase, string> = {
  upcoming: 'Upcoming',
  nominations: 'Nominations open',
  campaigning: 'Campaigning',
  voting: 'Voting open',
  counting: 'Voting closed',
  certified: 'Result certified',
};

export const PHASE_TONES: Record<ElectionPhase, BadgeTone> = {
  upcoming: 'neutral',
  nominations: 'info',
  campaigning: 'accent',
  voting: 'success',
  counting: 'warning',
  certified: 'neutral',
};

/** What each phase means for the people reading the election's page. */
export const PHASE_NOTES: Record<ElectionPhase, string> = {
  upcoming: 'Nominations have not opened yet.',
  nominations: 'Nominations are open: eligible students may stand.',
  campaigning: 'Nominations have closed; voting opens soon.',
  voting: 'Voting is open.',
  counting: 'Voting has closed. The count is published; the result awaits certification.',
  certified: 'The result is certified: the winners hold their positions.',
};

export const STATUS_LABELS: Record<CandidateStatus, string> = {
  filed: 'Awaiting decision',
  accepted: 'Accepted',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
};

export const STATUS_TONES: Record<CandidateStatus, BadgeTone> = {
  filed: 'warning',
  accepted: 'success',
  rejected: 'danger',
  withdrawn: 'neutral',
};

/** Phases in which nominations may still be decided or withdrawn: until voting opens. */
export const BEFORE_VOTING: readonly ElectionPhase[] = ['nominations', 'campaigning'];

/** The phases once voting has closed, when each post's count and ballots are published. */
export const AFTER_CLOSE: readonly ElectionPhase[] = ['counting', 'certified'];

/** 1st, 2nd, 3rd, 4th, ... 11th, 12th, 13th, 21st. */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${{ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th'}`;
}

/** '1 seat', '3 seats'. */
export const seatsText = (seats: number) => `${seats} ${seats === 1 ? 'seat' : 'seats'}`;

/** How the post is counted, from its seats (decision 0036). */
export const countingMethod = (post: Pick<ElectionPost, 'seats'>) =>
  post.seats === 1 ? 'instant-runoff' : 'single transferable vote';

/** The institute's time zone once known (the default if the settings cannot be read); undefined while loading. */
export function useInstituteTimeZone(): string | undefined {
  const config = usePublicConfig();
  return config.data?.timeZone ?? (config.isError ? DEFAULT_TIME_ZONE : undefined);
}
