import { SideMenu } from '../../components/ui/side-menu';
import { paths } from '../../lib/paths';

/** The student's side menu, in the spec's order (section 1), after a way back to the dashboard. */
const STUDENT_MENU = [
  { label: 'Home', to: paths.home },
  { label: 'Profile', to: paths.profile },
  { label: 'COSA View', to: paths.council },
  { label: 'Give Feedback', to: paths.feedback },
  { label: 'Events', to: paths.events },
  { label: 'Manage Skills', to: paths.skills },
  { label: 'Manage Positions', to: paths.managePosition },
  { label: 'Add Achievement', to: paths.addAchievement },
  { label: 'View Achievements', to: paths.viewAchievements },
  { label: 'Transcript', to: paths.transcript },
  { label: 'View Feedback', to: paths.viewFeedback },
  { label: 'Logout', to: paths.logout },
] as const;

/** The student's menu: a side column on a wide screen, folded behind 'Menu' on a phone. */
export function StudentMenu({ className }: { className?: string }) {
  return <SideMenu label="Student menu" items={STUDENT_MENU} {...(className ? { className } : {})} />;
}
