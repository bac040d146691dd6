import { SKILL_MESSAGES, SkillCatalogueResponseSchema, type LookupItem } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';

export const skillCatalogueKey = ['skills', 'catalogue'] as const;

/**
 * GET /api/skills?q=: the shared catalogue searched on the server, as picker entries; a skill not
 * yet endorsed (the student's own new one, or one the institute added) says it awaits review.
 */
export async function searchSkillCatalogue(q: string, signal: AbortSignal): Promise<LookupItem[]> {
  const { items } = await api.get(`${apiPaths.skillCatalogue}?q=${encodeURIComponent(q)}`, {
    schema: SkillCatalogueResponseSchema,
    signal,
  });
  return items.map((skill) => ({
    id: skill.id,
    label: skill.name,
    detail: [
      skill.category,
      skill.type,
      ...(skill.isEndorsed ? [] : [SKILL_MESSAGES.awaitingReview]),
    ].join(' · '),
  }));
}
