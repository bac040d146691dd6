import { useMutation } from '@tanstack/react-query';
import { UserSkillResponseSchema, type AddUserSkillRequest } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';
import { useRefreshOwnRecord } from '../../../lib/own-record';

/** POST /api/me/skills: claims a catalogue skill, or a new one the student describes. */
function addMySkill(body: AddUserSkillRequest) {
  return api.post(apiPaths.mySkills, body, { schema: UserSkillResponseSchema });
}

export function useAddMySkill() {
  const refreshOwnRecord = useRefreshOwnRecord();
  return useMutation({
    mutationFn: addMySkill,
    onSuccess: refreshOwnRecord,
  });
}
