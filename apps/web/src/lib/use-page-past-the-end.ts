import { useEffect, useRef } from 'react';

/** What a paged answer says of its page: how many rows in all, how many a page holds, which page, and how many it shows. */
export type PageShown = { total: number; pageSize: number; page: number; shown: number };

/**
 * Whether the page asked for lies past the last one (an old link, or rows gone since), in which
 * case the list turns to its last page once, instead of showing an empty list. A placeholder
 * answer (the previous page's, kept while the next loads) never counts.
 */
export function usePagePastTheEnd(
  answer: PageShown | undefined,
  placeholder: boolean,
  onPage: (page: number) => void,
): boolean {
  const lastPage = answer ? Math.max(1, Math.ceil(answer.total / answer.pageSize)) : 1;
  const pastTheEnd =
    answer !== undefined &&
    !placeholder &&
    answer.shown === 0 &&
    answer.total > 0 &&
    answer.page > lastPage;
  // The callers pass a new onPage each render; the turn happens once per page past the end.
  const turnTo = useRef(onPage);
  useEffect(() => {
    turnTo.current = onPage;
  });
  useEffect(() => {
    if (pastTheEnd) turnTo.current(lastPage);
  }, [pastTheEnd, lastPage]);
  return pastTheEnd;
}
