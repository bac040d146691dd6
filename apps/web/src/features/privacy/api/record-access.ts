import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { RecordAccessListSchema } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { privacyPaths } from './privacy-paths';
import { privacyKey } from './choices';

/** GET /api/me/record-access: who opened my record, newest first, ten at a time. */
export const useRecordAccess = (page: number) =>
  useQuery({
    queryKey: [...privacyKey, 'record-access', page] as const,
    queryFn: ({ signal }) =>
      api.get(`${privacyPaths.recordAccess}?page=${page}&pageSize=10`, {
        schema: RecordAccessListSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
