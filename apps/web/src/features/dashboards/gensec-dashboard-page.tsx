import { normalizeRole, TEXTS } from '@cosa/contracts';
import { DashboardHeader } from '../../components/ui/dashboard-header';
import { ErrorState } from '../../components/ui/error-state';
import { useSession } from '../../lib/session';
import { GENSEC_PORTALS } from './gensec-portals';

/** /gensec-cult, /gensec-sport, /gensec-acad, /gensec-tech: the general secretary's portal, chosen by the user's role. */
export function GensecDashboardPage() {
  const { data: user } = useSession();
  if (!user) return null;
  const portal = GENSEC_PORTALS[normalizeRole(user.role)];
  if (!portal) return <ErrorState message={TEXTS.invalidGensecRole} />;
  return <DashboardHeader title={portal.title} subtitle={portal.subtitle} userName={user.name} theme={portal.theme} />;
}
