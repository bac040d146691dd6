import { useMutation } from '@tanstack/react-query';
import { AchievementResponseSchema, type EditAchievementRequest } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';
import { useRefreshOwnRecord } from '../../../lib/own-record';

type EditAchievement = { id: string; body: EditAchievementRequest };

/** PATCH /api/me/achievements/:id: edits a pending achievement, or corrects and resends a declined one. */
function editAchievement({ id, body }: EditAchievement) {
  return api.patch(`${apiPaths.myAchievements}/${id}`, body, { schema: AchievementResponseSchema });
}

export function useEditAchievement() {
  const refreshOwnRecord = useRefreshOwnRecord();
  return useMutation({ mutationFn: editAchievement, onSuccess: refreshOwnRecord });
}

/** DELETE /api/me/achievements/:id: withdraws a pending or declined achievement. */
function withdrawAchievement(id: string) {
  return api.delete(`${apiPaths.myAchievements}/${id}`);
}

export function useWithdrawAchievement() {
  const refreshOwnRecord = useRefreshOwnRecord();
  return useMutation({ mutationFn: withdrawAchievement, onSuccess: refreshOwnRecord });
}
