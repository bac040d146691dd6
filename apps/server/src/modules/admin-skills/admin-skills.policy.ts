import { PROFICIENCY_LEVELS, type SkillState } from '@cosa/contracts';

/** Where a catalogue skill stands: retired first (a merged skill is retired), then declined, endorsed, awaiting review. */
export function skillStateOf(skill: {
  retiredAt: Date | null;
  declinedAt: Date | null;
  isEndorsed: boolean;
}): SkillState {
  if (skill.retiredAt) return 'retired';
  if (skill.declinedAt) return 'declined';
  return skill.isEndorsed ? 'endorsed' : 'awaiting';
}

/** A student's claim of a skill, as a merge weighs it. */
export type MergedClaim = {
  id: string;
  isEndorsed: boolean;
  declined: boolean;
  proficiencyLevel: (typeof PROFICIENCY_LEVELS)[number];
  positionId: string | null;
};

/** An endorsement outweighs a pending claim, which outweighs a declined one. */
const standing = (claim: MergedClaim) => (claim.isEndorsed ? 2 : claim.declined ? 0 : 1);

/**
 * When a student holds both the duplicate and the skill it is merged into, one claim stays: the
 * endorsed one, else the higher proficiency, else the one they already had of the target. It keeps
 * a position link, its own or else the other's.
 */
export function collapseClaims(
  duplicate: MergedClaim,
  existing: MergedClaim,
): { keep: MergedClaim; drop: MergedClaim; positionId: string | null } {
  const byStanding = standing(duplicate) - standing(existing);
  const byLevel =
    PROFICIENCY_LEVELS.indexOf(duplicate.proficiencyLevel) -
    PROFICIENCY_LEVELS.indexOf(existing.proficiencyLevel);
  const duplicateWins = byStanding > 0 || (byStanding === 0 && byLevel > 0);
  const [keep, drop] = duplicateWins ? [duplicate, existing] : [existing, duplicate];
  return { keep, drop, positionId: keep.positionId ?? drop.positionId };
}
