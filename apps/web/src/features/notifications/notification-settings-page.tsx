import { DEFAULT_TIME_ZONE, normalizeRole, notificationKindsFor } from '@cosa/contracts';
import { BackLink } from '../../components/ui/back-link';
import { Card } from '../../components/ui/card';
import { ErrorState } from '../../components/ui/error-state';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../lib/paths';
import { usePublicConfig } from '../../lib/public-config';
import { useSession } from '../../lib/session';
import { usePreferences } from './api/get-preferences';
import { PreferencesForm } from './components/preferences-form';
import { PushCard } from './components/push-card';

/**
 * /notifications/settings: push on this device (decision 0042); per kind the user's role can be
 * sent, in the portal only, e-mail at once or a daily digest, and whether it is pushed; and the
 * digest's hour.
 */
export function NotificationSettingsPage() {
  const { data: user } = useSession();
  const preferences = usePreferences();
  const { data: config } = usePublicConfig();
  if (!user) return null;

  let body;
  if (preferences.isError)
    body = (
      <ErrorState
        message="Your notification settings could not be loaded. Check your connection and try again."
        onRetry={() => void preferences.refetch()}
        retrying={preferences.isFetching}
      />
    );
  else if (!preferences.data)
    body = <Spinner label="Loading your settings..." visibleLabel size="lg" className="py-10" />;
  else
    body = (
      <Card>
        <PreferencesForm
          preferences={preferences.data}
          kinds={notificationKindsFor(normalizeRole(user.role))}
          timeZone={config?.timeZone ?? DEFAULT_TIME_ZONE}
        />
      </Card>
    );

  return (
    <div className="mx-auto w-full max-w-3xl min-w-0">
      <title>Notification settings · COSA Portal</title>
      <BackLink to={paths.notifications}>Back to notifications</BackLink>
      <PageHeader
        title="Notification settings"
        description="Everything you are told appears in your notifications; choose which also come by e-mail, at once or gathered in one e-mail a day, and which are pushed to your devices."
      />
      <div className="flex flex-col gap-6">
        <PushCard />
        {body}
      </div>
    </div>
  );
}
