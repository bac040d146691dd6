import { useMutation } from '@tanstack/react-query';
import { MyPositionResponseSchema, type DeclarePositionRequest } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';
import { useRefreshOwnRecord } from '../../../lib/own-record';

/** POST /api/me/positions: the student declares a position they hold; an official verifies it later. */
function declarePosition(body: DeclarePositionRequest) {
  return api.post(apiPaths.myPositions, body, { schema: MyPositionResponseSchema });
}

export function useDeclarePosition() {
  const refreshOwnRecord = useRefreshOwnRecord();
  return useMutation({
    mutationFn: declarePosition,
    onSuccess: refreshOwnRecord,
  });
}
