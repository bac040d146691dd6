import { ownRecordKey } from '../../../lib/own-record';
import { useQuery } from '@tanstack/react-query';
import { MyPositionListSchema, type MyPositionList } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';
import type { SelectOption } from '../../../components/ui/select';

const POSITIONS_PAGE_SIZE = 100;

/** GET /api/me/positions: the student's own positions, the only ones a skill may name. */
function getMyPositions(signal: AbortSignal): Promise<MyPositionList> {
  return api.get(`${apiPaths.myPositions}?pageSize=${POSITIONS_PAGE_SIZE}`, {
    schema: MyPositionListSchema,
    signal,
  });
}

/** One option per position held (a position held in several tenures is listed once). */
function positionOptions(list: MyPositionList): SelectOption[] {
  const byId = new Map<string, string>();
  for (const record of list.items)
    if (record.position && !byId.has(record.position.id))
      byId.set(record.position.id, record.position.title);
  return [...byId].map(([value, label]) => ({ value, label }));
}

/** The options of the Add Skill form's position select. */
export const useMyPositionOptions = () =>
  useQuery({
    queryKey: ownRecordKey('positions', 'skill-options'),
    queryFn: ({ signal }) => getMyPositions(signal),
    select: positionOptions,
  });
