import { Badge } from '../../components/ui/badge';
import { DashboardHeader } from '../../components/ui/dashboard-header';
import { useSession } from '../../lib/session';

/** /president-dashboard: the president's hub. */
export function PresidentDashboardPage() {
  const { data: user } = useSession();
  if (!user) return null;
  return (
    <DashboardHeader
      title="President Dashboard"
      badge={<Badge tone="accent">Presidential Access</Badge>}
      subtitle={`Signed in as ${user.name}`}
      userName={user.name}
      theme="president"
    />
  );
}
