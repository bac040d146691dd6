import { useMutation } from '@tanstack/react-query';
import { AchievementResponseSchema, type AddAchievementRequest } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';
import { useRefreshOwnRecord } from '../../../lib/own-record';

/** POST /api/me/achievements: the owner is the signed-in student; it waits for an official to verify it. */
function addAchievement(body: AddAchievementRequest) {
  return api.post(apiPaths.myAchievements, body, { schema: AchievementResponseSchema });
}

export function useAddAchievement() {
  const refreshOwnRecord = useRefreshOwnRecord();
  return useMutation({
    mutationFn: addAchievement,
    // Not only the list: the dashboard's counter and latest achievement are the student's data too.
    onSuccess: refreshOwnRecord,
  });
}
