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
import { apiPaths } from '../../../lib/api-paths';
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
      ? api.put(apiPaths.clubFollow(unitId), undefined, { schema: FollowSchema })
      : api.delete(apiPaths.clubFollow(unitId), { schema: FollowSchema }),
  );

/** POST /api/clubs/{unitId}/join-requests: asks to join, with the answer to the club's question. */
export const useAskToJoin = (unitId: string) =>
  useClubMutation(
    async (answer: string | null): Promise<JoinRequest> =>
      (
        await api.post(
          apiPaths.clubJoinRequests(unitId),
          { answer },
          { schema: JoinRequestResponseSchema },
        )
      ).request,
  );

/** DELETE /api/clubs/{unitId}/join-requests/mine: withdraws the reader's waiting request. */
export const useWithdrawRequest = (unitId: string) =>
  useClubMutation(
    async (): Promise<JoinRequest> =>
      (await api.delete(apiPaths.myClubJoinRequest(unitId), { schema: JoinRequestResponseSchema }))
        .request,
  );

/** POST /api/me/club-invitations/{id}/decision: accepts or declines the club's invitation. */
export const useInvitationDecision = (invitationId: string) =>
  useClubMutation(
    async (decision: 'accept' | 'decline'): Promise<JoinRequest> =>
      (
        await api.post(
          apiPaths.clubInvitationDecision(invitationId),
          { decision },
          { schema: JoinRequestResponseSchema },
        )
      ).request,
  );

/** DELETE /api/clubs/{unitId}/membership: the reader leaves the club. */
export const useLeaveClub = (unitId: string) =>
  useClubMutation(
    async (): Promise<Membership> =>
      (await api.delete(apiPaths.clubMembership(unitId), { schema: MembershipResponseSchema }))
        .membership,
  );
