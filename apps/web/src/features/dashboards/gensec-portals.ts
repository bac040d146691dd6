import type { Role } from '@cosa/contracts';
import type { ThemeName } from '../../lib/theme';

export type GensecPortal = { title: string; subtitle: string; theme: ThemeName };

/** Each general secretary's portal: its title and its token set. */
export const GENSEC_PORTALS: Partial<Record<Role, GensecPortal>> = {
  GENSEC_CULTURAL: {
    title: 'Cultural Affairs Portal',
    subtitle: 'General Secretary, Cultural Affairs',
    theme: 'gensec-cultural',
  },
  GENSEC_SPORTS: {
    title: 'Sports Portal',
    subtitle: 'General Secretary, Sports',
    theme: 'gensec-sports',
  },
  GENSEC_ACADEMIC: {
    title: 'Academic Affairs Portal',
    subtitle: 'General Secretary, Academic Affairs',
    theme: 'gensec-academic',
  },
  GENSEC_SCITECH: {
    title: 'Science & Technology Portal',
    subtitle: 'General Secretary, Science and Technology',
    theme: 'gensec-scitech',
  },
};
