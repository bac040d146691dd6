import {
  ACHIEVEMENT_TYPES,
  ENDORSEMENT_MESSAGES,
  GENSEC_SKILL_TYPE,
  normalizeRole,
} from '@cosa/contracts';
import { AppError } from '../../lib/app-error';

export type ReviewType = (typeof ACHIEVEMENT_TYPES)[number];

/**
 * The types an official reviews: a general secretary their skill type (spec section 6), the
 * president and a club coordinator every type, 'other' achievements included; anyone else none.
 */
export function reviewTypesOf(role: string): ReviewType[] {
  const normalized = normalizeRole(role);
  // A club coordinator reviews every type, of their club's members only (the service narrows by membership).
  if (normalized === 'PRESIDENT' || normalized === 'CLUB_COORDINATOR') return [...ACHIEVEMENT_TYPES];
  const type = GENSEC_SKILL_TYPE[normalized];
  return type ? [type] : [];
}

/** The types a list shows: all the official's, or the one asked for, which must be among them. */
export function listedTypes(role: string, requested: ReviewType | undefined): ReviewType[] {
  const types = reviewTypesOf(role);
  if (!requested) return types;
  if (!types.includes(requested)) throw AppError.forbidden(ENDORSEMENT_MESSAGES.otherType);
  return [requested];
}

/**
 * Whether the official also reviews the president's own achievements of type other: the general
 * secretaries do, since the president, who reviews that type, never reviews their own record.
 */
export function reviewsPresidentsOther(role: string): boolean {
  return GENSEC_SKILL_TYPE[normalizeRole(role)] !== undefined;
}
