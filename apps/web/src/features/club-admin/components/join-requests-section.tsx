import { type JoinRequest } from '@cosa/contracts';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { formatDate } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useDecideJoinRequest, usePendingJoinRequests } from '../api/club-members';
import { CLUB_ADMIN_TEXTS, refusalOf } from '../club-admin-texts';
import { ReasonDialog } from './reason-dialog';
import { useOneAtATime } from '../../../lib/one-at-a-time';

const who = (request: JoinRequest) =>
  request.student.studentId
    ? `${request.student.name} (${request.student.studentId})`
    : request.student.name;

function RequestCard({ unitId, request }: { unitId: string; request: JoinRequest }) {
  const decide = useDecideJoinRequest(unitId);
  const once = useOneAtATime();
  // Said once the request is answered, when its card has already left the list.
  const accept = () =>
    once(() =>
      decide.mutateAsync({ id: request.id, decision: 'accept' }).then(
        () => toast.success(`${request.student.name} is now a member.`),
        (error: unknown) => toast.error(refusalOf(error, CLUB_ADMIN_TEXTS.decisionFailed)),
      ),
    );
  return (
    <article
      aria-label={`Request from ${request.student.name}`}
      className="flex min-w-0 flex-col gap-2 rounded-card border border-line-soft p-4"
    >
      <h3 className="text-base font-semibold break-words text-ink">{who(request)}</h3>
      <p className="text-sm text-ink-muted">Asked on {formatDate(request.createdAt)}</p>
      {request.question && (
        <dl className="flex flex-col gap-1 text-sm">
          <dt className="font-medium break-words text-ink-muted">{request.question}</dt>
          <dd className="break-words whitespace-pre-line text-ink">
            {request.answer ?? 'No answer given.'}
          </dd>
        </dl>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          aria-label={`Accept ${request.student.name}`}
          loading={decide.isPending}
          loadingText="Accepting..."
          onClick={() => void accept()}
        >
          Accept
        </Button>
        <ReasonDialog
          triggerLabel="Decline"
          triggerAriaLabel={`Decline ${request.student.name}`}
          title={`Decline ${request.student.name}'s request?`}
          description="The student is told, with your reason. They may ask again later."
          confirmLabel="Decline"
          pendingLabel="Declining..."
          onConfirm={async (reason) => {
            await decide.mutateAsync({ id: request.id, decision: 'decline', reason });
            toast.success(`${request.student.name}'s request was declined.`);
          }}
          failureMessage={CLUB_ADMIN_TEXTS.decisionFailed}
        />
      </div>
    </article>
  );
}

/** The requests waiting for the coordinator's answer, oldest first, and the invitations the students have not answered yet. */
export function JoinRequestsSection({ unitId }: { unitId: string }) {
  const requests = usePendingJoinRequests(unitId);
  if (requests.isPending)
    return <Spinner label={CLUB_ADMIN_TEXTS.requestsLoading} visibleLabel className="py-6" />;
  if (requests.isError)
    return (
      <ErrorState
        message={CLUB_ADMIN_TEXTS.requestsLoadFailed}
        onRetry={() => void requests.refetch()}
        retrying={requests.isFetching}
      />
    );
  const asked = requests.data.filter((request) => request.kind === 'request');
  const invited = requests.data.filter((request) => request.kind === 'invitation');
  return (
    <div className="flex flex-col gap-4">
      {asked.length === 0 ? (
        <EmptyState title={CLUB_ADMIN_TEXTS.noRequests} />
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {asked.map((request) => (
            <li key={request.id} className="min-w-0">
              <RequestCard unitId={unitId} request={request} />
            </li>
          ))}
        </ul>
      )}
      {invited.length > 0 && (
        <div>
          <h3 className="text-base font-semibold text-ink">Invitations not answered yet</h3>
          <ul className="mt-2 flex flex-col gap-1 text-sm text-ink">
            {invited.map((invitation) => (
              <li key={invitation.id} className="break-words">
                {who(invitation)}, invited on {formatDate(invitation.createdAt)}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
