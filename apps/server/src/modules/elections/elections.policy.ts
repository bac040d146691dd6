import { limitsNotMet, type RecordFacts, type RecordLimits } from '../../lib/record-limits';

/** Who may vote for a post: every limit the post sets must hold for the institute's record of the person. */
export type VoterLimits = RecordLimits & {
  /** The club or council whose current members alone vote, by name; null for none. */
  unitName: string | null;
};

/** What the institute's record and the rosters say of the person. */
export type VoterFacts = RecordFacts & {
  role: string;
  /** A current member of the post's club, or of a club under its council. */
  memberOfUnit: boolean;
};

/** Why the person may not vote for the post, in the words shown to them; null when they may. */
export function voterIneligibility(limits: VoterLimits, facts: VoterFacts): string | null {
  if (facts.role !== 'STUDENT') return 'Only students vote in council elections.';
  const reasons = limitsNotMet(limits, facts);
  if (limits.unitName !== null && !facts.memberOfUnit)
    reasons.push(`members of ${limits.unitName} (you are not a member)`);
  if (reasons.length === 0) return null;
  return `This post is voted by ${reasons.join('; ')} only. If the institute's record is wrong, ask for a correction on your profile.`;
}

/** What is wrong with a ranking of the post's candidates; null when it is a valid ballot. An empty ranking is none of the above. */
export function rankingProblem(
  ranking: readonly string[],
  candidates: ReadonlySet<string>,
): string | null {
  if (new Set(ranking).size !== ranking.length) return 'Rank each candidate once.';
  if (ranking.some((id) => !candidates.has(id)))
    return 'Your ballot names someone who is not a candidate for this post. Reload the ballot and try again.';
  return null;
}

/**
 * Whether a person sees a nomination, its manifesto and its PDF: the election's managers and the
 * nominee always; a voter of the post once it is accepted. A rejected or withdrawn nomination stays
 * with its nominee and the managers.
 */
export function seesNomination(
  nomination: { status: string; mine: boolean },
  viewer: { manages: boolean; votesForPost: boolean },
): boolean {
  return viewer.manages || nomination.mine || (nomination.status === 'accepted' && viewer.votesForPost);
}
