import { normalizeRole } from '@cosa/contracts';
import type { Role } from '@cosa/contracts';

export type ThemeName =
  | 'student'
  | 'gensec-academic'
  | 'gensec-cultural'
  | 'gensec-sports'
  | 'gensec-scitech'
  | 'president'
  | 'club'
  | 'admin';

const THEMES: Record<Role, ThemeName> = {
  STUDENT: 'student',
  GENSEC_ACADEMIC: 'gensec-academic',
  GENSEC_CULTURAL: 'gensec-cultural',
  GENSEC_SPORTS: 'gensec-sports',
  GENSEC_SCITECH: 'gensec-scitech',
  PRESIDENT: 'president',
  CLUB_COORDINATOR: 'club',
  ADMIN: 'admin',
};

/** The colour theme (a token set in index.css) of a role. */
export function themeForRole(role: string | null | undefined): ThemeName {
  return THEMES[normalizeRole(role)];
}
