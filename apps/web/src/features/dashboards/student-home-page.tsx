import type { SessionUser } from '@cosa/contracts';
import { DashboardHeader } from '../../components/ui/dashboard-header';
import { useSession } from '../../lib/session';

/** 'Computer Science & Engineering · Batch 2024 · B.Tech', leaving out what is not known. */
export function academicLine(user: Pick<SessionUser, 'branch' | 'batchYear' | 'program'>): string {
  return [user.branch, user.batchYear ? `Batch ${user.batchYear}` : null, user.program].filter(Boolean).join(' · ');
}

/** /home: the student's dashboard. */
export function StudentHomePage() {
  const { data: user } = useSession();
  if (!user) return null;
  return <DashboardHeader title={`Welcome, ${user.name}`} subtitle={academicLine(user) || undefined} userName={user.name} />;
}
