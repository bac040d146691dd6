import { useMutation } from '@tanstack/react-query';
import { MyPositionResponseSchema, type EditPositionRequest } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';
import { useRefreshOwnRecord } from '../../../lib/own-record';

type EditPosition = { id: string; body: EditPositionRequest };

/** PATCH /api/me/positions/:id: edits a self-declared record, or corrects and resends a declined one. */
function editPosition({ id, body }: EditPosition) {
  return api.patch(`${apiPaths.myPositions}/${id}`, body, { schema: MyPositionResponseSchema });
}

export function useEditPosition() {
  const refreshOwnRecord = useRefreshOwnRecord();
  return useMutation({ mutationFn: editPosition, onSuccess: refreshOwnRecord });
}

/** DELETE /api/me/positions/:id: withdraws a self-declared or declined record. */
function withdrawPosition(id: string) {
  return api.delete(`${apiPaths.myPositions}/${id}`);
}

export function useWithdrawPosition() {
  const refreshOwnRecord = useRefreshOwnRecord();
  return useMutation({ mutationFn: withdrawPosition, onSuccess: refreshOwnRecord });
}
