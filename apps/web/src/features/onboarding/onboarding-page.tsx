import { Navigate } from 'react-router';
import { AUTH_MESSAGES, isOnboarded, landingRouteFor, type SessionUser } from '@cosa/contracts';
import { Card } from '../../components/ui/card';
import { ErrorState } from '../../components/ui/error-state';
import { Spinner } from '../../components/ui/spinner';
import { TextLink } from '../../components/ui/text-link';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { useOnboardingFacts } from './api/onboarding-facts';
import { OnboardingForm } from './onboarding-form';

/** The form once the facts the institute holds are known: those are shown, not asked. */
function OnboardingBody({ user }: { user: SessionUser }) {
  const facts = useOnboardingFacts();
  if (facts.isPending)
    return <Spinner label="Loading your registration..." visibleLabel className="py-6" />;
  if (facts.isError)
    return (
      <ErrorState
        message={AUTH_MESSAGES.onboardingLoadFailed}
        onRetry={() => void facts.refetch()}
        retrying={facts.isFetching}
      />
    );
  return <OnboardingForm user={user} facts={facts.data} />;
}

/** /onboarding ('Student Registration'): a signed-in student completes their record once; others see their landing page. */
export function OnboardingPage() {
  const { data: user } = useSession();
  if (!user) return null;
  if (isOnboarded(user)) return <Navigate to={landingRouteFor(user)} replace />;
  return (
    <div className="mx-auto w-full max-w-2xl py-4 sm:py-8">
      <Card>
        <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">Student Registration</h1>
        <p className="mt-1 text-sm text-ink-muted">
          Complete your registration to start using the portal. Not you?{' '}
          <TextLink to={paths.logout}>Logout</TextLink>
        </p>
        <div className="mt-6">
          <OnboardingBody user={user} />
        </div>
      </Card>
    </div>
  );
}
