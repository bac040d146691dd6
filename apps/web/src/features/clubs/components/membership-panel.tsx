import {
  CLUB_PAGE_MESSAGES,
  JOIN_REQUEST_LAPSE_DAYS,
  MEMBERSHIP_MESSAGES,
  type ClubPage,
} from '@cosa/contracts';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useFollow, useInvitationDecision, useLeaveClub, useWithdrawRequest } from '../api/club-actions';
import { AskToJoinDialog } from './ask-to-join-dialog';
import { useOneAtATime } from '../../../lib/one-at-a-time';

const FAILED = 'That did not work. Check your connection and try again.';

/** The server's reason for a refusal, or a general line for a failure it did not explain. */
const failureOf = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : FAILED;

/** Follow or stop following: a toggle whose pressed state says the reader follows the club. */
function FollowButton({ club }: { club: ClubPage }) {
  const follow = useFollow(club.id);
  const following = club.following;
  return (
    <Button
      variant={following ? 'secondary' : 'primary'}
      aria-pressed={following}
      loading={follow.isPending}
      onClick={() =>
        follow.mutate(!following, {
          onSuccess: (answer) =>
            toast.success(
              answer.following ? CLUB_PAGE_MESSAGES.followed : CLUB_PAGE_MESSAGES.unfollowed,
            ),
          onError: (error) => toast.error(failureOf(error)),
        })
      }
    >
      {following ? 'Following' : 'Follow'}
    </Button>
  );
}

function Membership({ club }: { club: ClubPage }) {
  const leave = useLeaveClub(club.id);
  const membership = club.viewer.membership!;
  return (
    <>
      <p className="text-sm text-ink">
        Member since {formatDate(membership.startedAt)} · {membership.role}
      </p>
      <ConfirmDialog
        triggerLabel="Leave club"
        title={`Leave ${club.name}?`}
        description="Your membership ends today and stays on your record as a past period. To come back, you ask to join again."
        confirmation={{
          confirmLabel: 'Leave club',
          pendingLabel: 'Leaving...',
          failureMessage: FAILED,
          onConfirm: async () => {
            await leave.mutateAsync();
            toast.success(`You left ${club.name}.`);
          },
        }}
      />
    </>
  );
}

function Invitation({ club, invitationId }: { club: ClubPage; invitationId: string }) {
  const decide = useInvitationDecision(invitationId);
  const once = useOneAtATime();
  const answer = (decision: 'accept' | 'decline') =>
    void once(() =>
      decide.mutateAsync(decision).then(
        () =>
          toast.success(
            decision === 'accept' ? `You are now a member of ${club.name}.` : 'Invitation declined.',
          ),
        (error: unknown) => toast.error(failureOf(error)),
      ),
    );
  const busy = decide.isPending ? decide.variables : null;
  return (
    <>
      <p className="text-sm font-medium text-ink">You are invited to join {club.name}.</p>
      <div className="flex flex-wrap gap-2">
        <Button
          onClick={() => answer('accept')}
          loading={busy === 'accept'}
          disabled={busy === 'decline'}
          loadingText="Accepting..."
        >
          Accept
        </Button>
        <Button
          variant="secondary"
          onClick={() => answer('decline')}
          loading={busy === 'decline'}
          disabled={busy === 'accept'}
          loadingText="Declining..."
        >
          Decline
        </Button>
      </div>
    </>
  );
}

function PendingRequest({ club, sentAt }: { club: ClubPage; sentAt: string }) {
  const withdraw = useWithdrawRequest(club.id);
  const once = useOneAtATime();
  return (
    <>
      <p className="text-sm text-ink">
        <span className="font-medium">Request sent</span> on {formatDate(sentAt)}. The club's coordinator
        answers it; a request nobody answers in {JOIN_REQUEST_LAPSE_DAYS} days lapses.
      </p>
      <Button
        variant="secondary"
        loading={withdraw.isPending}
        loadingText="Withdrawing..."
        onClick={() =>
          void once(() =>
            withdraw.mutateAsync().then(
              () => toast.success('Request withdrawn.'),
              (error: unknown) => toast.error(failureOf(error)),
            ),
          )
        }
      >
        Withdraw request
      </Button>
    </>
  );
}

/** Where the reader stands with the club, and what they can do next. */
function Standing({ club }: { club: ClubPage }) {
  const { viewer } = club;
  if (viewer.membership) return <Membership club={club} />;
  if (viewer.invitation) return <Invitation club={club} invitationId={viewer.invitation.id} />;
  if (viewer.pendingRequest)
    return <PendingRequest club={club} sentAt={viewer.pendingRequest.createdAt} />;
  if (viewer.canAsk)
    return (
      <>
        <p className="text-sm text-ink">{club.name} is taking new members now.</p>
        <AskToJoinDialog club={club} />
      </>
    );
  if (club.kind === 'committee')
    return <p className="text-sm text-ink-muted">A council body takes no members through the portal.</p>;
  return <p className="text-sm text-ink-muted">{MEMBERSHIP_MESSAGES.notRecruiting}</p>;
}

/** The reader's membership, request or invitation, and following; nothing for someone with no student record. */
export function MembershipPanel({ club }: { club: ClubPage }) {
  const { viewer } = club;
  if (!viewer.canFollow && !viewer.membership && !viewer.invitation && !viewer.pendingRequest)
    return null;
  return (
    <Card aria-labelledby="club-membership-heading">
      <h2 id="club-membership-heading" className="mb-3 text-lg font-semibold text-ink">
        Membership
      </h2>
      <div className="flex flex-col items-start gap-3">
        <Standing club={club} />
        {viewer.canFollow && (
          <div className="flex flex-col items-start gap-1 border-t border-line-soft pt-3">
            <p className="text-sm text-ink-muted">
              Followers see the club's events in their calendar feed and on their home page.
            </p>
            <FollowButton club={club} />
          </div>
        )}
      </div>
    </Card>
  );
}
