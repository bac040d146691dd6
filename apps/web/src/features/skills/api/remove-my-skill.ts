import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';
import { useRefreshOwnRecord } from '../../../lib/own-record';

/** DELETE /api/me/skills/{id}: drops one of the student's unendorsed skills (an endorsed one answers 409). */
function removeMySkill(id: string): Promise<void> {
  return api.delete(apiPaths.mySkill(id));
}

export function useRemoveMySkill() {
  const refreshOwnRecord = useRefreshOwnRecord();
  return useMutation({
    mutationFn: removeMySkill,
    onSuccess: refreshOwnRecord,
  });
}
