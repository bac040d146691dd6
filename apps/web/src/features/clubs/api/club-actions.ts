import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  FollowSchema,
  JoinRequestResponseSchema,
  MembershipResponseSchema,
  type Follow,
  type JoinRequest,
  type Membership,
} from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { clubPaths } from './club-paths';
import { clubsKey } from './get-clubs';

/**
 * A change of the reader's standing with a club; the directory and the club's page load again
 * after (not awaited: the caller's own success step runs while the page still shows the action).
 */
function useClubMutation<Variables, Result>(call: (variables: Variables) => Promise<Result>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => void client.invalidateQueries({ queryKey: clubsKey }),
  });
}

/** PUT (follow) or DELETE (stop following) /api/clubs/{unitId}/follow. */
export const useFollow = (unitId: string) =>
  useClubMutation((follow: boolean): Promise<Follow> =>
    follow
      ? api.put(clubPaths.follow(unitId), undefined, { schema: FollowSchema })
      : api.delete(clubPaths.follow(unitId), { schema: FollowSchema }),
  );

/** POST /api/clubs/{unitId}/join-requests: asks to join, with the answer to the club's question. */
export const useAskToJoin = (unitId: string) =>
  useClubMutation(
    async (answer: string | null): Promise<JoinRequest> =>
      (await api.post(clubPaths.joinRequests(unitId), { answer }, { schema: JoinRequestResponseSchema }))
        .request,
  );

/** DELETE /api/clubs/{unitId}/join-requests/mine: withdraws the reader's waiting request. */
export const useWithdrawRequest = (unitId: string) =>
  useClubMutation(
    async (): Promise<JoinRequest> =>
      (await api.delete(clubPaths.myJoinRequest(unitId), { schema: JoinRequestResponseSchema })).request,
  );

/** POST /api/me/club-invitations/{id}/decision: accepts or declines the club's invitation. */
export const useInvitationDecision = (invitationId: string) =>
  useClubMutation(
    async (decision: 'accept' | 'decline'): Promise<JoinRequest> =>
      (
        await api.post(
          clubPaths.invitationDecision(invitationId),
          { decision },
          { schema: JoinRequestResponseSchema },
        )
      ).request,
  );

/** DELETE /api/clubs/{unitId}/membership: the reader leaves the club. */
export const useLeaveClub = (unitId: string) =>
  useClubMutation(
    async (): Promise<Membership> =>
      (await api.delete(clubPaths.membership(unitId), { schema: MembershipResponseSchema })).membership,
  );
