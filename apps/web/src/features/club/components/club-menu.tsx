import { SideMenu } from '../../../components/ui/side-menu';
import { paths } from '../../../lib/paths';

/**
 * The club dashboard's side menu, in the spec's order (section 2, Club dashboard); every entry is
 * scoped to the club by the server, and Events to the club's own events once the club is known.
 */
const clubMenu = (clubId: string | null) => [
  { label: 'Dashboard', to: paths.clubDashboard },
  { label: 'Positions', to: paths.cosa },
  { label: 'Add Position', to: paths.cosaCreate },
  {
    label: 'Events',
    to: clubId ? `${paths.events}?unitId=${encodeURIComponent(clubId)}` : paths.events,
  },
  { label: 'Add Event', to: paths.addEvent },
  { label: 'Feedback', to: paths.viewFeedback },
  { label: 'Achievements', to: `${paths.gensecEndorse}?tab=achievements` },
  { label: 'Logout', to: paths.logout },
];

/** The club dashboard's menu: a side column on a wide screen, folded behind 'Menu' on a phone. */
export function ClubMenu({ clubId, className }: { clubId: string | null; className?: string }) {
  return (
    <SideMenu label="Club menu" items={clubMenu(clubId)} exact {...(className ? { className } : {})} />
  );
}
