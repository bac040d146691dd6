/** Limits on who may take part, read against the institute's record: an empty list is no limit. */
export type RecordLimits = {
  batchYears: readonly number[];
  programs: readonly string[];
  disciplines: readonly string[];
};

/** What the institute's record holds of the person (decision 0015). */
export type RecordFacts = {
  batchYear: number | null;
  program: string | null;
  discipline: string | null;
};

const listed = (values: readonly (string | number)[]) => values.join(', ');

/**
 * Each limit the record does not meet, in words naming the limit and what the record holds
 * ('batch 2024 (your record: 2022)'); empty when every limit is met.
 */
export function limitsNotMet(limits: RecordLimits, facts: RecordFacts): string[] {
  const reasons: string[] = [];
  if (
    limits.batchYears.length > 0 &&
    (facts.batchYear === null || !limits.batchYears.includes(facts.batchYear))
  )
    reasons.push(
      `batch ${listed(limits.batchYears)} (your record: ${facts.batchYear ?? 'no batch year'})`,
    );
  if (limits.programs.length > 0 && (facts.program === null || !limits.programs.includes(facts.program)))
    reasons.push(`${listed(limits.programs)} (your record: ${facts.program ?? 'no program'})`);
  if (
    limits.disciplines.length > 0 &&
    (facts.discipline === null || !limits.disciplines.includes(facts.discipline))
  )
    reasons.push(`${listed(limits.disciplines)} (your record: ${facts.discipline ?? 'no discipline'})`);
  return reasons;
}
