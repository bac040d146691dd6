import { ErrorState } from '../components/ui/error-state';
import { useSession } from '../lib/session';

/** Shown when the session check itself fails, so nobody is sent to sign in by mistake. */
export function SessionError() {
  const { refetch, isFetching } = useSession();
  return (
    <div className="mx-auto max-w-lg py-12">
      <ErrorState
        message="We could not check whether you are signed in. Check your connection and try again."
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    </div>
  );
}
