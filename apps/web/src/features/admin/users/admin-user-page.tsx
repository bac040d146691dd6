import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import {
  ADMIN_USER_MESSAGES,
  DEFAULT_TIME_ZONE,
  ROLE_LABELS,
  type AdminUserDetail,
} from '@cosa/contracts';
import { BackLink } from '../../../components/ui/back-link';
import { Card } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { usePublicConfig } from '../../../lib/public-config';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import {
  useAdminUser,
  useDeactivateUser,
  useReactivateUser,
  useSignOutEverywhere,
} from './api/admin-user';
import { RoleBadge, StateBadge } from './components/account-badges';
import { ConfirmAction } from '../components/confirm-action';
import { RoleForm } from './components/role-form';
import { ErasureCard } from './components/erasure-card';

function Details({ items }: { items: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className="grid gap-x-4 gap-y-3 text-sm sm:grid-cols-2">
      {items.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-ink-muted">{label}</dt>
          <dd className="font-medium break-words text-ink">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function signInMethods(user: AdminUserDetail): string {
  const methods = [user.signIn.password && 'Password', user.signIn.google && 'Google'].filter(Boolean);
  return methods.length ? methods.join(' and ') : 'None yet (the student has not claimed the account)';
}

/** The account's details as the administrator sees them. */
function AccountDetails({ user, timeZone }: { user: AdminUserDetail; timeZone: string }) {
  const when = (value: string | null, missing: string) =>
    value ? formatDateTime(value, timeZone) : missing;
  return (
    <Card aria-labelledby="account-heading" className="flex flex-col gap-4">
      <h2 id="account-heading" className="text-lg font-semibold text-ink">
        Account
      </h2>
      <div className="flex flex-wrap gap-2">
        <RoleBadge role={user.role} />
        <StateBadge state={user.state} />
      </div>
      <Details
        items={[
          ['E-mail', user.email],
          ['Username', user.username],
          ['Student ID', user.studentId ?? 'None'],
          ['Role', ROLE_LABELS[user.role]],
          ['Club', user.club?.name ?? 'None'],
          ['E-mail verified', when(user.emailVerifiedAt, 'Not yet')],
          ['Signs in with', signInMethods(user)],
          ['Onboarding', user.onboardingComplete ? 'Complete' : 'Not complete'],
          ['Active sessions', String(user.activeSessions)],
          ['Last sign-in', when(user.lastSignInAt, 'Unknown')],
          ['Created', when(user.createdAt, 'Unknown')],
          ...(user.importedAt
            ? ([['Imported from the student roll', when(user.importedAt, 'Unknown')]] as const)
            : []),
          ...(user.deactivatedAt
            ? ([['Deactivated', when(user.deactivatedAt, 'Unknown')]] as const)
            : []),
        ]}
      />
      {user.profile && (
        <section aria-labelledby="profile-heading" className="border-t border-line-soft pt-3">
          <h3 id="profile-heading" className="mb-2 text-base font-semibold text-ink">
            Student profile
          </h3>
          <Details
            items={[
              ['Program', user.profile.program ?? 'Not given'],
              ['Discipline', user.profile.branch ?? 'Not given'],
              [
                'Admission year',
                user.profile.batchYear === null ? 'Not given' : String(user.profile.batchYear),
              ],
              ['Current year', user.profile.currentYear ?? 'Not given'],
            ]}
          />
        </section>
      )}
    </Card>
  );
}

/** Deactivate or reactivate, and sign out everywhere; each asks first. */
function AccessActions({ user, self }: { user: AdminUserDetail; self: boolean }) {
  const deactivate = useDeactivateUser(user.id);
  const reactivate = useReactivateUser(user.id);
  const signOut = useSignOutEverywhere(user.id);
  return (
    <Card aria-labelledby="access-heading" className="flex flex-col gap-3">
      <h2 id="access-heading" className="text-lg font-semibold text-ink">
        Access
      </h2>
      <p className="text-sm text-ink-muted">
        {user.deactivatedAt
          ? 'This account is deactivated: it cannot sign in. Reactivate it to let its owner sign in again.'
          : 'Deactivating ends every session of the account at once; its owner cannot sign in until it is reactivated. Its records are kept.'}
      </p>
      <div className="flex flex-wrap gap-2">
        {user.deactivatedAt ? (
          <ConfirmAction
            triggerLabel="Reactivate account"
            triggerVariant="primary"
            title={`Reactivate ${user.name}?`}
            description={`${user.name} will be able to sign in again with the account's password or Google.`}
            confirmLabel="Reactivate"
            pendingLabel="Reactivating..."
            failureMessage="The account could not be reactivated. Please try again."
            onConfirm={async () => {
              await reactivate.mutateAsync();
              toast.success(ADMIN_USER_MESSAGES.reactivated);
            }}
          />
        ) : (
          <ConfirmAction
            triggerLabel="Deactivate account"
            triggerVariant="danger"
            disabled={self}
            title={`Deactivate ${user.name}?`}
            description={`Every session of ${user.name} ends now, and signing in will say the account is deactivated. You can reactivate it later.`}
            confirmLabel="Deactivate"
            pendingLabel="Deactivating..."
            failureMessage="The account could not be deactivated. Please try again."
            onConfirm={async () => {
              await deactivate.mutateAsync();
              toast.success(ADMIN_USER_MESSAGES.deactivated);
            }}
          />
        )}
        <ConfirmAction
          triggerLabel="Sign out everywhere"
          title={`Sign ${user.name} out everywhere?`}
          description={
            self
              ? 'Every session of your account ends, this one too: you will have to sign in again.'
              : `Every session of ${user.name} ends on every device. The account stays usable: they can sign in again.`
          }
          confirmLabel="Sign out everywhere"
          pendingLabel="Signing out..."
          failureMessage="The sessions could not be ended. Please try again."
          onConfirm={async () => {
            const ended = await signOut.mutateAsync();
            toast.success(ADMIN_USER_MESSAGES.signedOut(ended));
          }}
        />
      </div>
      {self && !user.deactivatedAt && (
        <p className="text-sm text-ink-muted">You cannot deactivate your own account.</p>
      )}
    </Card>
  );
}

/** /admin/users/:id: one account, its role (with the club of a coordinator), deactivation and sessions (deviation 60). */
export function AdminUserPage() {
  const { id = '' } = useParams();
  const user = useAdminUser(id);
  const { data: session } = useSession();
  const timeZone = usePublicConfig().data?.timeZone;

  let body: ReactNode;
  if (user.isPending)
    body = <Spinner label="Loading the user..." visibleLabel size="lg" className="py-10" />;
  else if (user.isError) {
    const missing =
      user.error instanceof ApiError && (user.error.status === 404 || user.error.status === 400);
    body = (
      <>
        <PageHeader title="User" />
        <ErrorState
          message={missing ? ADMIN_USER_MESSAGES.userNotFound : ADMIN_USER_MESSAGES.userLoadFailed}
          {...(missing ? {} : { onRetry: () => void user.refetch(), retrying: user.isFetching })}
        />
      </>
    );
  } else {
    const data = user.data;
    body = (
      <>
        <PageHeader title={data.name} description={data.email} />
        <div className="grid min-w-0 gap-4 xl:grid-cols-2">
          <AccountDetails user={data} timeZone={timeZone ?? DEFAULT_TIME_ZONE} />
          <div className="flex min-w-0 flex-col gap-4">
            <Card aria-labelledby="role-heading" className="flex flex-col gap-3">
              <h2 id="role-heading" className="text-lg font-semibold text-ink">
                Role and club
              </h2>
              <p className="text-sm text-ink-muted">
                Only an account with a verified e-mail can hold a role other than Student. A club
                coordinator leads one club.
              </p>
              <RoleForm key={`${data.role}:${data.club?.id ?? ''}`} user={data} />
            </Card>
            <AccessActions user={data} self={session?.id === data.id} />
            {data.role === 'STUDENT' && <ErasureCard user={data} />}
          </div>
        </div>
      </>
    );
  }

  return (
    <div className="min-w-0">
      <BackLink to={paths.adminUsers}>Back to users</BackLink>
      {body}
    </div>
  );
}
