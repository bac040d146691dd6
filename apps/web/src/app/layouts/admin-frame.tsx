import type { ReactNode } from 'react';
import { SideMenu } from '../../components/ui/side-menu';
import { paths } from '../../lib/paths';

/** The administrator's menu (deviation 60), in the order a new campus sets itself up. */
const ADMIN_MENU = [
  { label: 'Overview', to: paths.admin },
  { label: 'Users and roles', to: paths.adminUsers },
  { label: 'Council and clubs', to: paths.adminUnits },
  { label: 'Positions and holders', to: paths.adminPositions },
  { label: 'Rooms', to: paths.adminRooms },
  { label: 'Skill catalogue', to: paths.adminSkills },
  { label: 'Import students', to: paths.adminImport },
  { label: 'Correction requests', to: paths.adminCorrections },
  { label: 'Student ID conflicts', to: paths.adminStudentIds },
  { label: 'Credentials', to: paths.adminCredentials },
  { label: 'Audit log', to: paths.adminAudit },
  { label: 'Logout', to: paths.logout },
] as const;

/** The frame of the administration pages: the administrator's menu beside the page. */
export function AdminFrame({ children }: { children: ReactNode }) {
  return (
    <div className="grid min-w-0 gap-6 lg:grid-cols-[14rem_minmax(0,1fr)]">
      <SideMenu label="Administration menu" items={ADMIN_MENU} exact className="lg:self-start" />
      <div className="min-w-0">{children}</div>
    </div>
  );
}
