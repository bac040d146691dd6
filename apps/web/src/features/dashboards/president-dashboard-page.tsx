import { PRESIDENT_MESSAGES } from '@cosa/contracts';
import { Badge } from '../../components/ui/badge';
import { DashboardHeader } from '../../components/ui/dashboard-header';
import { useSession } from '../../lib/session';
import { PresidentActivity } from './components/president-activity';
import { PresidentLinks } from './components/president-links';
import { PresidentTiles } from './components/president-tiles';

/** /president-dashboard: the president's hub: the figures, the links to every council page, and recent activity. */
export function PresidentDashboardPage() {
  const { data: user } = useSession();
  if (!user) return null;
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <DashboardHeader
        title={PRESIDENT_MESSAGES.heading}
        badge={<Badge tone="accent">{PRESIDENT_MESSAGES.badge}</Badge>}
        subtitle={`Signed in as ${user.name}`}
        theme="president"
        className="mb-0"
      />
      <PresidentTiles />
      <PresidentLinks />
      <PresidentActivity />
    </div>
  );
}
