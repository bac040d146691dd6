import { DashboardHeader } from '../../components/ui/dashboard-header';
import { useSession } from '../../lib/session';

/** /club-dashboard: the club coordinator's dashboard. */
export function ClubDashboardPage() {
  const { data: user } = useSession();
  if (!user) return null;
  return <DashboardHeader title="Club Dashboard" subtitle={`Club coordinator: ${user.name}`} userName={user.name} theme="club" />;
}
