import { GensecDashboardPage as Dashboard } from '../features/dashboards/gensec-dashboard-page';
import { GlobalSearch } from '../features/search/global-search';

/**
 * The general secretaries' dashboard with the portal's global search as its header's search box
 * (deviation 72): composed here because features do not import each other.
 */
export function GensecDashboardPage() {
  return <Dashboard search={<GlobalSearch />} />;
}
