import { useQueryClient } from '@tanstack/react-query';

/**
 * Query keys of the signed-in user's own record (dashboard, profile, skills, achievements,
 * positions) all start with 'me', so one change refreshes every view of it, the home counters too.
 */
export const ownRecordKey = <const T extends readonly unknown[]>(...parts: T) =>
  ['me', ...parts] as const;

/** Marks every query of the user's own record stale; the pages on screen fetch again. */
export function useRefreshOwnRecord(): () => Promise<void> {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ownRecordKey() });
}
