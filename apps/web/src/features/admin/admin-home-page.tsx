import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ADMIN_USER_MESSAGES, ROLE_LABELS, ROLES, type AdminSummary } from '@cosa/contracts';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { ErrorState } from '../../components/ui/error-state';
import { DashboardHeader } from '../../components/ui/dashboard-header';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../lib/paths';
import { useAdminSummary } from './users/api/admin-summary';

const linkClass =
  'rounded-sm font-medium text-accent-ink underline underline-offset-2 hover:text-accent-strong focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent';

/** A count with what it counts, linking to the list of them. */
function Tally({ to, count, label }: { to: string; count: number; label: string }) {
  return (
    <li className="flex items-baseline justify-between gap-3 text-sm">
      <Link to={to} className={linkClass}>
        {label}
      </Link>
      <span className="font-semibold text-ink tabular-nums">{count.toLocaleString('en-IN')}</span>
    </li>
  );
}

function Section({
  id,
  title,
  to,
  linkLabel,
  children,
}: {
  id: string;
  title: string;
  to: string;
  linkLabel: string;
  children: ReactNode;
}) {
  return (
    <Card aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-lg font-semibold text-ink">
        {title}
      </h2>
      <ul className="flex flex-col gap-2">{children}</ul>
      <Link to={to} className={`${linkClass} mt-auto text-sm`}>
        {linkLabel}
      </Link>
    </Card>
  );
}

/** The steps a new campus takes, each done once the portal holds what it sets up. */
function setupSteps(summary: AdminSummary) {
  const officials = ROLES.filter((role) => role !== 'STUDENT' && role !== 'ADMIN').reduce(
    (sum, role) => sum + summary.users.byRole[role],
    0,
  );
  return [
    {
      label: 'Create the council, its councils and their clubs',
      to: paths.adminUnits,
      done: summary.units.clubs > 0,
    },
    { label: 'Add the rooms officials can book', to: paths.adminRooms, done: summary.rooms > 0 },
    { label: 'Check the skill catalogue', to: paths.adminSkills, done: summary.skills.total > 0 },
    { label: 'Import the student roll', to: paths.adminImport, done: summary.users.byRole.STUDENT > 0 },
    {
      label:
        'Give the officials their roles: the president, the general secretaries and the club coordinators',
      to: paths.adminUsers,
      done: officials > 0,
    },
  ];
}

function Overview({ summary }: { summary: AdminSummary }) {
  const steps = setupSteps(summary);
  const usersWith = (query: string) => `${paths.adminUsers}?${query}`;
  return (
    <div className="flex flex-col gap-4">
      <Card aria-labelledby="setup-heading" className="flex flex-col gap-3">
        <h2 id="setup-heading" className="text-lg font-semibold text-ink">
          Set up your campus
        </h2>
        <ol className="flex flex-col gap-2">
          {steps.map((step, index) => (
            <li key={step.to} className="flex flex-wrap items-center gap-2 text-sm">
              <span className="font-semibold text-ink-muted tabular-nums">{index + 1}.</span>
              <Link to={step.to} className={`${linkClass} min-w-0 break-words`}>
                {step.label}
              </Link>
              <Badge tone={step.done ? 'success' : 'warning'}>{step.done ? 'Done' : 'To do'}</Badge>
            </li>
          ))}
        </ol>
      </Card>
      <div className="grid min-w-0 gap-4 md:grid-cols-2 xl:grid-cols-3">
        <Card aria-labelledby="waiting-heading" className="flex flex-col gap-3">
          <h2 id="waiting-heading" className="text-lg font-semibold text-ink">
            Waiting for your decision
          </h2>
          <ul className="flex flex-col gap-2">
            <Tally
              to={paths.adminCorrections}
              count={summary.identity.openCorrections}
              label="Corrections to decide"
            />
            <Tally
              to={paths.adminStudentIds}
              count={summary.identity.openIdConflicts}
              label="ID conflicts to settle"
            />
          </ul>
          <p className="mt-auto text-sm text-ink-muted">
            Students ask for a correction of a fact the institute keeps, or for a Student ID another
            account holds. You are notified of each.
          </p>
        </Card>
        <Section
          id="users-heading"
          title="Users"
          to={paths.adminUsers}
          linkLabel="Manage users and roles"
        >
          <Tally to={paths.adminUsers} count={summary.users.total} label="All accounts" />
          <Tally
            to={usersWith('state=deactivated')}
            count={summary.users.deactivated}
            label="Deactivated"
          />
          <Tally
            to={usersWith('state=unverified')}
            count={summary.users.unverified}
            label="E-mail not verified"
          />
          <Tally
            to={usersWith('state=unclaimed')}
            count={summary.users.unclaimed}
            label="Imported, not claimed"
          />
        </Section>
        <Section id="roles-heading" title="Roles" to={paths.adminUsers} linkLabel="Change a role">
          {ROLES.map((role) => (
            <Tally
              key={role}
              to={usersWith(`role=${role}`)}
              count={summary.users.byRole[role]}
              label={ROLE_LABELS[role]}
            />
          ))}
        </Section>
        <Section
          id="campus-heading"
          title="Campus"
          to={paths.adminUnits}
          linkLabel="Manage the council and clubs"
        >
          <Tally to={paths.adminUnits} count={summary.units.total} label="Units in use" />
          <Tally to={paths.adminUnits} count={summary.units.clubs} label="Clubs" />
          <Tally to={paths.adminRooms} count={summary.rooms} label="Rooms" />
          <Tally to={paths.adminSkills} count={summary.skills.total} label="Skills in the catalogue" />
          <Tally
            to={paths.adminSkills}
            count={summary.skills.awaitingReview}
            label="Skills awaiting review"
          />
          <Tally
            to={paths.adminAudit}
            count={summary.auditLastWeek}
            label="Audit log entries this week"
          />
        </Section>
      </div>
    </div>
  );
}

/** /admin: the administrator's overview, with the counts of each admin page and the set-up checklist (deviation 60). */
export function AdminHomePage() {
  const summary = useAdminSummary();
  return (
    <div className="min-w-0">
      <DashboardHeader
        title="Administration"
        subtitle="Run the portal for the student-affairs office: users and roles, the council and its clubs, rooms, skills and the audit log."
        theme="admin"
      />
      {summary.isPending ? (
        <Spinner label="Loading the overview..." visibleLabel size="lg" className="py-10" />
      ) : summary.isError ? (
        <ErrorState
          message={ADMIN_USER_MESSAGES.summaryLoadFailed}
          onRetry={() => void summary.refetch()}
          retrying={summary.isFetching}
        />
      ) : (
        <Overview summary={summary.data} />
      )}
    </div>
  );
}
